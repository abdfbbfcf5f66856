import { getStatus, canView } from '../db/statuses.ts';
import type { NotificationRow } from '../db/notifications.ts';
import { renderAccountById } from './account.ts';
import type { RenderContext } from './context.ts';
import { renderStatus } from './status.ts';

/** Notification JSON as Pleroma renders it; null when its status is gone or hidden. */
export function renderNotification(
  rc: RenderContext,
  row: NotificationRow,
): Record<string, unknown> | null {
  const account = renderAccountById(rc, row.from_account_id);
  if (!account) return null;
  const out: Record<string, unknown> = {
    id: row.id,
    group_key: `ungrouped-${row.id}`,
    type: row.type,
    created_at: row.created_at,
    account,
    pleroma: { is_seen: row.seen === 1, is_muted: false },
  };
  if (row.status_id) {
    const status = getStatus(rc.db, row.status_id);
    if (!status || !canView(rc.db, status, rc.viewerId)) return null;
    out.status = renderStatus(rc, status);
  }
  if (row.emoji) out.emoji = row.emoji;
  return out;
}
