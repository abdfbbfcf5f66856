import { getStatus } from '../db/statuses.ts';
import { reportStatusIds, type ReportRow } from '../db/reports.ts';
import { renderAccountById } from './account.ts';
import type { RenderContext } from './context.ts';
import { renderStatus } from './status.ts';

/**
 * What POST /api/v1/reports answers. Pleroma's own view has only id and action_taken; the
 * Mastodon fields are added so clients that read them find real values.
 */
export function renderReport(rc: RenderContext, row: ReportRow): Record<string, unknown> {
  return {
    id: row.id,
    action_taken: row.state !== 'open',
    action_taken_at: row.state !== 'open' ? row.updated_at : null,
    category: 'other',
    comment: row.comment,
    forwarded: row.forwarded === 1,
    created_at: row.created_at,
    status_ids: reportStatusIds(row),
    rule_ids: [],
    target_account: renderAccountById(rc, row.target_id),
  };
}

/** Pleroma's admin report (also the `report` of a pleroma:report notification). */
export function renderAdminReport(rc: RenderContext, row: ReportRow): Record<string, unknown> {
  const statuses = reportStatusIds(row)
    .map((id) => getStatus(rc.db, id))
    .filter((s) => s !== undefined)
    .map((s) => renderStatus(rc, s));
  return {
    id: row.id,
    state: row.state,
    account: renderAccountById(rc, row.target_id),
    actor: renderAccountById(rc, row.account_id),
    content: row.comment,
    created_at: row.created_at,
    statuses,
    notes: [],
    rules: [],
  };
}
