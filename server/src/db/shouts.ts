import type { Database } from 'better-sqlite3';
import { sql } from './index.ts';

/** How many shouts are kept, as Pleroma's ShoutChannel keeps its last messages. */
export const SHOUTS_KEPT = 19;

export interface ShoutRow {
  id: number;
  account_id: string;
  text: string;
  created_at: string;
}

/** Stores a shout and trims the oldest beyond SHOUTS_KEPT. */
export function addShout(db: Database, accountId: string, text: string): ShoutRow {
  return db.transaction(() => {
    const row = sql(
      db,
      'INSERT INTO shouts (account_id, text, created_at) VALUES (?, ?, ?) RETURNING *',
    ).get(accountId, text, new Date().toISOString()) as ShoutRow;
    sql(
      db,
      'DELETE FROM shouts WHERE id <= (SELECT id FROM shouts ORDER BY id DESC LIMIT 1 OFFSET ?)',
    ).run(SHOUTS_KEPT);
    return row;
  })();
}

/** The kept shouts, oldest first. */
export function recentShouts(db: Database): ShoutRow[] {
  const newestFirst = sql(db, 'SELECT * FROM shouts ORDER BY id DESC LIMIT ?').all(
    SHOUTS_KEPT,
  ) as ShoutRow[];
  return newestFirst.reverse();
}
