import type { Database } from 'better-sqlite3';
import { hashSecret, randomToken } from '../auth/random.ts';
import { nowIso, sql } from './index.ts';

/** An invite link's row (Pleroma's UserInviteToken). */
export interface InviteRow {
  id: number;
  token: string;
  max_use: number | null;
  uses: number;
  /** The last day (YYYY-MM-DD) the invite works, or null. */
  expires_at: string | null;
  used: number;
  created_at: string;
}

export type InviteType = 'one_time' | 'reusable' | 'date_limited' | 'reusable_date_limited';

export function inviteType(row: Pick<InviteRow, 'max_use' | 'expires_at'>): InviteType {
  if (row.max_use !== null && row.expires_at !== null) return 'reusable_date_limited';
  if (row.max_use !== null) return 'reusable';
  if (row.expires_at !== null) return 'date_limited';
  return 'one_time';
}

/** Today's date in UTC, as invites' expiry dates are written. */
export function todayUtc(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

export function createInvite(
  db: Database,
  input: { maxUse: number | null; expiresAt: string | null },
): InviteRow {
  const info = sql(
    db,
    'INSERT INTO invites (token, max_use, expires_at, created_at) VALUES (?, ?, ?, ?)',
  ).run(randomToken(24), input.maxUse, input.expiresAt, nowIso());
  return sql(db, 'SELECT * FROM invites WHERE id = ?').get(info.lastInsertRowid) as InviteRow;
}

export function listInvites(db: Database): InviteRow[] {
  return sql(db, 'SELECT * FROM invites ORDER BY id').all() as InviteRow[];
}

export function findInvite(db: Database, token: string): InviteRow | undefined {
  return sql(db, 'SELECT * FROM invites WHERE token = ?').get(token) as InviteRow | undefined;
}

/** Whether the invite still lets someone in: not used up, revoked or past its last day. */
export function inviteValid(row: InviteRow, now = Date.now()): boolean {
  if (row.used) return false;
  if (row.max_use !== null && row.uses >= row.max_use) return false;
  if (row.expires_at !== null && row.expires_at < todayUtc(now)) return false;
  return true;
}

/** Counts one use; a one-time invite, or one that reached its max_use, is then used. */
export function useInvite(db: Database, row: InviteRow): void {
  const uses = row.uses + 1;
  const usedUp =
    inviteType(row) === 'one_time' || (row.max_use !== null && uses >= row.max_use) ? 1 : 0;
  sql(db, 'UPDATE invites SET uses = ?, used = ? WHERE id = ?').run(uses, usedUp, row.id);
}

export function revokeInvite(db: Database, token: string): InviteRow | undefined {
  sql(db, 'UPDATE invites SET used = 1 WHERE token = ?').run(token);
  return findInvite(db, token);
}

export type EmailTokenPurpose = 'confirm_email' | 'password_reset';

export interface EmailTokenRow {
  token_hash: string;
  account_id: string;
  purpose: EmailTokenPurpose;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A new link secret for an account; only its hash is kept. */
export function createEmailToken(
  db: Database,
  accountId: string,
  purpose: EmailTokenPurpose,
  lifetimeMs: number,
): string {
  const token = randomToken();
  const now = Date.now();
  sql(
    db,
    'INSERT INTO email_tokens (token_hash, account_id, purpose, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
  ).run(
    hashSecret(token),
    accountId,
    purpose,
    new Date(now).toISOString(),
    new Date(now + lifetimeMs).toISOString(),
  );
  return token;
}

/** The live (unused, unexpired) token of that purpose, or undefined. */
export function findEmailToken(
  db: Database,
  token: string,
  purpose: EmailTokenPurpose,
): EmailTokenRow | undefined {
  const row = sql(db, 'SELECT * FROM email_tokens WHERE token_hash = ? AND purpose = ?').get(
    hashSecret(token),
    purpose,
  ) as EmailTokenRow | undefined;
  if (!row || row.used_at || row.expires_at <= nowIso()) return undefined;
  return row;
}

/** Uses up every open token of that purpose of the account (the one followed and older ones). */
export function useEmailTokens(db: Database, accountId: string, purpose: EmailTokenPurpose): void {
  sql(
    db,
    'UPDATE email_tokens SET used_at = ? WHERE account_id = ? AND purpose = ? AND used_at IS NULL',
  ).run(nowIso(), accountId, purpose);
}

/**
 * Records a captcha as tried. False when it was tried before. Expired rows go first, so the
 * table holds only captchas still within their time.
 */
export function markCaptchaUsed(db: Database, token: string, expiresAt: string): boolean {
  const now = nowIso();
  sql(db, 'DELETE FROM used_captchas WHERE expires_at < ?').run(now);
  const info = sql(db, 'INSERT OR IGNORE INTO used_captchas (token, expires_at) VALUES (?, ?)').run(
    token,
    expiresAt,
  );
  return info.changes > 0;
}

export function captchaUsed(db: Database, token: string): boolean {
  return !!sql(db, 'SELECT 1 FROM used_captchas WHERE token = ?').get(token);
}
