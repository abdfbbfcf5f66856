import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { sql, nowIso } from './index.ts';
import { newId } from './ids.ts';
import { insertNotification, type CreatedNotification } from './notifications.ts';
import { getStatus, type StatusRow, type Visibility } from './statuses.ts';

/** Favourite, bookmark, reaction and thread-mute targets: a reblog stands for its original. */
export function originalOf(db: Database, status: StatusRow): StatusRow {
  if (!status.reblog_of_id) return status;
  return getStatus(db, status.reblog_of_id) ?? status;
}

function deleteNotification(
  db: Database,
  type: string,
  recipientId: string,
  fromId: string,
  statusId: string,
  emoji: string | null = null,
): void {
  sql(
    db,
    `DELETE FROM notifications WHERE type = ? AND account_id = ? AND from_account_id = ? AND status_id = ?
       AND (? IS NULL OR emoji = ?)`,
  ).run(type, recipientId, fromId, statusId, emoji, emoji);
}

/** Idempotent; the notification is only created the first time. */
export function favourite(
  db: Database,
  accountId: string,
  status: StatusRow,
): CreatedNotification | null {
  return db.transaction((): CreatedNotification | null => {
    const at = nowIso();
    const info = sql(
      db,
      'INSERT OR IGNORE INTO favourites (id, status_id, account_id, created_at) VALUES (?, ?, ?, ?)',
    ).run(newId(), status.id, accountId, at);
    if (info.changes === 0) return null;
    return insertNotification(db, {
      accountId: status.account_id,
      type: 'favourite',
      fromId: accountId,
      statusId: status.id,
      createdAt: at,
    });
  })();
}

export function unfavourite(db: Database, accountId: string, status: StatusRow): void {
  db.transaction(() => {
    sql(db, 'DELETE FROM favourites WHERE status_id = ? AND account_id = ?').run(
      status.id,
      accountId,
    );
    deleteNotification(db, 'favourite', status.account_id, accountId, status.id);
  })();
}

export function bookmark(db: Database, accountId: string, status: StatusRow): void {
  sql(
    db,
    'INSERT OR IGNORE INTO bookmarks (id, account_id, status_id, created_at) VALUES (?, ?, ?, ?)',
  ).run(newId(), accountId, status.id, nowIso());
}

export function unbookmark(db: Database, accountId: string, status: StatusRow): void {
  sql(db, 'DELETE FROM bookmarks WHERE status_id = ? AND account_id = ?').run(status.id, accountId);
}

export function findReblog(
  db: Database,
  accountId: string,
  originalId: string,
): StatusRow | undefined {
  return sql(db, 'SELECT * FROM statuses WHERE reblog_of_id = ? AND account_id = ?').get(
    originalId,
    accountId,
  ) as StatusRow | undefined;
}

export interface CreatedReblog {
  status: StatusRow;
  homeRecipients: string[];
  notification: CreatedNotification | null;
  created: boolean;
}

/**
 * Reblogs `original` (never a reblog itself). The reblog is a status row pointing at the
 * original, in the home feeds of the reblogger and of followers who show their reblogs.
 */
export function reblog(
  db: Database,
  accountId: string,
  original: StatusRow,
  visibility: Visibility,
  createdAt = nowIso(),
  /** Seeded reblogs pass an id matching createdAt, so id order stays time order. */
  id = newId(),
): CreatedReblog {
  return db.transaction((): CreatedReblog => {
    const existing = findReblog(db, accountId, original.id);
    if (existing)
      return { status: existing, homeRecipients: [], notification: null, created: false };
    const author = sql(db, 'SELECT local FROM accounts WHERE id = ?').get(accountId) as {
      local: number;
    };
    sql(
      db,
      `INSERT INTO statuses (id, account_id, local, visibility, reblog_of_id, conversation_id, has_media, object_key, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      accountId,
      author.local,
      visibility,
      original.id,
      original.conversation_id,
      original.has_media,
      randomUUID(),
      createdAt,
    );
    const followers = sql(
      db,
      `SELECT f.follower_id AS id FROM follows f JOIN accounts a ON a.id = f.follower_id
       WHERE f.followee_id = ? AND f.state = 'accepted' AND f.show_reblogs = 1 AND a.local = 1`,
    ).all(accountId) as { id: string }[];
    const recipients = new Set(followers.map((f) => f.id));
    if (author.local) recipients.add(accountId);
    const insertFeed = sql(
      db,
      'INSERT OR IGNORE INTO home_feed (account_id, status_id) VALUES (?, ?)',
    );
    for (const recipient of recipients) insertFeed.run(recipient, id);
    const notification = insertNotification(db, {
      accountId: original.account_id,
      type: 'reblog',
      fromId: accountId,
      statusId: original.id,
      createdAt,
    });
    return {
      status: getStatus(db, id)!,
      homeRecipients: [...recipients],
      notification,
      created: true,
    };
  })();
}

/** Removes the account's reblog of `original`; returns the removed row and its feed recipients. */
export function unreblog(
  db: Database,
  accountId: string,
  original: StatusRow,
): { status: StatusRow; homeRecipients: string[] } | null {
  return db.transaction(() => {
    const existing = findReblog(db, accountId, original.id);
    if (!existing) return null;
    const homeRecipients = (
      sql(db, 'SELECT account_id FROM home_feed WHERE status_id = ?').all(existing.id) as {
        account_id: string;
      }[]
    ).map((r) => r.account_id);
    sql(db, 'DELETE FROM statuses WHERE id = ?').run(existing.id);
    deleteNotification(db, 'reblog', original.account_id, accountId, original.id);
    return { status: existing, homeRecipients };
  })();
}

export const MAX_PINNED_STATUSES = 5;

/** Pins an own public or unlisted status; returns an error message or null. */
export function pin(db: Database, accountId: string, status: StatusRow): string | null {
  if (status.account_id !== accountId || status.reblog_of_id)
    return "Someone else's status cannot be pinned";
  if (status.visibility !== 'public' && status.visibility !== 'unlisted')
    return 'Non-public status cannot be pinned';
  return db.transaction((): string | null => {
    if (
      sql(db, 'SELECT 1 FROM status_pins WHERE status_id = ? AND account_id = ?').get(
        status.id,
        accountId,
      )
    )
      return null;
    const count = (
      sql(db, 'SELECT count(*) AS n FROM status_pins WHERE account_id = ?').get(accountId) as {
        n: number;
      }
    ).n;
    if (count >= MAX_PINNED_STATUSES)
      return 'You have already pinned the maximum number of statuses';
    sql(db, 'INSERT INTO status_pins (account_id, status_id, pinned_at) VALUES (?, ?, ?)').run(
      accountId,
      status.id,
      nowIso(),
    );
    return null;
  })();
}

export function unpin(db: Database, accountId: string, status: StatusRow): void {
  sql(db, 'DELETE FROM status_pins WHERE status_id = ? AND account_id = ?').run(
    status.id,
    accountId,
  );
}

export function muteThread(db: Database, accountId: string, status: StatusRow): void {
  sql(db, 'INSERT OR IGNORE INTO thread_mutes (account_id, conversation_id) VALUES (?, ?)').run(
    accountId,
    status.conversation_id,
  );
}

export function unmuteThread(db: Database, accountId: string, status: StatusRow): void {
  sql(db, 'DELETE FROM thread_mutes WHERE account_id = ? AND conversation_id = ?').run(
    accountId,
    status.conversation_id,
  );
}

let lastReactionMs = 0;
/** Reactions are listed oldest emoji first: their times are kept strictly increasing. */
function reactionTime(): string {
  lastReactionMs = Math.max(Date.now(), lastReactionMs + 1);
  return new Date(lastReactionMs).toISOString();
}

/** Adds a reaction (idempotent); `emoji` is a unicode emoji or a bare custom shortcode. */
export function react(
  db: Database,
  accountId: string,
  status: StatusRow,
  emoji: string,
): CreatedNotification | null {
  return db.transaction((): CreatedNotification | null => {
    const at = reactionTime();
    const info = sql(
      db,
      'INSERT OR IGNORE INTO emoji_reactions (status_id, account_id, emoji, created_at) VALUES (?, ?, ?, ?)',
    ).run(status.id, accountId, emoji, at);
    if (info.changes === 0) return null;
    return insertNotification(db, {
      accountId: status.account_id,
      type: 'pleroma:emoji_reaction',
      fromId: accountId,
      statusId: status.id,
      emoji,
      createdAt: at,
    });
  })();
}

export function unreact(db: Database, accountId: string, status: StatusRow, emoji: string): void {
  db.transaction(() => {
    sql(db, 'DELETE FROM emoji_reactions WHERE status_id = ? AND account_id = ? AND emoji = ?').run(
      status.id,
      accountId,
      emoji,
    );
    deleteNotification(
      db,
      'pleroma:emoji_reaction',
      status.account_id,
      accountId,
      status.id,
      emoji,
    );
  })();
}
