import type { Database } from 'better-sqlite3';
import { sql, nowIso } from './index.ts';
import { newId } from './ids.ts';
import { insertNotification, type CreatedNotification } from './notifications.ts';

export type ReportState = 'open' | 'closed' | 'resolved';
export const REPORT_STATES: readonly ReportState[] = ['open', 'closed', 'resolved'];

export interface ReportRow {
  id: string;
  account_id: string;
  target_id: string;
  comment: string;
  forwarded: number;
  state: ReportState;
  status_ids_json: string;
  created_at: string;
  updated_at: string;
}

export function getReport(db: Database, id: string): ReportRow | undefined {
  return sql(db, 'SELECT * FROM reports WHERE id = ?').get(id) as ReportRow | undefined;
}

export function reportStatusIds(report: ReportRow): string[] {
  try {
    const value = JSON.parse(report.status_ids_json) as unknown;
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** Files a report and notifies every local admin and moderator (except the reporter). */
export function insertReport(
  db: Database,
  input: {
    accountId: string;
    targetId: string;
    comment: string;
    forward: boolean;
    statusIds: string[];
    createdAt?: string;
  },
): { report: ReportRow; notifications: CreatedNotification[] } {
  return db.transaction(() => {
    const id = newId();
    const at = input.createdAt ?? nowIso();
    sql(
      db,
      `INSERT INTO reports (id, account_id, target_id, comment, forwarded, status_ids_json, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      input.accountId,
      input.targetId,
      input.comment,
      input.forward ? 1 : 0,
      JSON.stringify(input.statusIds),
      at,
      at,
    );
    const staff = sql(
      db,
      'SELECT id FROM accounts WHERE local = 1 AND deactivated = 0 AND (is_admin = 1 OR is_moderator = 1)',
    ).all() as { id: string }[];
    const notifications: CreatedNotification[] = [];
    for (const member of staff) {
      const created = insertNotification(db, {
        accountId: member.id,
        type: 'pleroma:report',
        fromId: input.accountId,
        reportId: id,
        createdAt: at,
      });
      if (created) notifications.push(created);
    }
    return { report: getReport(db, id)!, notifications };
  })();
}

export function setReportState(db: Database, id: string, state: ReportState): boolean {
  return (
    sql(db, 'UPDATE reports SET state = ?, updated_at = ? WHERE id = ?').run(state, nowIso(), id)
      .changes > 0
  );
}
