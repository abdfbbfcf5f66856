import type { Database } from 'better-sqlite3';
import { sql } from './index.ts';
import { notBlockedBySql } from './relations.ts';
import type { PageRequest } from './timelines.ts';

export interface ConversationSummary {
  conversation: number;
  last_id: string;
  read_through_id: string;
}

/** The viewer's direct messages; those from accounts the viewer blocks are left out. */
const VISIBLE_DIRECT = `s.visibility = 'direct'
  AND (s.account_id = @viewer OR s.id IN (SELECT status_id FROM status_mentions WHERE account_id = @viewer))
  AND ${notBlockedBySql('s.account_id', '@viewer')}`;

/**
 * The viewer's direct conversations, newest message first, paged by that message's id as
 * Mastodon pages /api/v1/conversations. A hidden conversation comes back with a newer message.
 */
export function conversationPage(
  db: Database,
  viewerId: string,
  page: PageRequest,
): ConversationSummary[] {
  const ascending = page.minId !== undefined;
  const rows = sql(
    db,
    `SELECT s.conversation_id AS conversation, max(s.id) AS last_id,
            coalesce(cs.read_through_id, '') AS read_through_id
       FROM statuses s
       LEFT JOIN conversation_states cs
         ON cs.account_id = @viewer AND cs.conversation_id = s.conversation_id
      WHERE ${VISIBLE_DIRECT}
      GROUP BY s.conversation_id
     HAVING max(s.id) > coalesce(cs.hidden_through_id, '')
        AND (@max = '' OR max(s.id) < @max)
        AND (@since = '' OR max(s.id) > @since)
      ORDER BY last_id ${ascending ? 'ASC' : 'DESC'}
      LIMIT @limit`,
  ).all({
    viewer: viewerId,
    max: page.maxId ?? '',
    since: page.minId ?? page.sinceId ?? '',
    limit: page.limit,
  }) as ConversationSummary[];
  return ascending ? rows.reverse() : rows;
}

export function conversationSummary(
  db: Database,
  viewerId: string,
  conversationId: number,
): ConversationSummary | undefined {
  const row = sql(
    db,
    `SELECT s.conversation_id AS conversation, max(s.id) AS last_id,
            coalesce((SELECT read_through_id FROM conversation_states
                       WHERE account_id = @viewer AND conversation_id = @conversation), '') AS read_through_id
       FROM statuses s
      WHERE s.conversation_id = @conversation AND ${VISIBLE_DIRECT}`,
  ).get({ viewer: viewerId, conversation: conversationId }) as ConversationSummary;
  return row.last_id ? row : undefined;
}

/** Everyone who wrote or was addressed in the conversation's direct messages, except the viewer. */
export function conversationParticipants(
  db: Database,
  viewerId: string,
  conversationId: number,
): string[] {
  return (
    sql(
      db,
      `SELECT account_id FROM (
         SELECT s.account_id, min(s.id) AS first FROM statuses s
          WHERE s.conversation_id = @conversation AND ${VISIBLE_DIRECT} GROUP BY s.account_id
         UNION ALL
         SELECT m.account_id, min(s.id) AS first FROM status_mentions m JOIN statuses s ON s.id = m.status_id
          WHERE s.conversation_id = @conversation AND ${VISIBLE_DIRECT} GROUP BY m.account_id)
        WHERE account_id != @viewer GROUP BY account_id ORDER BY min(first)`,
    ).all({ viewer: viewerId, conversation: conversationId }) as { account_id: string }[]
  ).map((r) => r.account_id);
}

function setState(
  db: Database,
  viewerId: string,
  conversationId: number,
  column: 'read_through_id' | 'hidden_through_id',
  value: string,
): void {
  sql(
    db,
    `INSERT INTO conversation_states (account_id, conversation_id, ${column}) VALUES (?, ?, ?)
     ON CONFLICT (account_id, conversation_id) DO UPDATE SET ${column} = excluded.${column}`,
  ).run(viewerId, conversationId, value);
}

export function markConversationRead(db: Database, viewerId: string, summary: ConversationSummary) {
  setState(db, viewerId, summary.conversation, 'read_through_id', summary.last_id);
}

export function hideConversation(db: Database, viewerId: string, summary: ConversationSummary) {
  setState(db, viewerId, summary.conversation, 'hidden_through_id', summary.last_id);
  setState(db, viewerId, summary.conversation, 'read_through_id', summary.last_id);
}
