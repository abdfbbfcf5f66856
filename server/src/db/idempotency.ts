import type { Database } from 'better-sqlite3';
import { sql } from './index.ts';

/** How long a submission's Idempotency-Key keeps answering with the same status (as Mastodon). */
export const IDEMPOTENCY_WINDOW_MS = 60 * 60 * 1000;
/** Longer keys are refused; clients send timestamps or UUIDs. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 256;

const cutoff = (now: number) => new Date(now - IDEMPOTENCY_WINDOW_MS).toISOString();

/** The status an account's earlier submission with this key created, if within the window. */
export function statusForIdempotencyKey(
  db: Database,
  accountId: string,
  key: string,
  now = Date.now(),
): string | null {
  const row = sql(
    db,
    'SELECT status_id FROM idempotency_keys WHERE account_id = ? AND key = ? AND created_at >= ?',
  ).get(accountId, key, cutoff(now)) as { status_id: string } | undefined;
  return row?.status_id ?? null;
}

/** Records the key (replacing an expired one) and prunes keys older than the window. */
export function rememberIdempotencyKey(
  db: Database,
  accountId: string,
  key: string,
  statusId: string,
  now = Date.now(),
): void {
  sql(db, 'DELETE FROM idempotency_keys WHERE created_at < ?').run(cutoff(now));
  sql(
    db,
    `INSERT INTO idempotency_keys (account_id, key, status_id, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (account_id, key) DO UPDATE SET status_id = excluded.status_id, created_at = excluded.created_at`,
  ).run(accountId, key, statusId, new Date(now).toISOString());
}
