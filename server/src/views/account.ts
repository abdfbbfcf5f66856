import { chatTokenFor } from '../auth/chat-token.ts';
import {
  followersCount,
  followingCount,
  followRequestsCount,
  parseFields,
  parseJsonObject,
  privilegesOf,
  type AccountRow,
} from '../db/accounts.ts';
import { sql } from '../db/index.ts';
import type { RenderContext } from './context.ts';
import { escapeHtml, withOrigin } from './html.ts';
import { renderRelationship } from './relationship.ts';
import { linkifyPlain, shortcodesIn } from './text.ts';

export function acctOf(row: Pick<AccountRow, 'nickname' | 'domain'>): string {
  return row.domain ? `${row.nickname}@${row.domain}` : row.nickname;
}

export function accountApId(
  row: Pick<AccountRow, 'nickname' | 'ap_id' | 'local'>,
  origin: string,
): string {
  return row.local ? `${origin}/users/${row.nickname}` : (row.ap_id ?? '');
}

export const DEFAULT_AVATAR = '/images/avi.png';
export const DEFAULT_HEADER = '/images/banner.png';

/**
 * Account JSON as Pleroma renders it. The owner (viewer === account) also gets `source`,
 * settings_store, chat_token and the other private fields.
 */
export function renderAccount(rc: RenderContext, row: AccountRow): Record<string, unknown> {
  return rc.memo(`account:${row.id}`, () => {
    const account = buildAccount(rc, row);
    // Mastodon's `moved`: the account this one moved to, itself rendered without its own `moved`
    // (two accounts may have moved to each other).
    const movedTo = row.moved_to_id ? rc.account(row.moved_to_id) : undefined;
    if (movedTo) account.moved = buildAccount(rc, movedTo);
    return account;
  });
}

export function renderAccountById(rc: RenderContext, id: string): Record<string, unknown> | null {
  const row = rc.account(id);
  return row ? renderAccount(rc, row) : null;
}

function buildAccount(rc: RenderContext, row: AccountRow): Record<string, unknown> {
  const self = rc.viewerId === row.id;
  const showRole = self || row.show_role === 1;
  const fields = parseFields(row);
  const apId = accountApId(row, rc.origin);
  const avatar = rc.mediaUrl(row.avatar_path, DEFAULT_AVATAR);
  const header = rc.mediaUrl(row.header_path, DEFAULT_HEADER);
  const db = rc.db;
  const followers = !self && row.hide_followers_count ? 0 : followersCount(db, row.id);
  const following = !self && row.hide_follows_count ? 0 : followingCount(db, row.id);
  const emojis = rc.emojisFor(
    shortcodesIn(row.display_name, row.note_source, ...fields.flatMap((f) => [f.name, f.value])),
  );
  const account: Record<string, unknown> = {
    id: row.id,
    username: row.nickname,
    acct: acctOf(row),
    display_name: row.display_name,
    locked: row.locked === 1,
    bot: row.bot === 1,
    discoverable: row.discoverable === 1,
    group: false,
    created_at: row.created_at,
    note: withOrigin(row.note_html, rc.origin),
    url: apId,
    avatar,
    avatar_static: avatar,
    avatar_description: '',
    header,
    header_static: header,
    header_description: '',
    followers_count: followers,
    following_count: following,
    statuses_count: row.statuses_count,
    last_status_at: row.last_status_at ? row.last_status_at.slice(0, 10) : null,
    emojis,
    fields: fields.map((f) => ({
      name: escapeHtml(f.name),
      value: linkifyPlain(f.value),
      verified_at: null,
    })),
    fqn: row.domain ? acctOf(row) : `${row.nickname}@${rc.host}`,
    pleroma: {
      ap_id: apId,
      also_known_as: JSON.parse(row.aliases_json ?? '[]') as string[],
      background_image: row.background_image ? rc.mediaUrl(row.background_image, '') : null,
      tags: JSON.parse(row.tags_json) as string[],
      relationship: rc.viewerId ? renderRelationship(db, rc.viewerId, row.id) : {},
      is_admin: showRole && row.is_admin === 1,
      is_moderator: showRole && row.is_moderator === 1,
      privileges: showRole ? privilegesOf(row) : [],
      is_confirmed: row.is_confirmed === 1,
      is_suggested: false,
      hide_favorites: row.hide_favorites === 1,
      hide_followers: row.hide_followers === 1,
      hide_follows: row.hide_follows === 1,
      hide_followers_count: row.hide_followers_count === 1,
      hide_follows_count: row.hide_follows_count === 1,
      favicon: null,
      birthday: self || row.show_birthday === 1 ? row.birthday : null,
      skip_thread_containment: row.skip_thread_containment === 1,
      accepts_chat_messages: row.accepts_chat_messages === 1,
      deactivated: row.deactivated === 1,
      allow_following_move: row.allow_following_move === 1,
      avatar_description: '',
      header_description: '',
    },
  };
  if (self) addOwnerFields(rc, row, account, fields);
  return account;
}

function addOwnerFields(
  rc: RenderContext,
  row: AccountRow,
  account: Record<string, unknown>,
  fields: { name: string; value: string }[],
): void {
  const db = rc.db;
  const unreadNotifications = (
    sql(db, 'SELECT count(*) AS n FROM notifications WHERE account_id = ? AND seen = 0').get(
      row.id,
    ) as { n: number }
  ).n;
  account.follow_requests_count = followRequestsCount(db, row.id);
  account.source = {
    note: row.note_source,
    fields: fields.map((f) => ({ name: f.name, value: f.value })),
    privacy: row.default_scope,
    sensitive: row.sensitive_default === 1,
    language: '',
    follow_requests_count: account.follow_requests_count,
    pleroma: {
      show_role: row.show_role === 1,
      no_rich_text: row.no_rich_text === 1,
      discoverable: row.discoverable === 1,
      actor_type: row.actor_type,
      show_birthday: row.show_birthday === 1,
    },
  };
  const pleroma = account.pleroma as Record<string, unknown>;
  pleroma.settings_store = parseJsonObject(row.settings_store_json);
  pleroma.chat_token = chatTokenFor(db, row.id);
  pleroma.unread_conversation_count = 0;
  pleroma.unread_notifications_count = unreadNotifications;
  pleroma.notification_settings = parseJsonObject(row.notification_settings_json);
  pleroma.email = row.email;
}
