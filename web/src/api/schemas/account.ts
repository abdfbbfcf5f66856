import type {
  Account,
  AccountField,
  AccountSource,
  Privilege,
  Relationship,
  Role,
  Visibility,
} from '../types.ts';
import {
  block,
  bool,
  entity,
  entitySchema,
  id,
  list,
  nbool,
  nstr,
  num,
  obj,
  opt,
  record,
  report,
  str,
  strList,
  unknownValue,
  type Schema,
} from './fields.ts';
import { CustomEmojiSchema } from './emoji.ts';
import { makeListParser, makeParser } from './parse.ts';
import { RelationshipSchema } from './relationship.ts';

export const ALL_PRIVILEGES: readonly Privilege[] = [
  'users_read',
  'users_manage_invites',
  'users_manage_activation_state',
  'users_manage_tags',
  'users_manage_credentials',
  'users_delete',
  'messages_read',
  'messages_delete',
  'instances_delete',
  'reports_manage_reports',
  'moderation_log_read',
  'announcements_manage_announcements',
  'emoji_manage_emoji',
  'statistics_read',
];

export const MODERATOR_PRIVILEGES: readonly Privilege[] = [
  'messages_delete',
  'reports_manage_reports',
];

const VISIBILITIES: readonly string[] = [
  'public',
  'unlisted',
  'private',
  'direct',
  'list',
  'local',
];

export function roleOf(isAdmin: boolean, isModerator: boolean): Role {
  if (isAdmin) return 'admin';
  if (isModerator) return 'moderator';
  return 'member';
}

/** Spec part 1 §6: the server's list when it sends one, otherwise derived from the role. */
export function derivePrivileges(role: Role, supplied: string[] | null): Privilege[] {
  if (supplied)
    return supplied.filter((p): p is Privilege =>
      (ALL_PRIVILEGES as readonly string[]).includes(p),
    );
  if (role === 'admin') return [...ALL_PRIVILEGES];
  if (role === 'moderator') return [...MODERATOR_PRIVILEGES];
  return [];
}

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

const fieldRaw = obj('AccountField', { name: str(), value: str(), verified_at: opt(nstr()) });

export const AccountFieldSchema = entitySchema(fieldRaw, (r): AccountField => ({
  name: r.name,
  value: r.value,
  verifiedAt: r.verified_at,
}));

export const parseAccountField = makeParser('AccountField', AccountFieldSchema);

const sourceRaw = obj('AccountSource', {
  note: str(),
  fields: list('AccountField', () => AccountFieldSchema),
  privacy: opt(nstr()),
  sensitive: bool(),
  language: opt(nstr()),
  follow_requests_count: opt(num()),
  pleroma: opt(
    block({
      show_role: opt(nbool()),
      no_rich_text: opt(nbool()),
      discoverable: opt(nbool()),
      actor_type: opt(nstr()),
      show_birthday: opt(nbool()),
    }),
  ),
});

const SourceSchema = entitySchema(sourceRaw, (r): AccountSource => ({
  note: r.note,
  fields: r.fields,
  privacy: r.privacy && VISIBILITIES.includes(r.privacy) ? (r.privacy as Visibility) : null,
  sensitive: r.sensitive,
  language: r.language || null,
  followRequestsCount: r.follow_requests_count,
  showRole: r.pleroma.show_role,
  noRichText: r.pleroma.no_rich_text,
  discoverable: r.pleroma.discoverable,
  actorType: r.pleroma.actor_type,
  showBirthday: r.pleroma.show_birthday,
}));

const raw = obj('Account', {
  id: id(),
  username: str(),
  acct: str(),
  display_name: str(),
  note: str(),
  url: str(),
  avatar: str(),
  avatar_static: str(),
  avatar_description: opt(str()),
  header: str(),
  header_static: str(),
  header_description: opt(str()),
  locked: opt(nbool()),
  is_locked: opt(nbool()),
  bot: bool(),
  group: opt(bool()),
  discoverable: opt(nbool()),
  suspended: opt(bool()),
  created_at: str(),
  last_status_at: opt(nstr()),
  followers_count: num(),
  following_count: num(),
  statuses_count: num(),
  follow_requests_count: opt(num()),
  emojis: list('CustomEmoji', () => CustomEmojiSchema),
  fields: list('AccountField', () => AccountFieldSchema),
  moved: opt(entity((): Schema<Account> => AccountSchema)),
  source: opt(entity(() => SourceSchema)),
  pleroma: block({
    ap_id: nstr(),
    background_image: nstr(),
    tags: strList(),
    relationship: opt(unknownValue()),
    is_admin: opt(bool()),
    is_moderator: opt(bool()),
    privileges: opt(unknownValue()),
    is_confirmed: opt(nbool()),
    confirmation_pending: opt(nbool()),
    hide_favorites: bool(),
    hide_followers: bool(),
    hide_follows: bool(),
    hide_followers_count: bool(),
    hide_follows_count: bool(),
    skip_thread_containment: bool(),
    settings_store: opt(record()),
    chat_token: opt(nstr()),
    deactivated: opt(bool()),
    allow_following_move: opt(bool(true)),
    unread_conversation_count: opt(num()),
    unread_notifications_count: opt(num()),
    notification_settings: opt(unknownValue()),
    accepts_chat_messages: opt(nbool()),
    favicon: opt(nstr()),
    birthday: opt(nstr()),
    avatar_description: opt(str()),
    header_description: opt(str()),
  }),
  akkoma: opt(unknownValue()),
});

function readRelationship(value: unknown): Relationship | null {
  if (value === undefined || value === null) return null;
  // Pleroma sends {} when nobody is signed in.
  if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)
    return null;
  const parsed = RelationshipSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  report('Account.pleroma.relationship');
  return null;
}

function readPrivileges(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.filter((p): p is string => typeof p === 'string');
  report('Account.pleroma.privileges');
  return null;
}

function readNotificationSettings(value: unknown): Account['notificationSettings'] {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  return {
    blockFromStrangers: v.block_from_strangers === true,
    hideNotificationContents: v.hide_notification_contents === true,
  };
}

function readAkkoma(value: unknown): Account['akkoma'] {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const instance =
    v.instance && typeof v.instance === 'object' ? (v.instance as Record<string, unknown>) : {};
  const text = (x: unknown) => (typeof x === 'string' ? x : null);
  return {
    instanceName: text(instance.name),
    instanceFavicon: text(instance.favicon),
    statusTtlDays: typeof v.status_ttl_days === 'number' ? v.status_ttl_days : null,
    permitFollowback: typeof v.permit_followback === 'boolean' ? v.permit_followback : null,
  };
}

export const AccountSchema: Schema<Account> = entitySchema(raw, (r): Account => {
  const p = r.pleroma;
  const acct = r.acct || r.username;
  const isLocal = !acct.includes('@');
  const host = hostOf(r.url || p.ap_id);
  const isAdmin = p.is_admin;
  const isModerator = p.is_moderator;
  const role = roleOf(isAdmin, isModerator);
  return {
    id: r.id,
    username: r.username || acct.split('@')[0] || '',
    acct,
    fqn: isLocal && host ? `${acct}@${host}` : acct,
    isLocal,
    displayName: r.display_name,
    note: r.note,
    url: r.url,
    avatar: r.avatar,
    avatarStatic: r.avatar_static || r.avatar,
    avatarDescription: r.avatar_description || p.avatar_description,
    header: r.header,
    headerStatic: r.header_static || r.header,
    headerDescription: r.header_description || p.header_description,
    locked: r.locked ?? r.is_locked ?? false,
    bot: r.bot,
    group: r.group,
    discoverable: r.discoverable ?? r.source?.discoverable ?? null,
    createdAt: r.created_at,
    lastStatusAt: r.last_status_at,
    followersCount: r.followers_count,
    followingCount: r.following_count,
    statusesCount: r.statuses_count,
    followRequestsCount: r.follow_requests_count || r.source?.followRequestsCount || 0,
    emojis: r.emojis,
    fields: r.fields,
    moved: r.moved,
    source: r.source,
    apId: p.ap_id,
    backgroundImage: p.background_image || null,
    tags: p.tags,
    relationship: readRelationship(p.relationship),
    isAdmin,
    isModerator,
    isConfirmed:
      p.is_confirmed ?? (p.confirmation_pending === null ? true : !p.confirmation_pending),
    hideFavorites: p.hide_favorites,
    hideFollowers: p.hide_followers,
    hideFollows: p.hide_follows,
    hideFollowersCount: p.hide_followers_count,
    hideFollowsCount: p.hide_follows_count,
    settingsStore: p.settings_store,
    chatToken: p.chat_token,
    deactivated: p.deactivated || r.suspended,
    allowFollowingMove: p.allow_following_move,
    skipThreadContainment: p.skip_thread_containment,
    unreadConversationCount: p.unread_conversation_count,
    unreadNotificationsCount: p.unread_notifications_count,
    notificationSettings: readNotificationSettings(p.notification_settings),
    acceptsChatMessages: p.accepts_chat_messages,
    favicon: p.favicon,
    birthday: p.birthday,
    akkoma: readAkkoma(r.akkoma),
    role,
    privileges: derivePrivileges(role, readPrivileges(p.privileges)),
  };
});

export const parseAccount = makeParser('Account', AccountSchema);
export const parseAccountList = makeListParser('Account', AccountSchema);
