import type { Database } from 'better-sqlite3';
import { nowIso, sql } from './index.ts';
import { newId } from './ids.ts';
import type { PollInput } from './polls.ts';
import type { Visibility } from './statuses.ts';
import type { PostFormat } from '../views/formats/index.ts';

/** A post as it was asked for and checked, kept until it is published. */
export interface ScheduledPost {
  text: string;
  spoilerText: string;
  sensitive: boolean;
  visibility: Visibility;
  contentType: PostFormat;
  mediaIds: string[];
  poll: PollInput | null;
  inReplyToId: string | null;
  appId: number | null;
  idempotencyKey: string | null;
}

export interface ScheduledRow {
  id: string;
  account_id: string;
  scheduled_at: string;
  params_json: string;
  idempotency_key: string | null;
  created_at: string;
}

export function insertScheduled(
  db: Database,
  accountId: string,
  scheduledAt: string,
  post: ScheduledPost,
): ScheduledRow {
  return db.transaction((): ScheduledRow => {
    const id = newId();
    sql(
      db,
      `INSERT INTO scheduled_statuses (id, account_id, scheduled_at, params_json, idempotency_key, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(id, accountId, scheduledAt, JSON.stringify(post), post.idempotencyKey, nowIso());
    const hold = sql(
      db,
      'INSERT INTO scheduled_status_media (media_id, scheduled_status_id) VALUES (?, ?)',
    );
    for (const mediaId of post.mediaIds) hold.run(mediaId, id);
    return getScheduled(db, id)!;
  })();
}

export function getScheduled(db: Database, id: string): ScheduledRow | undefined {
  return sql(db, 'SELECT * FROM scheduled_statuses WHERE id = ?').get(id) as
    ScheduledRow | undefined;
}

export function scheduledForIdempotencyKey(
  db: Database,
  accountId: string,
  key: string,
): ScheduledRow | undefined {
  return sql(
    db,
    'SELECT * FROM scheduled_statuses WHERE account_id = ? AND idempotency_key = ? ORDER BY id DESC LIMIT 1',
  ).get(accountId, key) as ScheduledRow | undefined;
}

/** The stored post; a row whose params cannot be read yields null (and is dropped by the caller). */
export function scheduledPostOf(row: ScheduledRow): ScheduledPost | null {
  try {
    const value = JSON.parse(row.params_json) as ScheduledPost;
    if (!value || typeof value !== 'object' || typeof value.text !== 'string') return null;
    return { ...value, mediaIds: Array.isArray(value.mediaIds) ? value.mediaIds.map(String) : [] };
  } catch {
    return null;
  }
}

export function rescheduled(db: Database, id: string, scheduledAt: string): ScheduledRow {
  sql(db, 'UPDATE scheduled_statuses SET scheduled_at = ? WHERE id = ?').run(scheduledAt, id);
  return getScheduled(db, id)!;
}

/** Removes the entry; its held media become free again. */
export function deleteScheduled(db: Database, id: string): void {
  sql(db, 'DELETE FROM scheduled_statuses WHERE id = ?').run(id);
}

/** Entries due at `now` (ISO), oldest first. */
export function dueScheduled(db: Database, now: string): ScheduledRow[] {
  return sql(
    db,
    'SELECT * FROM scheduled_statuses WHERE scheduled_at <= ? ORDER BY scheduled_at, id',
  ).all(now) as ScheduledRow[];
}

/** How many entries the account has, in all and on the UTC day of `scheduledAt`. */
export function scheduledCounts(
  db: Database,
  accountId: string,
  scheduledAt: string,
  exceptId: string | null = null,
): { total: number; sameDay: number } {
  const day = scheduledAt.slice(0, 10);
  const row = sql(
    db,
    `SELECT count(*) AS total, coalesce(sum(substr(scheduled_at, 1, 10) = ?), 0) AS sameDay
     FROM scheduled_statuses WHERE account_id = ? AND id IS NOT ?`,
  ).get(day, accountId, exceptId) as { total: number; sameDay: number };
  return row;
}
