import type { Database } from 'better-sqlite3';
import { sql, nowIso } from './index.ts';
import { newId } from './ids.ts';
import { insertNotification, type CreatedNotification } from './notifications.ts';

export interface FollowRow {
  id: string;
  follower_id: string;
  followee_id: string;
  state: 'accepted' | 'pending';
  show_reblogs: number;
  notify: number;
  created_at: string;
}

export function getFollow(
  db: Database,
  followerId: string,
  followeeId: string,
): FollowRow | undefined {
  return sql(db, 'SELECT * FROM follows WHERE follower_id = ? AND followee_id = ?').get(
    followerId,
    followeeId,
  ) as FollowRow | undefined;
}

export function isFollowing(db: Database, followerId: string, followeeId: string): boolean {
  return Boolean(
    sql(
      db,
      "SELECT 1 FROM follows WHERE follower_id = ? AND followee_id = ? AND state = 'accepted'",
    ).get(followerId, followeeId),
  );
}

/** Puts the followee's existing non-direct statuses into the follower's home feed. */
function backfillHomeFeed(db: Database, followerId: string, followeeId: string): void {
  const follow = getFollow(db, followerId, followeeId);
  sql(
    db,
    `INSERT OR IGNORE INTO home_feed (account_id, status_id)
     SELECT ?, id FROM statuses WHERE account_id = ? AND visibility IN ('public', 'unlisted', 'private')
       AND (? = 1 OR reblog_of_id IS NULL)`,
  ).run(followerId, followeeId, follow?.show_reblogs ?? 1);
}

/** Removes the followee's statuses from the follower's home feed, except those that mention the follower. */
function trimHomeFeed(db: Database, followerId: string, followeeId: string): void {
  sql(
    db,
    `DELETE FROM home_feed WHERE account_id = ? AND status_id IN (
       SELECT s.id FROM statuses s WHERE s.account_id = ?
         AND NOT EXISTS (SELECT 1 FROM status_mentions m WHERE m.status_id = s.id AND m.account_id = ?))`,
  ).run(followerId, followeeId, followerId);
}

export interface FollowResult {
  state: 'accepted' | 'pending';
  notification: CreatedNotification | null;
}

/** Follows (or asks to follow a locked account). Re-following updates the options only. */
export function follow(
  db: Database,
  followerId: string,
  followeeId: string,
  options: { reblogs?: boolean; notify?: boolean; createdAt?: string } = {},
): FollowResult {
  return db.transaction((): FollowResult => {
    const existing = getFollow(db, followerId, followeeId);
    if (existing) {
      sql(
        db,
        'UPDATE follows SET show_reblogs = ?, notify = ? WHERE follower_id = ? AND followee_id = ?',
      ).run(
        options.reblogs === undefined ? existing.show_reblogs : options.reblogs ? 1 : 0,
        options.notify === undefined ? existing.notify : options.notify ? 1 : 0,
        followerId,
        followeeId,
      );
      return { state: existing.state, notification: null };
    }
    const followee = sql(db, 'SELECT locked FROM accounts WHERE id = ?').get(followeeId) as {
      locked: number;
    };
    const state = followee.locked ? 'pending' : 'accepted';
    sql(
      db,
      `INSERT INTO follows (id, follower_id, followee_id, state, show_reblogs, notify, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      newId(),
      followerId,
      followeeId,
      state,
      options.reblogs === false ? 0 : 1,
      options.notify ? 1 : 0,
      options.createdAt ?? nowIso(),
    );
    if (state === 'accepted') backfillHomeFeed(db, followerId, followeeId);
    const notification = insertNotification(db, {
      accountId: followeeId,
      type: state === 'accepted' ? 'follow' : 'follow_request',
      fromId: followerId,
      createdAt: options.createdAt,
    });
    return { state, notification };
  })();
}

/** Turns a pending request into a follow (used by follow-request approval). */
export function acceptFollow(db: Database, followerId: string, followeeId: string): boolean {
  return db.transaction(() => {
    const result = sql(
      db,
      "UPDATE follows SET state = 'accepted' WHERE follower_id = ? AND followee_id = ? AND state = 'pending'",
    ).run(followerId, followeeId);
    if (result.changes === 0) return false;
    backfillHomeFeed(db, followerId, followeeId);
    sql(
      db,
      "UPDATE notifications SET type = 'follow' WHERE account_id = ? AND from_account_id = ? AND type = 'follow_request'",
    ).run(followeeId, followerId);
    return true;
  })();
}

export function unfollow(db: Database, followerId: string, followeeId: string): void {
  db.transaction(() => {
    const existing = getFollow(db, followerId, followeeId);
    if (!existing) return;
    sql(db, 'DELETE FROM follows WHERE follower_id = ? AND followee_id = ?').run(
      followerId,
      followeeId,
    );
    if (existing.state === 'accepted') {
      trimHomeFeed(db, followerId, followeeId);
      // As Mastodon does: an account you stop following leaves your lists.
      sql(
        db,
        'DELETE FROM list_accounts WHERE account_id = ? AND list_id IN (SELECT id FROM lists WHERE account_id = ?)',
      ).run(followeeId, followerId);
    } else
      sql(
        db,
        "DELETE FROM notifications WHERE account_id = ? AND from_account_id = ? AND type = 'follow_request'",
      ).run(followeeId, followerId);
  })();
}
