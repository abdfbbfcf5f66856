import type { Database } from 'better-sqlite3';
import { IDEMPOTENCY_WINDOW_MS } from './idempotency.ts';
import { nowIso, sql } from './index.ts';
import { newId } from './ids.ts';
import type { PageRequest } from './timelines.ts';

/**
 * Pleroma chats: one chat per pair of accounts, with its messages. Both members see the same chat
 * id; what differs per member (the other account, unread counts) is worked out for a viewer.
 */

export interface ChatRow {
  id: string;
  first_account_id: string;
  second_account_id: string;
  updated_at: string;
}

export interface ChatMessageRow {
  id: string;
  chat_id: string;
  account_id: string;
  content_source: string | null;
  content_html: string | null;
  media_id: string | null;
  /** The recipient's: 1 until the member who did not write it reads it. */
  unread: number;
  idempotency_key: string | null;
  created_at: string;
}

const pairOf = (a: string, b: string): [string, string] => (a <= b ? [a, b] : [b, a]);

export function isChatMember(chat: ChatRow, accountId: string): boolean {
  return chat.first_account_id === accountId || chat.second_account_id === accountId;
}

/** The member who is not `viewerId` (the viewer again in a chat with oneself). */
export function otherMember(chat: ChatRow, viewerId: string): string {
  return chat.first_account_id === viewerId ? chat.second_account_id : chat.first_account_id;
}

export function getChat(db: Database, id: string): ChatRow | undefined {
  return sql(db, 'SELECT * FROM chats WHERE id = ?').get(id) as ChatRow | undefined;
}

/** The chat of `viewerId` with this id; undefined when there is none or the viewer is not in it. */
export function chatOf(db: Database, viewerId: string, id: string): ChatRow | undefined {
  const chat = getChat(db, id);
  return chat && isChatMember(chat, viewerId) ? chat : undefined;
}

export function chatBetween(db: Database, a: string, b: string): ChatRow | undefined {
  return sql(db, 'SELECT * FROM chats WHERE first_account_id = ? AND second_account_id = ?').get(
    ...pairOf(a, b),
  ) as ChatRow | undefined;
}

/** The one chat of the pair, created when there is none yet. */
export function findOrCreateChat(db: Database, a: string, b: string): ChatRow {
  const [first, second] = pairOf(a, b);
  sql(
    db,
    `INSERT INTO chats (id, first_account_id, second_account_id, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (first_account_id, second_account_id) DO NOTHING`,
  ).run(newId(), first, second, nowIso());
  return chatBetween(db, first, second)!;
}

/** The SQL of the viewer's chats, leaving out those whose other member is in `@excluded`. */
const VIEWER_CHATS = `(first_account_id = @viewer OR second_account_id = @viewer)
  AND (CASE WHEN first_account_id = @viewer THEN second_account_id ELSE first_account_id END)
      NOT IN (SELECT value FROM json_each(@excluded))`;

/** Every chat of the viewer, most recently updated first (Pleroma's unpaginated v1 list). */
export function allChats(db: Database, viewerId: string, excludedIds: string[]): ChatRow[] {
  return sql(db, `SELECT * FROM chats WHERE ${VIEWER_CHATS} ORDER BY updated_at DESC, id DESC`).all(
    { viewer: viewerId, excluded: JSON.stringify(excludedIds) },
  ) as ChatRow[];
}

/**
 * One page of the viewer's chats in the v1 list's order. The page ids are chat ids: max_id asks
 * for the chats after that chat in this order, min_id and since_id for those before it. A chat of
 * the viewer's that is not known gives an empty page.
 */
export function chatPage(
  db: Database,
  viewerId: string,
  excludedIds: string[],
  page: PageRequest,
): ChatRow[] {
  const cursor = (id: string | undefined) => (id ? (chatOf(db, viewerId, id) ?? null) : undefined);
  const before = cursor(page.maxId);
  const after = cursor(page.minId ?? page.sinceId);
  if (before === null || after === null) return [];
  const where = [VIEWER_CHATS];
  const params: Record<string, unknown> = {
    viewer: viewerId,
    excluded: JSON.stringify(excludedIds),
    limit: page.limit,
  };
  if (before) {
    where.push('(updated_at, id) < (@beforeAt, @beforeId)');
    params.beforeAt = before.updated_at;
    params.beforeId = before.id;
  }
  if (after) {
    where.push('(updated_at, id) > (@afterAt, @afterId)');
    params.afterAt = after.updated_at;
    params.afterId = after.id;
  }
  // min_id: the page just newer than the cursor, picked oldest first.
  const ascending = page.minId !== undefined;
  const rows = sql(
    db,
    `SELECT * FROM chats WHERE ${where.join(' AND ')}
     ORDER BY updated_at ${ascending ? 'ASC' : 'DESC'}, id ${ascending ? 'ASC' : 'DESC'} LIMIT @limit`,
  ).all(params) as ChatRow[];
  return ascending ? rows.reverse() : rows;
}

export function getChatMessage(db: Database, id: string): ChatMessageRow | undefined {
  return sql(db, 'SELECT * FROM chat_messages WHERE id = ?').get(id) as ChatMessageRow | undefined;
}

/** One page of a chat's messages, newest first, paged by message id. */
export function chatMessagePage(db: Database, chatId: string, page: PageRequest): ChatMessageRow[] {
  const where = ['chat_id = @chat'];
  const params: Record<string, unknown> = { chat: chatId, limit: page.limit };
  if (page.maxId) {
    where.push('id < @max');
    params.max = page.maxId;
  }
  const lower = page.minId ?? page.sinceId;
  if (lower) {
    where.push('id > @min');
    params.min = lower;
  }
  const ascending = page.minId !== undefined;
  const rows = sql(
    db,
    `SELECT * FROM chat_messages WHERE ${where.join(' AND ')}
     ORDER BY id ${ascending ? 'ASC' : 'DESC'} LIMIT @limit`,
  ).all(params) as ChatMessageRow[];
  return ascending ? rows.reverse() : rows;
}

export function lastChatMessage(db: Database, chatId: string): ChatMessageRow | undefined {
  return sql(db, 'SELECT * FROM chat_messages WHERE chat_id = ? ORDER BY id DESC LIMIT 1').get(
    chatId,
  ) as ChatMessageRow | undefined;
}

/** Messages of the chat the viewer has not read (those the other member wrote). */
export function unreadCount(db: Database, chatId: string, viewerId: string): number {
  return (
    sql(
      db,
      'SELECT count(*) AS n FROM chat_messages WHERE chat_id = ? AND account_id != ? AND unread = 1',
    ).get(chatId, viewerId) as { n: number }
  ).n;
}

/** Whether the message counts as unread for the viewer. */
export function isUnreadFor(message: ChatMessageRow, viewerId: string): boolean {
  return message.unread === 1 && message.account_id !== viewerId;
}

/** The idempotency key a client sent with the message, while a repeat still finds it. */
export function liveIdempotencyKey(message: ChatMessageRow, now = Date.now()): string | null {
  if (!message.idempotency_key) return null;
  return Date.parse(message.created_at) >= now - IDEMPOTENCY_WINDOW_MS
    ? message.idempotency_key
    : null;
}

/** The message an earlier send with this key created in the chat, within the window. */
export function chatMessageForIdempotencyKey(
  db: Database,
  chatId: string,
  accountId: string,
  key: string,
  now = Date.now(),
): ChatMessageRow | undefined {
  return sql(
    db,
    `SELECT * FROM chat_messages WHERE account_id = ? AND idempotency_key = ? AND chat_id = ?
       AND created_at >= ? ORDER BY id DESC LIMIT 1`,
  ).get(accountId, key, chatId, new Date(now - IDEMPOTENCY_WINDOW_MS).toISOString()) as
    ChatMessageRow | undefined;
}

export interface NewChatMessage {
  chatId: string;
  accountId: string;
  contentSource: string | null;
  contentHtml: string | null;
  mediaId: string | null;
  idempotencyKey: string | null;
  /** Seeded messages are dated in the past; their unread state is given. */
  createdAt?: string;
  id?: string;
  unread?: boolean;
}

/** Stores a message and moves its chat to the top of both members' lists. */
export function insertChatMessage(db: Database, input: NewChatMessage): ChatMessageRow {
  const id = input.id ?? newId();
  const createdAt = input.createdAt ?? nowIso();
  sql(
    db,
    `INSERT INTO chat_messages (id, chat_id, account_id, content_source, content_html, media_id,
       unread, idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    input.chatId,
    input.accountId,
    input.contentSource,
    input.contentHtml,
    input.mediaId,
    input.unread === false ? 0 : 1,
    input.idempotencyKey,
    createdAt,
  );
  sql(db, 'UPDATE chats SET updated_at = ? WHERE id = ?').run(createdAt, input.chatId);
  return getChatMessage(db, id)!;
}

export function deleteChatMessage(db: Database, id: string): void {
  sql(db, 'DELETE FROM chat_messages WHERE id = ?').run(id);
}

/** Marks what the other member wrote up to `lastReadId` (inclusive) read by the viewer. */
export function markChatRead(db: Database, chatId: string, viewerId: string, lastReadId: string) {
  sql(
    db,
    'UPDATE chat_messages SET unread = 0 WHERE chat_id = ? AND account_id != ? AND id <= ? AND unread = 1',
  ).run(chatId, viewerId, lastReadId);
}

/** Marks one message read by the viewer (a no-op on the viewer's own message). */
export function markChatMessageRead(db: Database, messageId: string, viewerId: string) {
  sql(db, 'UPDATE chat_messages SET unread = 0 WHERE id = ? AND account_id != ?').run(
    messageId,
    viewerId,
  );
}

/** Removes every chat an account is in, with their messages (an account being purged). */
export function deleteChatsOf(db: Database, accountId: string): void {
  sql(db, 'DELETE FROM chats WHERE first_account_id = ? OR second_account_id = ?').run(
    accountId,
    accountId,
  );
}
