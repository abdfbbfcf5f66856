import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { getAccount } from '../db/accounts.ts';
import { sql } from '../db/index.ts';
import { RenderContext, type EmojiRow } from '../views/context.ts';
import { renderAccount } from '../views/account.ts';
import { hostOf } from '../views/html.ts';
import {
  API_VERSION,
  AVATAR_UPLOAD_LIMIT,
  BACKGROUND_UPLOAD_LIMIT,
  BANNER_UPLOAD_LIMIT,
  CHAT_LIMIT,
  DESCRIPTION_LIMIT,
  FIELDS_LIMITS,
  INSTANCE_DESCRIPTION,
  INSTANCE_EMAIL,
  INSTANCE_TITLE,
  MAX_MEDIA_ATTACHMENTS,
  MAX_STATUS_CHARS,
  MASTODON_VERSION,
  PLEROMA_VERSION,
  SOURCE_URL,
  IMAGE_MATRIX_LIMIT,
  POLL_LIMITS,
  SHOUT_LIMIT,
  UPLOAD_LIMIT,
} from './constants.ts';
import {
  FEATURES,
  FEDERATION,
  POST_FORMATS,
  RESTRICTED_NICKNAMES,
  SUPPORTED_MIME_TYPES,
  ensureVapidKey,
  instanceActivity,
  instancePeers,
  instanceStats,
  staffAccounts,
} from './instance-info.ts';
import {
  approvalRequired,
  birthdayRequired,
  invitesEnabled,
  registrationsOpen,
} from '../registration/settings.ts';

export const BACKGROUND_IMAGE = '/static/background.png';

function frontendConfigurations() {
  return {
    pleroma_fe: {
      alwaysShowSubjectInput: true,
      background: BACKGROUND_IMAGE,
      collapseMessageWithSubject: false,
      disableChat: false,
      greentext: false,
      hideFilteredStatuses: false,
      hideMutedPosts: false,
      hidePostStats: false,
      hideSitename: false,
      hideUserStats: false,
      loginMethod: 'password',
      logo: '/static/logo.svg',
      logoMargin: '.1em',
      logoMask: true,
      minimalScopesMode: false,
      noAttachmentLinks: false,
      nsfwCensorImage: '',
      postContentType: 'text/plain',
      redirectRootLogin: '/main/friends',
      redirectRootNoLogin: '/main/all',
      scopeCopy: true,
      sidebarRight: false,
      showFeaturesPanel: true,
      showInstanceSpecificPanel: true,
      subjectLineBehavior: 'email',
      theme: 'pleroma-dark',
      webPushNotifications: false,
    },
  };
}

export async function instanceRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;
  const host = hostOf(ctx.origin);
  const vapidKey = ensureVapidKey(db);

  const contactAccount = () => {
    const staff = staffAccounts(db);
    const admin = staff.length ? getAccount(db, staff[0]!.id) : undefined;
    return admin ? renderAccount(new RenderContext(ctx, null), admin) : null;
  };
  const configuration = () => ({
    urls: { streaming: ctx.origin.replace(/^http/, 'ws') },
    statuses: {
      max_characters: MAX_STATUS_CHARS,
      max_media_attachments: MAX_MEDIA_ATTACHMENTS,
      characters_reserved_per_url: 0,
    },
    media_attachments: {
      supported_mime_types: SUPPORTED_MIME_TYPES,
      image_size_limit: UPLOAD_LIMIT,
      image_matrix_limit: IMAGE_MATRIX_LIMIT,
      video_size_limit: UPLOAD_LIMIT,
      video_frame_rate_limit: 60,
      video_matrix_limit: IMAGE_MATRIX_LIMIT,
      description_limit: DESCRIPTION_LIMIT,
    },
    polls: {
      max_options: POLL_LIMITS.max_options,
      max_characters_per_option: POLL_LIMITS.max_option_chars,
      min_expiration: POLL_LIMITS.min_expiration,
      max_expiration: POLL_LIMITS.max_expiration,
    },
    accounts: {
      max_featured_tags: 0,
      max_pinned_statuses: 5,
      max_profile_fields: FIELDS_LIMITS.max_fields,
      profile_field_name_limit: FIELDS_LIMITS.name_length,
      profile_field_value_limit: FIELDS_LIMITS.value_length,
    },
    translation: { enabled: false },
  });
  const mastodonOnly = ctx.flavour === 'mastodon';
  // Who may sign up, as chosen at start (registration/settings.ts).
  const signUp = ctx.registration;
  const open = registrationsOpen(signUp);
  const approval = approvalRequired(signUp);
  const invites = invitesEnabled(signUp);
  const birthday = { required: birthdayRequired(signUp), minAge: signUp.birthdayMinAge };
  const version = mastodonOnly ? MASTODON_VERSION : API_VERSION;

  app.get('/api/v1/instance', async () => {
    const stats = instanceStats(db);
    const { urls, ...v1Configuration } = configuration();
    const base = {
      uri: host,
      title: INSTANCE_TITLE,
      short_description: INSTANCE_DESCRIPTION,
      description: INSTANCE_DESCRIPTION,
      version,
      email: INSTANCE_EMAIL,
      urls: { streaming_api: urls.streaming },
      stats: {
        user_count: stats.userCount,
        status_count: stats.statusCount,
        domain_count: stats.domainCount,
      },
      thumbnail: `${ctx.origin}/static/background.png`,
      languages: ['en'],
      registrations: open,
      approval_required: approval,
      invites_enabled: invites,
      configuration: v1Configuration,
      contact_account: contactAccount(),
      rules: [],
    };
    if (mastodonOnly) return base;
    return {
      ...base,
      max_toot_chars: MAX_STATUS_CHARS,
      max_media_attachments: MAX_MEDIA_ATTACHMENTS,
      poll_limits: POLL_LIMITS,
      upload_limit: UPLOAD_LIMIT,
      avatar_upload_limit: AVATAR_UPLOAD_LIMIT,
      background_upload_limit: BACKGROUND_UPLOAD_LIMIT,
      banner_upload_limit: BANNER_UPLOAD_LIMIT,
      description_limit: DESCRIPTION_LIMIT,
      chat_limit: CHAT_LIMIT,
      shout_limit: SHOUT_LIMIT,
      background_image: BACKGROUND_IMAGE,
      pleroma: {
        metadata: {
          account_activation_required: signUp.activationRequired,
          features: FEATURES,
          federation: FEDERATION,
          fields_limits: FIELDS_LIMITS,
          post_formats: POST_FORMATS,
          birthday_required: birthday.required,
          birthday_min_age: birthday.minAge,
        },
        stats: { mau: stats.activeMonth },
        vapid_public_key: vapidKey,
      },
    };
  });

  app.get('/api/v2/instance', async () => {
    const stats = instanceStats(db);
    return {
      domain: host,
      title: INSTANCE_TITLE,
      version,
      source_url: SOURCE_URL,
      description: INSTANCE_DESCRIPTION,
      usage: { users: { active_month: stats.activeMonth } },
      thumbnail: { url: `${ctx.origin}/static/background.png` },
      languages: ['en'],
      configuration: {
        ...configuration(),
        vapid: { public_key: vapidKey },
      },
      registrations: { enabled: open, approval_required: approval, message: null },
      contact: { email: INSTANCE_EMAIL, account: contactAccount() },
      rules: [],
      ...(mastodonOnly
        ? {}
        : {
            pleroma: {
              metadata: {
                features: FEATURES,
                federation: FEDERATION,
                fields_limits: FIELDS_LIMITS,
                post_formats: POST_FORMATS,
                account_activation_required: signUp.activationRequired,
                birthday_required: birthday.required,
                birthday_min_age: birthday.minAge,
              },
              vapid_public_key: vapidKey,
            },
          }),
    };
  });

  app.get('/api/v1/instance/peers', async () => instancePeers(db));
  app.get('/api/v1/instance/activity', async () => instanceActivity(db));

  app.get('/.well-known/nodeinfo', async () => ({
    links: [
      {
        href: `${ctx.origin}/nodeinfo/2.0.json`,
        rel: 'http://nodeinfo.diaspora.software/ns/schema/2.0',
      },
      {
        href: `${ctx.origin}/nodeinfo/2.1.json`,
        rel: 'http://nodeinfo.diaspora.software/ns/schema/2.1',
      },
    ],
  }));

  const nodeinfo = (schema: '2.0' | '2.1') => {
    const stats = instanceStats(db);
    return {
      version: schema,
      software: mastodonOnly
        ? { name: 'mastodon', version: MASTODON_VERSION }
        : {
            name: 'pleroma',
            ...(schema === '2.1'
              ? { repository: 'https://git.pleroma.social/pleroma/pleroma' }
              : {}),
            version: PLEROMA_VERSION,
          },
      protocols: ['activitypub'],
      services: { inbound: [], outbound: [] },
      openRegistrations: open,
      usage: {
        users: {
          total: stats.userCount,
          activeMonth: stats.activeMonth,
          activeHalfyear: stats.activeHalfyear,
        },
        localPosts: stats.statusCount,
      },
      metadata: mastodonOnly
        ? {}
        : {
            nodeName: INSTANCE_TITLE,
            nodeDescription: INSTANCE_DESCRIPTION,
            private: false,
            suggestions: { enabled: true },
            staffAccounts: staffAccounts(db).map((a) => `${ctx.origin}/users/${a.nickname}`),
            federation: FEDERATION,
            pollLimits: POLL_LIMITS,
            postFormats: POST_FORMATS,
            uploadLimits: {
              general: UPLOAD_LIMIT,
              avatar: AVATAR_UPLOAD_LIMIT,
              banner: BANNER_UPLOAD_LIMIT,
              background: BACKGROUND_UPLOAD_LIMIT,
            },
            fieldsLimits: {
              maxFields: FIELDS_LIMITS.max_fields,
              maxRemoteFields: FIELDS_LIMITS.max_remote_fields,
              nameLength: FIELDS_LIMITS.name_length,
              valueLength: FIELDS_LIMITS.value_length,
            },
            accountActivationRequired: signUp.activationRequired,
            invitesEnabled: invites,
            // The mailer writes to <dataDir>/outbox (registration/outbox.ts).
            mailerEnabled: true,
            features: FEATURES,
            restrictedNicknames: RESTRICTED_NICKNAMES,
            skipThreadContainment: true,
            birthdayRequired: birthday.required,
            birthdayMinAge: birthday.minAge,
          },
    };
  };
  app.get('/nodeinfo/2.0.json', async () => nodeinfo('2.0'));
  app.get('/nodeinfo/2.1.json', async () => nodeinfo('2.1'));
  app.get('/nodeinfo/2.0', async () => nodeinfo('2.0'));
  app.get('/nodeinfo/2.1', async () => nodeinfo('2.1'));

  app.get('/api/pleroma/frontend_configurations', async () => frontendConfigurations());

  const emojiRows = () =>
    sql(db, 'SELECT * FROM custom_emojis ORDER BY shortcode').all() as EmojiRow[];
  const pleromaEmoji = async () =>
    Object.fromEntries(
      emojiRows().map((e) => [
        e.shortcode,
        { image_url: `/emoji/custom/${e.file_name}`, tags: [e.category] },
      ]),
    );
  app.get('/api/pleroma/emoji.json', pleromaEmoji);
  app.get('/api/pleroma/emoji', pleromaEmoji);
  app.get('/api/v1/pleroma/emoji', pleromaEmoji);
  app.get('/api/v1/custom_emojis', async () => {
    const rc = new RenderContext(ctx, null);
    return rc.emojisFor(emojiRows().map((e) => e.shortcode));
  });
}
