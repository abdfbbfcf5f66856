import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { sql, nowIso } from './index.ts';
import { newId } from './ids.ts';
import { isFollowing } from './follows.ts';
import { insertNotification, type CreatedNotification } from './notifications.ts';

export type Visibility = 'public' | 'unlisted' | 'private' | 'direct';
export const VISIBILITIES: readonly Visibility[] = ['public', 'unlisted', 'private', 'direct'];

export interface StatusRow {
  id: string;
  account_id: string;
  local: number;
  visibility: Visibility;
  content_source: string;
  content_html: string;
  content_type: string;
  spoiler_text: string;
  sensitive: number;
  in_reply_to_id: string | null;
  in_reply_to_account_id: string | null;
  reblog_of_id: string | null;
  conversation_id: number;
  has_media: number;
  app_name: string | null;
  app_website: string | null;
  remote_uri: string | null;
  remote_url: string | null;
  object_key: string;
  created_at: string;
  edited_at: string | null;
}

export function getStatus(db: Database, id: string): StatusRow | undefined {
  return sql(db, 'SELECT * FROM statuses WHERE id = ?').get(id) as StatusRow | undefined;
}

export function isMentioned(db: Database, statusId: string, accountId: string): boolean {
  return Boolean(
    sql(db, 'SELECT 1 FROM status_mentions WHERE status_id = ? AND account_id = ?').get(
      statusId,
      accountId,
    ),
  );
}

/**
 * Pleroma's visibility rules: public and unlisted for everyone; private for the author, accepted
 * followers and mentioned accounts; direct for the author and mentioned accounts.
 */
export function canView(db: Database, status: StatusRow, viewerId: string | null): boolean {
  if (status.visibility === 'public' || status.visibility === 'unlisted') return true;
  if (!viewerId) return false;
  if (viewerId === status.account_id) return true;
  if (isMentioned(db, status.id, viewerId)) return true;
  return status.visibility === 'private' && isFollowing(db, viewerId, status.account_id);
}

export interface NewStatus {
  accountId: string;
  contentSource: string;
  contentHtml: string;
  contentType?: string;
  spoilerText?: string;
  sensitive?: boolean;
  visibility: Visibility;
  inReplyTo?: StatusRow | null;
  mentionIds: string[];
  /** Hashtag names as written; stored lowercased for lookup. */
  tags: string[];
  appName?: string | null;
  appWebsite?: string | null;
  id?: string;
  createdAt?: string;
}

export interface CreatedStatus {
  status: StatusRow;
  /** Accounts whose home feed received the status (author included). */
  homeRecipients: string[];
  mentionIds: string[];
  notifications: CreatedNotification[];
}

function newConversation(db: Database): number {
  return Number(
    sql(db, 'INSERT INTO conversations (context_key) VALUES (?)').run(randomUUID()).lastInsertRowid,
  );
}

/** Inserts a status with its mentions, tags, home-feed rows and mention notifications, atomically. */
export function insertStatus(db: Database, input: NewStatus): CreatedStatus {
  return db.transaction((): CreatedStatus => {
    const id = input.id ?? newId();
    const createdAt = input.createdAt ?? nowIso();
    const author = sql(db, 'SELECT local FROM accounts WHERE id = ?').get(input.accountId) as {
      local: number;
    };
    const conversationId = input.inReplyTo ? input.inReplyTo.conversation_id : newConversation(db);
    sql(
      db,
      `INSERT INTO statuses (id, account_id, local, visibility, content_source, content_html, content_type, spoiler_text,
         sensitive, in_reply_to_id, in_reply_to_account_id, conversation_id, app_name, app_website, object_key, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      input.accountId,
      author.local,
      input.visibility,
      input.contentSource,
      input.contentHtml,
      input.contentType ?? 'text/plain',
      input.spoilerText ?? '',
      input.sensitive ? 1 : 0,
      input.inReplyTo?.id ?? null,
      input.inReplyTo?.account_id ?? null,
      conversationId,
      input.appName ?? null,
      input.appWebsite ?? null,
      randomUUID(),
      createdAt,
    );
    const mentionIds = [...new Set(input.mentionIds)].filter((m) => m !== input.accountId);
    const insertMention = sql(
      db,
      'INSERT OR IGNORE INTO status_mentions (status_id, account_id) VALUES (?, ?)',
    );
    for (const accountId of mentionIds) insertMention.run(id, accountId);
    const insertTag = sql(
      db,
      'INSERT OR IGNORE INTO status_tags (tag, status_id, name, position) VALUES (?, ?, ?, ?)',
    );
    input.tags.forEach((tag, position) => insertTag.run(tag.toLowerCase(), id, tag, position));
    sql(
      db,
      'UPDATE accounts SET statuses_count = statuses_count + 1, last_status_at = max(ifnull(last_status_at, ?), ?) WHERE id = ?',
    ).run(createdAt, createdAt, input.accountId);

    const recipients = new Set<string>([input.accountId]);
    if (input.visibility !== 'direct') {
      const followers = sql(
        db,
        `SELECT f.follower_id AS id FROM follows f JOIN accounts a ON a.id = f.follower_id
         WHERE f.followee_id = ? AND f.state = 'accepted' AND a.local = 1`,
      ).all(input.accountId) as { id: string }[];
      for (const f of followers) recipients.add(f.id);
    }
    const localMentioned = mentionIds.filter(
      (m) =>
        (sql(db, 'SELECT local FROM accounts WHERE id = ?').get(m) as { local: number } | undefined)
          ?.local === 1,
    );
    for (const m of localMentioned) recipients.add(m);
    if (!author.local) recipients.delete(input.accountId);
    const insertFeed = sql(
      db,
      'INSERT OR IGNORE INTO home_feed (account_id, status_id) VALUES (?, ?)',
    );
    for (const accountId of recipients) insertFeed.run(accountId, id);

    const notifications: CreatedNotification[] = [];
    for (const accountId of mentionIds) {
      const created = insertNotification(db, {
        accountId,
        type: 'mention',
        fromId: input.accountId,
        statusId: id,
        createdAt,
      });
      if (created) notifications.push(created);
    }
    return {
      status: getStatus(db, id)!,
      homeRecipients: [...recipients],
      mentionIds,
      notifications,
    };
  })();
}

export interface DeletedStatus {
  status: StatusRow;
  homeRecipients: string[];
  mentionIds: string[];
  tags: string[];
}

export function statusMentionIds(db: Database, statusId: string): string[] {
  return (
    sql(db, 'SELECT account_id FROM status_mentions WHERE status_id = ?').all(statusId) as {
      account_id: string;
    }[]
  ).map((r) => r.account_id);
}

export function statusTagNames(db: Database, statusId: string): { tag: string; name: string }[] {
  return sql(db, 'SELECT tag, name FROM status_tags WHERE status_id = ? ORDER BY position').all(
    statusId,
  ) as {
    tag: string;
    name: string;
  }[];
}

/** Deletes a status (and, by cascade, its reblogs, feed rows, mentions, tags, notifications). */
export function deleteStatus(db: Database, status: StatusRow): DeletedStatus {
  return db.transaction((): DeletedStatus => {
    const homeRecipients = (
      sql(db, 'SELECT account_id FROM home_feed WHERE status_id = ?').all(status.id) as {
        account_id: string;
      }[]
    ).map((r) => r.account_id);
    const mentionIds = statusMentionIds(db, status.id);
    const tags = statusTagNames(db, status.id).map((t) => t.tag);
    sql(db, 'DELETE FROM statuses WHERE id = ?').run(status.id);
    if (status.reblog_of_id) {
      // A reblog never counted as a post; its notification points at the original.
      sql(
        db,
        "DELETE FROM notifications WHERE type = 'reblog' AND from_account_id = ? AND status_id = ?",
      ).run(status.account_id, status.reblog_of_id);
      return { status, homeRecipients, mentionIds, tags };
    }
    sql(
      db,
      `UPDATE accounts SET statuses_count = max(statuses_count - 1, 0),
         last_status_at = (SELECT max(created_at) FROM statuses WHERE account_id = ?) WHERE id = ?`,
    ).run(status.account_id, status.account_id);
    return { status, homeRecipients, mentionIds, tags };
  })();
}
