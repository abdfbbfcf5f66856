import type { Database } from 'better-sqlite3';
import { sql, nowIso } from './index.ts';
import { newId } from './ids.ts';

export interface AccountRow {
  id: string;
  nickname: string;
  domain: string | null;
  local: number;
  ap_id: string | null;
  display_name: string;
  note_source: string;
  note_html: string;
  fields_json: string;
  locked: number;
  bot: number;
  discoverable: number;
  actor_type: string;
  is_admin: number;
  is_moderator: number;
  is_confirmed: number;
  /** 0 while an administrator has not approved the sign-up (migration 198). */
  is_approved: number;
  /** Why the person asked to join, in `approval` mode (migration 198). */
  registration_reason: string | null;
  deactivated: number;
  email: string | null;
  password_hash: string | null;
  password_reset_required: number;
  default_scope: string;
  sensitive_default: number;
  no_rich_text: number;
  show_role: number;
  hide_followers: number;
  hide_follows: number;
  hide_followers_count: number;
  hide_follows_count: number;
  hide_favorites: number;
  allow_following_move: number;
  skip_thread_containment: number;
  accepts_chat_messages: number;
  birthday: string | null;
  show_birthday: number;
  avatar_path: string | null;
  header_path: string | null;
  background_image: string | null;
  settings_store_json: string;
  /** Ap ids of the account's aliases (migration 51). */
  aliases_json?: string;
  /** The account this one moved to (migration 65). */
  moved_to_id?: string | null;
  notification_settings_json: string;
  tags_json: string;
  statuses_count: number;
  last_status_at: string | null;
  created_at: string;
}

export interface AccountField {
  name: string;
  value: string;
}

export function getAccount(db: Database, id: string): AccountRow | undefined {
  return sql(db, 'SELECT * FROM accounts WHERE id = ?').get(id) as AccountRow | undefined;
}

/** `nick` finds a local account, `nick@domain` a remote one (or a local one if domain is ours). */
export function findAccountByAcct(
  db: Database,
  acct: string,
  localDomain: string,
): AccountRow | undefined {
  const cleaned = acct.replace(/^@/, '');
  const at = cleaned.indexOf('@');
  const nickname = at < 0 ? cleaned : cleaned.slice(0, at);
  const domain = at < 0 ? null : cleaned.slice(at + 1).toLowerCase();
  if (!nickname) return undefined;
  if (domain === null || domain === localDomain.toLowerCase()) {
    return sql(
      db,
      'SELECT * FROM accounts WHERE lower(nickname) = lower(?) AND domain IS NULL',
    ).get(nickname) as AccountRow | undefined;
  }
  return sql(
    db,
    'SELECT * FROM accounts WHERE lower(nickname) = lower(?) AND lower(domain) = ?',
  ).get(nickname, domain) as AccountRow | undefined;
}

/** Pleroma accepts either an id or a nickname wherever an account id is expected. */
export function findAccountByIdOrNickname(
  db: Database,
  idOrNickname: string,
  localDomain: string,
): AccountRow | undefined {
  return getAccount(db, idOrNickname) ?? findAccountByAcct(db, idOrNickname, localDomain);
}

export interface NewAccount {
  nickname: string;
  domain?: string | null;
  displayName?: string;
  note?: string;
  passwordHash?: string | null;
  email?: string | null;
  locked?: boolean;
  bot?: boolean;
  isAdmin?: boolean;
  isModerator?: boolean;
  avatarPath?: string | null;
  headerPath?: string | null;
  fields?: AccountField[];
  createdAt?: string;
  id?: string;
  apId?: string | null;
  birthday?: string | null;
}

export function insertAccount(db: Database, input: NewAccount): string {
  const id = input.id ?? newId();
  const remote = Boolean(input.domain);
  sql(
    db,
    `INSERT INTO accounts (id, nickname, domain, local, ap_id, display_name, note_source, fields_json, locked, bot,
       is_admin, is_moderator, email, password_hash, avatar_path, header_path, birthday, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    input.nickname,
    input.domain ?? null,
    remote ? 0 : 1,
    input.apId ?? (remote ? `https://${input.domain}/users/${input.nickname}` : null),
    input.displayName ?? input.nickname,
    input.note ?? '',
    JSON.stringify(input.fields ?? []),
    input.locked ? 1 : 0,
    input.bot ? 1 : 0,
    input.isAdmin ? 1 : 0,
    input.isModerator ? 1 : 0,
    input.email ?? null,
    input.passwordHash ?? null,
    input.avatarPath ?? null,
    input.headerPath ?? null,
    input.birthday ?? null,
    input.createdAt ?? nowIso(),
  );
  return id;
}

export function parseFields(row: AccountRow): AccountField[] {
  try {
    const value = JSON.parse(row.fields_json) as unknown;
    return Array.isArray(value) ? (value as AccountField[]) : [];
  } catch {
    return [];
  }
}

/** An account's notification settings (API notes §5), from its stored JSON; off when unreadable. */
export function notificationSettingsOf(json: string | null | undefined): {
  blockFromStrangers: boolean;
  hideNotificationContents: boolean;
} {
  const settings = parseJsonObject(json ?? '{}');
  return {
    blockFromStrangers: settings.block_from_strangers === true,
    hideNotificationContents: settings.hide_notification_contents === true,
  };
}

export function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function followersCount(db: Database, accountId: string): number {
  return (
    sql(db, "SELECT count(*) AS n FROM follows WHERE followee_id = ? AND state = 'accepted'").get(
      accountId,
    ) as {
      n: number;
    }
  ).n;
}

export function followingCount(db: Database, accountId: string): number {
  return (
    sql(db, "SELECT count(*) AS n FROM follows WHERE follower_id = ? AND state = 'accepted'").get(
      accountId,
    ) as {
      n: number;
    }
  ).n;
}

export function followRequestsCount(db: Database, accountId: string): number {
  return (
    sql(db, "SELECT count(*) AS n FROM follows WHERE followee_id = ? AND state = 'pending'").get(
      accountId,
    ) as {
      n: number;
    }
  ).n;
}

/** Privileges per Pleroma's cheatsheet: admins get all, moderators a subset. */
export const ADMIN_PRIVILEGES = [
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
] as const;
export const MODERATOR_PRIVILEGES = ['messages_delete', 'reports_manage_reports'] as const;

export function privilegesOf(row: Pick<AccountRow, 'is_admin' | 'is_moderator'>): string[] {
  const set = new Set<string>();
  if (row.is_admin) ADMIN_PRIVILEGES.forEach((p) => set.add(p));
  if (row.is_moderator) MODERATOR_PRIVILEGES.forEach((p) => set.add(p));
  return ADMIN_PRIVILEGES.filter((p) => set.has(p));
}

/**
 * Whether an account is still waiting to be let in: an administrator's approval or its e-mail
 * confirmation (Pleroma's approval_pending and confirmation_pending). Such accounts cannot sign in
 * and others do not find them (search, suggestions, profiles), as Pleroma's visible_for.
 */
export function isPending(
  row: Pick<AccountRow, 'is_approved' | 'is_confirmed' | 'local'>,
): boolean {
  return row.local === 1 && (row.is_approved === 0 || row.is_confirmed === 0);
}

/**
 * Whether `viewerId` may see a pending account: its owner and staff who manage activation may;
 * anyone sees an account that is not pending.
 */
export function visibleTo(db: Database, row: AccountRow, viewerId: string | null): boolean {
  if (!isPending(row) || viewerId === row.id) return true;
  const viewer = viewerId ? getAccount(db, viewerId) : undefined;
  return !!viewer && hasPrivilege(viewer, 'users_manage_activation_state');
}

export function hasPrivilege(
  row: Pick<AccountRow, 'is_admin' | 'is_moderator'>,
  privilege: string,
): boolean {
  return privilegesOf(row).includes(privilege);
}
