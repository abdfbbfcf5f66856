import type { ServerContext } from '../context.ts';
import { findAccountByAcct } from '../db/accounts.ts';
import { getSetting, setSetting, sql } from '../db/index.ts';
import { favourite, react } from '../db/interactions.ts';
import { insertNotification, notifyEndedPolls } from '../db/notifications.ts';
import type { StatusRow } from '../db/statuses.ts';
import { hostOf } from '../views/html.ts';

/**
 * Gives alice a varied notifications column: likes and a reaction from several people, a move,
 * a poll that ended, and older notifications already seen. Runs once per data folder.
 */
const NOTIFICATIONS_SEED_KEY = 'seed_notifications_version';
const NOTIFICATIONS_SEED_VERSION = '1';
/** Alice's newest notifications stay unseen; the rest were read on an earlier visit. */
const UNSEEN_KEPT = 12;

export function seedNotifications(ctx: ServerContext): void {
  const db = ctx.db;
  if (getSetting(db, NOTIFICATIONS_SEED_KEY) === NOTIFICATIONS_SEED_VERSION) return;
  const host = hostOf(ctx.origin);
  const idOf = (acct: string) => findAccountByAcct(db, acct, host)?.id;
  const alice = idOf('alice');
  if (!alice) return;
  db.transaction(() => {
    const ownPosts = sql(
      db,
      `SELECT * FROM statuses WHERE account_id = ? AND visibility = 'public' AND reblog_of_id IS NULL
       ORDER BY id DESC LIMIT 3`,
    ).all(alice) as StatusRow[];
    ownPosts.forEach((status, index) => {
      for (const fan of ['carol', 'dave', 'erin'].slice(index)) {
        const fanId = idOf(fan);
        if (fanId) favourite(db, fanId, status);
      }
    });
    const latest = ownPosts[0];
    const bob = idOf('bob');
    if (latest && bob) react(db, bob, latest, '🐦');
    // heron@birds.example moved to robin@elsewhere.example (moves come from other servers).
    const heron = idOf('heron@birds.example');
    const robin = idOf('robin@elsewhere.example');
    if (heron && robin)
      insertNotification(db, { accountId: alice, type: 'move', fromId: heron, targetId: robin });
    notifyEndedPolls(db);
    sql(
      db,
      `UPDATE notifications SET seen = 1 WHERE account_id = ? AND id NOT IN
         (SELECT id FROM notifications WHERE account_id = ? ORDER BY id DESC LIMIT ${UNSEEN_KEPT})`,
    ).run(alice, alice);
    setSetting(db, NOTIFICATIONS_SEED_KEY, NOTIFICATIONS_SEED_VERSION);
  })();
}
