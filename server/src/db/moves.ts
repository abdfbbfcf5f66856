import type { Database } from 'better-sqlite3';
import { follow, unfollow } from './follows.ts';
import { sql } from './index.ts';
import { insertNotification, type CreatedNotification } from './notifications.ts';

/**
 * Records that `sourceId` moved to `targetId` (Pleroma's move_account) and tells its followers:
 * each gets a `move` notification, and each who allows following moves (allow_following_move)
 * follows the target instead of the source. Returns every notification created, for the streams.
 */
export function moveAccount(
  db: Database,
  sourceId: string,
  targetId: string,
): CreatedNotification[] {
  return db.transaction((): CreatedNotification[] => {
    sql(db, 'UPDATE accounts SET moved_to_id = ? WHERE id = ?').run(targetId, sourceId);
    const followers = sql(
      db,
      `SELECT a.id, a.allow_following_move FROM follows f JOIN accounts a ON a.id = f.follower_id
       WHERE f.followee_id = ? AND f.state = 'accepted' AND a.local = 1 AND a.deactivated = 0`,
    ).all(sourceId) as { id: string; allow_following_move: number }[];
    const created: CreatedNotification[] = [];
    for (const follower of followers) {
      const moved = insertNotification(db, {
        accountId: follower.id,
        type: 'move',
        fromId: sourceId,
        targetId,
      });
      if (moved) created.push(moved);
      if (!follower.allow_following_move || follower.id === targetId) continue;
      if (blockedEitherWay(db, follower.id, targetId)) continue;
      unfollow(db, follower.id, sourceId);
      const followed = follow(db, follower.id, targetId);
      if (followed.notification) created.push(followed.notification);
    }
    return created;
  })();
}

function blockedEitherWay(db: Database, a: string, b: string): boolean {
  return Boolean(
    sql(
      db,
      'SELECT 1 FROM blocks WHERE (account_id = ? AND target_id = ?) OR (account_id = ? AND target_id = ?)',
    ).get(a, b, b, a),
  );
}
