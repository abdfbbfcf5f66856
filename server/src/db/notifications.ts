import type { Database } from 'better-sqlite3';
import { sql, nowIso } from './index.ts';
import { newId } from './ids.ts';
import { notificationSettingsOf } from './accounts.ts';

export type NotificationType =
  | 'mention'
  | 'follow'
  | 'follow_request'
  | 'favourite'
  | 'reblog'
  | 'poll'
  | 'update'
  | 'move'
  | 'pleroma:emoji_reaction'
  | 'pleroma:report'
  | 'pleroma:chat_mention';

export interface NotificationRow {
  id: string;
  account_id: string;
  type: string;
  from_account_id: string;
  status_id: string | null;
  emoji: string | null;
  report_id: string | null;
  target_account_id: string | null;
  chat_message_id: string | null;
  seen: number;
  created_at: string;
}

export interface CreatedNotification {
  id: string;
  accountId: string;
}

/** Records a notification unless it would notify someone about themselves or a remote account. */
export function insertNotification(
  db: Database,
  input: {
    accountId: string;
    type: NotificationType;
    fromId: string;
    statusId?: string | null;
    emoji?: string | null;
    reportId?: string | null;
    targetId?: string | null;
    chatMessageId?: string | null;
    createdAt?: string;
    /** A poll's author hears that their own poll ended. */
    allowSelf?: boolean;
  },
): CreatedNotification | null {
  if (input.accountId === input.fromId && !input.allowSelf) return null;
  const recipient = sql(
    db,
    'SELECT local, notification_settings_json FROM accounts WHERE id = ?',
  ).get(input.accountId) as { local: number; notification_settings_json: string } | undefined;
  if (!recipient || !recipient.local) return null;
  // notification_settings.block_from_strangers: only people the recipient follows notify them.
  if (
    notificationSettingsOf(recipient.notification_settings_json).blockFromStrangers &&
    !sql(
      db,
      "SELECT 1 FROM follows WHERE follower_id = ? AND followee_id = ? AND state = 'accepted'",
    ).get(input.accountId, input.fromId)
  )
    return null;
  // Pleroma does not notify about accounts the recipient blocks, or whose domain they block.
  if (
    sql(
      db,
      `SELECT 1 FROM blocks WHERE account_id = @recipient AND target_id = @from
       UNION ALL SELECT 1 FROM domain_blocks d JOIN accounts a ON lower(a.domain) = d.domain
         WHERE d.account_id = @recipient AND a.id = @from`,
    ).get({ recipient: input.accountId, from: input.fromId })
  )
    return null;
  const id = newId();
  sql(
    db,
    'INSERT INTO notifications (id, account_id, type, from_account_id, status_id, emoji, report_id, target_account_id, chat_message_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(
    id,
    input.accountId,
    input.type,
    input.fromId,
    input.statusId ?? null,
    input.emoji ?? null,
    input.reportId ?? null,
    input.targetId ?? null,
    input.chatMessageId ?? null,
    input.createdAt ?? nowIso(),
  );
  return { id, accountId: input.accountId };
}

export function getNotification(db: Database, id: string): NotificationRow | undefined {
  return sql(db, 'SELECT * FROM notifications WHERE id = ?').get(id) as NotificationRow | undefined;
}

/**
 * Pleroma tells a poll's author and every voter when the poll ends. Each poll is announced once;
 * polls that ended since the last sweep are found by their unannounced expiry.
 */
export function notifyEndedPolls(db: Database, now = nowIso()): CreatedNotification[] {
  const ended = sql(
    db,
    `SELECT p.id, p.status_id, s.account_id AS author_id FROM polls p JOIN statuses s ON s.id = p.status_id
     WHERE p.ended_notified_at IS NULL AND p.expires_at IS NOT NULL AND p.expires_at <= ?`,
  ).all(now) as { id: string; status_id: string; author_id: string }[];
  const created: CreatedNotification[] = [];
  for (const poll of ended) {
    sql(db, 'UPDATE polls SET ended_notified_at = ? WHERE id = ?').run(now, poll.id);
    const voters = (
      sql(db, 'SELECT DISTINCT account_id FROM poll_votes WHERE poll_id = ?').all(poll.id) as {
        account_id: string;
      }[]
    ).map((v) => v.account_id);
    for (const accountId of new Set([poll.author_id, ...voters])) {
      const notification = insertNotification(db, {
        accountId,
        type: 'poll',
        fromId: poll.author_id,
        statusId: poll.status_id,
        allowSelf: true,
        createdAt: now,
      });
      if (notification) created.push(notification);
    }
  }
  return created;
}
