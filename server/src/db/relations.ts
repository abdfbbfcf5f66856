import type { Database } from 'better-sqlite3';
import { sql, nowIso } from './index.ts';
import { newId } from './ids.ts';
import { unfollow } from './follows.ts';

/** SQL condition for a mute that has not expired; binds one parameter: now (ISO). */
export const LIVE_MUTE = '(expires_at IS NULL OR expires_at > ?)';

export function mute(
  db: Database,
  accountId: string,
  targetId: string,
  options: { notifications: boolean; expiresIn: number },
): void {
  const expiresAt =
    options.expiresIn > 0 ? new Date(Date.now() + options.expiresIn * 1000).toISOString() : null;
  sql(
    db,
    `INSERT INTO mutes (account_id, target_id, notifications, expires_at, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (account_id, target_id) DO UPDATE SET notifications = excluded.notifications,
       expires_at = excluded.expires_at`,
  ).run(accountId, targetId, options.notifications ? 1 : 0, expiresAt, nowIso());
}

export function unmute(db: Database, accountId: string, targetId: string): void {
  sql(db, 'DELETE FROM mutes WHERE account_id = ? AND target_id = ?').run(accountId, targetId);
}

/** Blocks, and ends follows (and requests) both ways, as Pleroma does. */
export function block(db: Database, accountId: string, targetId: string): void {
  db.transaction(() => {
    sql(
      db,
      'INSERT OR IGNORE INTO blocks (account_id, target_id, created_at) VALUES (?, ?, ?)',
    ).run(accountId, targetId, nowIso());
    unfollow(db, accountId, targetId);
    unfollow(db, targetId, accountId);
  })();
}

export function unblock(db: Database, accountId: string, targetId: string): void {
  sql(db, 'DELETE FROM blocks WHERE account_id = ? AND target_id = ?').run(accountId, targetId);
}

export function isBlocking(db: Database, accountId: string, targetId: string): boolean {
  return Boolean(
    sql(db, 'SELECT 1 FROM blocks WHERE account_id = ? AND target_id = ?').get(accountId, targetId),
  );
}

export function isMuting(db: Database, accountId: string, targetId: string): boolean {
  return Boolean(
    sql(db, `SELECT 1 FROM mutes WHERE account_id = ? AND target_id = ? AND ${LIVE_MUTE}`).get(
      accountId,
      targetId,
      nowIso(),
    ),
  );
}

export function normaliseDomain(value: string): string | null {
  const domain = value
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '');
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*(:\d+)?$/.test(domain) ? domain : null;
}

/** Blocks a domain, and ends follows (and requests) both ways with its accounts, as Mastodon does. */
export function blockDomain(db: Database, accountId: string, domain: string): void {
  db.transaction(() => {
    sql(
      db,
      'INSERT OR IGNORE INTO domain_blocks (id, account_id, domain, created_at) VALUES (?, ?, ?, ?)',
    ).run(newId(), accountId, domain, nowIso());
    const others = sql(
      db,
      `SELECT a.id FROM accounts a JOIN follows f
         ON (f.follower_id = a.id AND f.followee_id = @me) OR (f.followee_id = a.id AND f.follower_id = @me)
       WHERE lower(a.domain) = @domain`,
    ).all({ me: accountId, domain }) as { id: string }[];
    for (const other of others) {
      unfollow(db, accountId, other.id);
      unfollow(db, other.id, accountId);
    }
  })();
}

export function unblockDomain(db: Database, accountId: string, domain: string): void {
  sql(db, 'DELETE FROM domain_blocks WHERE account_id = ? AND domain = ?').run(accountId, domain);
}

export function isDomainBlocked(db: Database, accountId: string, domain: string | null): boolean {
  if (!domain) return false;
  return Boolean(
    sql(db, 'SELECT 1 FROM domain_blocks WHERE account_id = ? AND domain = ?').get(
      accountId,
      domain.toLowerCase(),
    ),
  );
}

/**
 * SQL condition: the account in `column` is neither blocked by the viewer nor on a domain the
 * viewer blocks. `viewer` is the viewer's placeholder (`?` binds it twice, or a named one).
 */
export function notBlockedBySql(column: string, viewer: string): string {
  return `${column} NOT IN (SELECT target_id FROM blocks WHERE account_id = ${viewer}
    UNION SELECT a.id FROM domain_blocks d JOIN accounts a ON lower(a.domain) = d.domain WHERE d.account_id = ${viewer})`;
}

/** What a viewer does not want in timelines: accounts (blocked, domain-blocked, muted) and threads. */
export interface Exclusions {
  accounts: Set<string>;
  threads: Set<number>;
}

const EXCLUDED_ACCOUNTS_SQL = `
  SELECT target_id AS id FROM blocks WHERE account_id = @viewer
  UNION SELECT a.id FROM domain_blocks d JOIN accounts a ON lower(a.domain) = d.domain WHERE d.account_id = @viewer`;
const MUTED_ACCOUNTS_SQL = `
  SELECT target_id AS id FROM mutes WHERE account_id = @viewer AND (expires_at IS NULL OR expires_at > @now)`;

/** Exclusions for a viewer; muted accounts and muted threads are left in when withMuted. */
export function exclusionsFor(db: Database, viewerId: string, withMuted: boolean): Exclusions {
  const accounts = new Set(
    (sql(db, EXCLUDED_ACCOUNTS_SQL).all({ viewer: viewerId }) as { id: string }[]).map((r) => r.id),
  );
  const threads = new Set<number>();
  if (!withMuted) {
    for (const row of sql(db, MUTED_ACCOUNTS_SQL).all({ viewer: viewerId, now: nowIso() }) as {
      id: string;
    }[])
      accounts.add(row.id);
    for (const row of sql(db, 'SELECT conversation_id FROM thread_mutes WHERE account_id = ?').all(
      viewerId,
    ) as { conversation_id: number }[])
      threads.add(row.conversation_id);
  }
  return { accounts, threads };
}
