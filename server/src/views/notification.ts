import { getChatMessage } from '../db/chats.ts';
import { nowIso, sql } from '../db/index.ts';
import { getStatus, canView } from '../db/statuses.ts';
import type { NotificationRow } from '../db/notifications.ts';
import { getReport } from '../db/reports.ts';
import { renderAccountById } from './account.ts';
import { renderChatMessage } from './chat.ts';
import type { RenderContext } from './context.ts';
import { renderAdminReport } from './report.ts';
import { renderStatus } from './status.ts';

/** Notification JSON as Pleroma renders it; null when its status is gone or hidden. */
export function renderNotification(
  rc: RenderContext,
  row: NotificationRow,
): Record<string, unknown> | null {
  const account = renderAccountById(rc, row.from_account_id);
  if (!account) return null;
  const muted = Boolean(
    sql(
      rc.db,
      'SELECT 1 FROM mutes WHERE account_id = ? AND target_id = ? AND (expires_at IS NULL OR expires_at > ?)',
    ).get(row.account_id, row.from_account_id, nowIso()),
  );
  const out: Record<string, unknown> = {
    id: row.id,
    group_key: `ungrouped-${row.id}`,
    type: row.type,
    created_at: row.created_at,
    account,
    pleroma: { is_seen: row.seen === 1, is_muted: muted },
  };
  if (row.status_id) {
    const status = getStatus(rc.db, row.status_id);
    if (!status || !canView(rc.db, status, rc.viewerId)) return null;
    out.status = renderStatus(rc, status);
  }
  if (row.target_account_id) {
    const target = renderAccountById(rc, row.target_account_id);
    if (!target) return null;
    out.target = target;
  }
  if (row.emoji) {
    // Custom emoji are stored by bare shortcode; the notification names them as written, :code:.
    const custom = rc.emojiMap().get(row.emoji);
    out.emoji = custom ? `:${row.emoji}:` : row.emoji;
    out.emoji_url = custom ? rc.emojiUrl(custom.file_name) : null;
  }
  if (row.type === 'pleroma:chat_mention') {
    const message = row.chat_message_id ? getChatMessage(rc.db, row.chat_message_id) : undefined;
    if (!message) return null;
    out.chat_message = renderChatMessage(rc, message);
  }
  if (row.type === 'pleroma:report') {
    const report = row.report_id ? getReport(rc.db, row.report_id) : undefined;
    if (!report) return null;
    out.report = renderAdminReport(rc, report);
  }
  return out;
}
