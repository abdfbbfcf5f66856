import { randomUUID } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import { sql } from '../db/index.ts';
import { findAccountByAcct } from '../db/accounts.ts';
import { idAt } from '../db/ids.ts';
import { insertNotification, type NotificationType } from '../db/notifications.ts';
import { escapeHtml, hostOf } from '../views/html.ts';
import { seedDemoData } from './index.ts';

const BULK_TAGS = ['birds', 'starling', 'coffee', 'gardening', 'music'];

/**
 * Inserts `count` public statuses by the seeded accounts in one transaction, with their
 * home-feed rows (author and local followers), for benchmarks. Seeds the demo data first if needed.
 */
export function addBulkStatuses(ctx: ServerContext, count: number): void {
  if (!Number.isInteger(count) || count <= 0) return;
  seedDemoData(ctx);
  const db = ctx.db;
  const authors = sql(db, 'SELECT id, local FROM accounts ORDER BY id').all() as {
    id: string;
    local: number;
  }[];
  const followersOf = new Map<string, string[]>();
  for (const author of authors) {
    const rows = sql(
      db,
      `SELECT f.follower_id AS id FROM follows f JOIN accounts a ON a.id = f.follower_id
       WHERE f.followee_id = ? AND f.state = 'accepted' AND a.local = 1`,
    ).all(author.id) as { id: string }[];
    followersOf.set(
      author.id,
      rows.map((r) => r.id),
    );
  }
  const insertConversation = db.prepare('INSERT INTO conversations (context_key) VALUES (?)');
  const insertStatus = db.prepare(
    `INSERT INTO statuses (id, account_id, local, visibility, content_source, content_html, conversation_id, app_name, object_key, created_at)
     VALUES (?, ?, ?, 'public', ?, ?, ?, 'Starling bench', ?, ?)`,
  );
  const insertFeed = db.prepare(
    'INSERT OR IGNORE INTO home_feed (account_id, status_id) VALUES (?, ?)',
  );
  const updateCounts = db.prepare(
    'UPDATE accounts SET statuses_count = statuses_count + ?, last_status_at = max(ifnull(last_status_at, ?), ?) WHERE id = ?',
  );

  db.transaction(() => {
    const start = Date.now() - count;
    const perAuthor = new Map<string, { n: number; last: string }>();
    for (let i = 0; i < count; i++) {
      const author = authors[i % authors.length]!;
      const at = start + i;
      const createdAt = new Date(at).toISOString();
      const id = idAt(at);
      const text = `Bulk post number ${i + 1} about ${BULK_TAGS[i % BULK_TAGS.length]}.`;
      const conversation = Number(insertConversation.run(randomUUID()).lastInsertRowid);
      insertStatus.run(
        id,
        author.id,
        author.local,
        text,
        escapeHtml(text),
        conversation,
        randomUUID(),
        createdAt,
      );
      if (author.local) insertFeed.run(author.id, id);
      for (const follower of followersOf.get(author.id) ?? []) insertFeed.run(follower, id);
      const entry = perAuthor.get(author.id) ?? { n: 0, last: createdAt };
      entry.n += 1;
      entry.last = createdAt;
      perAuthor.set(author.id, entry);
    }
    for (const [authorId, { n, last }] of perAuthor) updateCounts.run(n, last, last, authorId);
  })();
}

/** The kinds bulk notifications take in turn, each about a post of the recipient's where it has one. */
const BULK_NOTIFICATION_TYPES: readonly NotificationType[] = [
  'favourite',
  'reblog',
  'mention',
  'pleroma:emoji_reaction',
  'follow',
];

/**
 * Gives the local user `username` `count` notifications (already seen, as after earlier visits)
 * from the other local accounts that have posted, in turn, in one transaction, for benchmarks of long lists. Likes,
 * repeats and reactions are about the user's own posts; mentions carry a post of the sender's.
 */
export function addBulkNotifications(ctx: ServerContext, username: string, count: number): void {
  if (!Number.isInteger(count) || count <= 0) return;
  seedDemoData(ctx);
  const db = ctx.db;
  const recipient = findAccountByAcct(db, username, hostOf(ctx.origin));
  if (!recipient) throw new Error(`no local account ${username}`);
  const latestPostOf = (accountId: string) =>
    (
      sql(
        db,
        `SELECT id FROM statuses WHERE account_id = ? AND visibility = 'public' AND reblog_of_id IS NULL
         ORDER BY id DESC LIMIT 1`,
      ).get(accountId) as { id: string } | undefined
    )?.id ?? null;
  const senders = (
    sql(db, 'SELECT id FROM accounts WHERE local = 1 AND id != ? ORDER BY id').all(
      recipient.id,
    ) as { id: string }[]
  )
    .map((row) => ({ id: row.id, post: latestPostOf(row.id) }))
    // A mention without its post would be skipped as malformed: senders are those who posted.
    .filter((sender) => sender.post !== null);
  if (senders.length === 0) throw new Error('no local account with a public post');
  const ownPost = latestPostOf(recipient.id);
  db.transaction(() => {
    const start = Date.now() - count;
    for (let i = 0; i < count; i++) {
      const sender = senders[i % senders.length]!;
      const type = BULK_NOTIFICATION_TYPES[i % BULK_NOTIFICATION_TYPES.length]!;
      const statusId = type === 'follow' ? null : type === 'mention' ? sender.post : ownPost;
      insertNotification(db, {
        accountId: recipient.id,
        type,
        fromId: sender.id,
        statusId,
        emoji: type === 'pleroma:emoji_reaction' ? '🐦' : null,
        createdAt: new Date(start + i).toISOString(),
      });
    }
    sql(db, 'UPDATE notifications SET seen = 1 WHERE account_id = ?').run(recipient.id);
  })();
}
