import type { Account, FieldsLimits, Instance, PollLimits, ServerFlavour } from '../types.ts';
import { AccountSchema } from './account.ts';
import {
  block,
  bool,
  entity,
  entitySchema,
  list,
  nnum,
  nstr,
  num,
  obj,
  opt,
  record,
  reject,
  required,
  str,
  strList,
  textValue,
  chooseSchema,
  type Output,
  type Schema,
} from './fields.ts';
import { makeParser } from './parse.ts';
import { RuleSchema } from './rule.ts';
import { DEFAULT_MAX_MEDIA_ATTACHMENTS, DEFAULT_MAX_STATUS_CHARS } from './instanceDefaults.ts';

export { DEFAULT_MAX_MEDIA_ATTACHMENTS, DEFAULT_MAX_STATUS_CHARS };
export const DEFAULT_POLL_LIMITS: PollLimits = {
  maxOptions: 4,
  maxOptionChars: 50,
  minExpiration: 300,
  maxExpiration: 2629746,
};
export const DEFAULT_UPLOAD_LIMIT = 16_000_000;

export function flavourOf(version: string, hasPleromaBlock: boolean): ServerFlavour {
  if (/akkoma/i.test(version)) return 'akkoma';
  if (/pleroma/i.test(version) || hasPleromaBlock) return 'pleroma';
  if (/^\d+\.\d+/.test(version)) return 'mastodon';
  return 'other';
}

const fieldsLimits = block({
  max_fields: num(),
  max_remote_fields: num(),
  name_length: num(),
  value_length: num(),
});

// Pleroma's `pleroma` object; v2 moves the upload and text limits into metadata.
const pleromaBlock = block({
  metadata: block({
    features: strList(),
    federation: record(),
    fields_limits: fieldsLimits,
    post_formats: strList(),
    birthday_required: bool(),
    birthday_min_age: num(),
    account_activation_required: bool(),
    upload_limit: opt(nnum()),
    avatar_upload_limit: opt(nnum()),
    background_upload_limit: opt(nnum()),
    banner_upload_limit: opt(nnum()),
    background_image: opt(nstr()),
    description_limit: opt(nnum()),
    chat_limit: opt(nnum()),
    shout_limit: opt(nnum()),
  }),
  vapid_public_key: opt(nstr()),
});

const pollLimitsV1 = block({
  max_options: num(),
  max_option_chars: num(),
  min_expiration: num(),
  max_expiration: num(),
});

const configuration = block({
  statuses: opt(block({ max_characters: opt(nnum()), max_media_attachments: opt(nnum()) })),
  media_attachments: opt(
    block({
      image_size_limit: opt(nnum()),
      video_size_limit: opt(nnum()),
      description_limit: opt(nnum()),
    }),
  ),
  polls: opt(
    block({
      max_options: opt(nnum()),
      max_characters_per_option: opt(nnum()),
      min_expiration: opt(nnum()),
      max_expiration: opt(nnum()),
    }),
  ),
  // Mastodon names its profile-field limits here; Pleroma in pleroma.metadata.fields_limits.
  accounts: opt(
    block({
      max_profile_fields: opt(nnum()),
      profile_field_name_limit: opt(nnum()),
      profile_field_value_limit: opt(nnum()),
    }),
  ),
  urls: opt(block({ streaming: opt(nstr()) })),
  vapid: opt(block({ public_key: opt(nstr()) })),
  // Glitch-style forks advertise emoji reactions here.
  reactions: opt(block({ max_reactions: opt(nnum()) })),
});

type Configuration = Output<ReturnType<typeof configuration>>;
type PleromaBlock = Output<ReturnType<typeof pleromaBlock>>;

const v1Raw = obj('Instance', {
  uri: str(),
  title: str(),
  short_description: opt(str()),
  description: str(),
  email: str(),
  version: str(),
  urls: block({ streaming_api: nstr() }),
  stats: block({ user_count: num(), status_count: num(), domain_count: num() }),
  thumbnail: nstr(),
  languages: strList(),
  registrations: bool(),
  approval_required: bool(),
  invites_enabled: opt(bool()),
  configuration: opt(configuration),
  contact_account: opt(entity((): Schema<Account> => AccountSchema)),
  rules: opt(list('Rule', () => RuleSchema)),
  // Fedibird lists its extensions here ('emoji_reaction' among them).
  fedibird_capabilities: opt(strList()),
  // Pleroma's additions
  max_toot_chars: nnum(),
  max_media_attachments: nnum(),
  poll_limits: pollLimitsV1,
  upload_limit: nnum(),
  avatar_upload_limit: nnum(),
  background_upload_limit: nnum(),
  banner_upload_limit: nnum(),
  background_image: nstr(),
  description_limit: nnum(),
  chat_limit: nnum(),
  shout_limit: nnum(),
  pleroma: pleromaBlock,
});

const thumbnailRaw = obj('InstanceThumbnail', { url: required(() => textValue) });

const v2Raw = obj('InstanceV2', {
  domain: str(),
  title: str(),
  version: str(),
  description: str(),
  usage: block({ users: block({ active_month: num() }) }),
  thumbnail: opt(entity(() => thumbnailRaw)),
  languages: strList(),
  configuration,
  registrations: block({ enabled: bool(), approval_required: bool() }),
  contact: block({ email: str(), account: opt(entity((): Schema<Account> => AccountSchema)) }),
  rules: list('Rule', () => RuleSchema),
  fedibird_capabilities: opt(strList()),
  // Mastodon 4.3+ numbers its client API here; other servers copy it to say what they implement.
  api_versions: opt(block({ mastodon: opt(nnum()) })),
  pleroma: opt(pleromaBlock),
});

function pollLimitsFrom(config: Configuration, v1?: PollLimits | null): PollLimits {
  const polls = config.polls;
  return {
    maxOptions: v1?.maxOptions ?? polls.max_options ?? DEFAULT_POLL_LIMITS.maxOptions,
    maxOptionChars:
      v1?.maxOptionChars ?? polls.max_characters_per_option ?? DEFAULT_POLL_LIMITS.maxOptionChars,
    minExpiration: v1?.minExpiration ?? polls.min_expiration ?? DEFAULT_POLL_LIMITS.minExpiration,
    maxExpiration: v1?.maxExpiration ?? polls.max_expiration ?? DEFAULT_POLL_LIMITS.maxExpiration,
  };
}

/** What the Mastodon-style documents say of polls and reactions (no Pleroma feature list there). */
function advertised(c: Configuration, capabilities: string[]) {
  return {
    pollsConfigured: c.polls.max_options !== null && c.polls.max_options !== undefined,
    reactionsAdvertised:
      capabilities.includes('emoji_reaction') || (c.reactions.max_reactions ?? 0) > 0,
  };
}

/** The profile-field limits a server declares, Pleroma's or Mastodon's; null when it names none. */
function fieldsLimitsOf(p: PleromaBlock, c: Configuration): FieldsLimits | null {
  const pleroma = p.metadata.fields_limits;
  if (pleroma.max_fields || pleroma.name_length) {
    return {
      maxFields: pleroma.max_fields,
      maxRemoteFields: pleroma.max_remote_fields,
      nameLength: pleroma.name_length,
      valueLength: pleroma.value_length,
    };
  }
  const mastodon = c.accounts;
  if (!mastodon.max_profile_fields) return null;
  return {
    maxFields: mastodon.max_profile_fields,
    maxRemoteFields: 0,
    nameLength: mastodon.profile_field_name_limit ?? 0,
    valueLength: mastodon.profile_field_value_limit ?? 0,
  };
}

function metadataPart(p: PleromaBlock, c: Configuration) {
  const m = p.metadata;
  return {
    features: m.features,
    federation: m.federation,
    fieldsLimits: fieldsLimitsOf(p, c),
    postFormats: m.post_formats,
    birthdayRequired: m.birthday_required,
    birthdayMinAge: m.birthday_min_age,
    accountActivationRequired: m.account_activation_required,
  };
}

const V1Schema = entitySchema(v1Raw, (r, ctx): Instance => {
  if (!r.uri && !r.title) return reject(ctx, 'instance without uri or title');
  const c = r.configuration;
  const p = r.pleroma;
  const m = p.metadata;
  const hasPoll = r.poll_limits.max_options > 0;
  const v1Poll = hasPoll
    ? {
        maxOptions: r.poll_limits.max_options,
        maxOptionChars: r.poll_limits.max_option_chars,
        minExpiration: r.poll_limits.min_expiration,
        maxExpiration: r.poll_limits.max_expiration,
      }
    : null;
  return {
    uri: r.uri,
    title: r.title,
    description: r.description,
    shortDescription: r.short_description,
    email: r.email,
    version: r.version,
    flavour: flavourOf(r.version, p.metadata.features.length > 0),
    languages: r.languages,
    registrations: r.registrations,
    approvalRequired: r.approval_required,
    invitesEnabled: r.invites_enabled,
    thumbnail: r.thumbnail,
    streamingUrl: r.urls.streaming_api,
    userCount: r.stats.user_count,
    statusCount: r.stats.status_count,
    domainCount: r.stats.domain_count,
    maxStatusChars: r.max_toot_chars ?? c.statuses.max_characters ?? DEFAULT_MAX_STATUS_CHARS,
    maxMediaAttachments:
      r.max_media_attachments ?? c.statuses.max_media_attachments ?? DEFAULT_MAX_MEDIA_ATTACHMENTS,
    pollLimits: pollLimitsFrom(c, v1Poll),
    uploadLimit:
      r.upload_limit ??
      m.upload_limit ??
      c.media_attachments.image_size_limit ??
      DEFAULT_UPLOAD_LIMIT,
    avatarUploadLimit: r.avatar_upload_limit ?? m.avatar_upload_limit,
    backgroundUploadLimit: r.background_upload_limit ?? m.background_upload_limit,
    bannerUploadLimit: r.banner_upload_limit ?? m.banner_upload_limit,
    descriptionLimit:
      r.description_limit ?? m.description_limit ?? c.media_attachments.description_limit,
    chatLimit: r.chat_limit ?? m.chat_limit,
    shoutLimit: r.shout_limit ?? m.shout_limit,
    backgroundImage: r.background_image ?? m.background_image,
    vapidPublicKey: p.vapid_public_key ?? c.vapid.public_key,
    contactAccount: r.contact_account,
    rules: r.rules,
    ...advertised(c, r.fedibird_capabilities),
    // Pleroma's v1 names its poll limits outside `configuration`.
    ...(hasPoll ? { pollsConfigured: true } : {}),
    mastodonApiVersion: null,
    ...metadataPart(p, c),
  };
});

const V2Schema = entitySchema(v2Raw, (r, ctx): Instance => {
  if (!r.domain) return reject(ctx, 'instance without domain');
  const c = r.configuration;
  const p = r.pleroma;
  const m = p.metadata;
  return {
    uri: r.domain,
    title: r.title,
    description: r.description,
    shortDescription: '',
    email: r.contact.email,
    version: r.version,
    flavour: flavourOf(r.version, m.features.length > 0),
    languages: r.languages,
    registrations: r.registrations.enabled,
    approvalRequired: r.registrations.approval_required,
    invitesEnabled: false,
    thumbnail: r.thumbnail?.url ?? null,
    streamingUrl: c.urls.streaming,
    userCount: r.usage.users.active_month,
    statusCount: 0,
    domainCount: 0,
    maxStatusChars: c.statuses.max_characters ?? DEFAULT_MAX_STATUS_CHARS,
    maxMediaAttachments: c.statuses.max_media_attachments ?? DEFAULT_MAX_MEDIA_ATTACHMENTS,
    pollLimits: pollLimitsFrom(c),
    uploadLimit: m.upload_limit ?? c.media_attachments.image_size_limit ?? DEFAULT_UPLOAD_LIMIT,
    avatarUploadLimit: m.avatar_upload_limit,
    backgroundUploadLimit: m.background_upload_limit,
    bannerUploadLimit: m.banner_upload_limit,
    descriptionLimit: m.description_limit ?? c.media_attachments.description_limit,
    chatLimit: m.chat_limit,
    shoutLimit: m.shout_limit,
    backgroundImage: m.background_image,
    vapidPublicKey: p.vapid_public_key ?? c.vapid.public_key,
    contactAccount: r.contact.account,
    rules: r.rules,
    ...advertised(c, r.fedibird_capabilities),
    mastodonApiVersion: r.api_versions?.mastodon ?? null,
    ...metadataPart(p, c),
  };
});

const isV2 = (raw: unknown) =>
  !!raw && typeof raw === 'object' && 'domain' in raw && !('uri' in raw);

/** GET /api/v1/instance or /api/v2/instance: both become the same Instance. */
export const InstanceSchema: Schema<Instance> = chooseSchema((raw) =>
  isV2(raw) ? V2Schema : V1Schema,
);

export const parseInstance = makeParser('Instance', InstanceSchema);
