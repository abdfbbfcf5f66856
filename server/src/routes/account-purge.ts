import type { ServerContext } from '../context.ts';
import { deleteChatsOf } from '../db/chats.ts';
import { nowIso, sql } from '../db/index.ts';
import { deleteStatus, getStatus } from '../db/statuses.ts';
import { publishStatusDeleted } from './publish.ts';

/**
 * Removes an account's data, for the admin delete and for a user deleting their own account:
 * every status they wrote or repeated (each leaves every timeline and stream), their follows both
 * ways, their scheduled posts, their chats, and their sessions. The account row stays,
 * deactivated, so that references to it (reports, notifications) still render.
 */
export function purgeAccount(ctx: ServerContext, accountId: string): void {
  const db = ctx.db;
  const ids = (
    sql(db, 'SELECT id FROM statuses WHERE account_id = ? ORDER BY id DESC').all(accountId) as {
      id: string;
    }[]
  ).map((r) => r.id);
  for (const id of ids) {
    const status = getStatus(db, id);
    if (status) publishStatusDeleted(ctx, deleteStatus(db, status));
  }
  db.transaction(() => {
    sql(db, 'DELETE FROM follows WHERE follower_id = ? OR followee_id = ?').run(
      accountId,
      accountId,
    );
    sql(db, 'UPDATE accounts SET deactivated = 1 WHERE id = ?').run(accountId);
    sql(db, 'DELETE FROM scheduled_statuses WHERE account_id = ?').run(accountId);
    deleteChatsOf(db, accountId);
    sql(
      db,
      'UPDATE oauth_tokens SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL',
    ).run(nowIso(), accountId);
  })();
}
