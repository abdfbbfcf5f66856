import type { Database } from 'better-sqlite3';
import { newId } from './ids.ts';
import { nowIso, sql } from './index.ts';

export interface AnnouncementRow {
  id: string;
  content_source: string;
  starts_at: string | null;
  ends_at: string | null;
  all_day: number;
  published_at: string;
  updated_at: string;
}

export interface AnnouncementInput {
  content: string;
  startsAt: string | null;
  endsAt: string | null;
  allDay: boolean;
}

/** Newest first, as a reader wants them. */
const ORDER = 'ORDER BY published_at DESC, id DESC';

export function getAnnouncement(db: Database, id: string): AnnouncementRow | undefined {
  return sql(db, 'SELECT * FROM announcements WHERE id = ?').get(id) as AnnouncementRow | undefined;
}

/** Every announcement, active or not (the admin list). */
export function allAnnouncements(db: Database, limit: number, offset: number): AnnouncementRow[] {
  return sql(db, `SELECT * FROM announcements ${ORDER} LIMIT ? OFFSET ?`).all(
    limit,
    offset,
  ) as AnnouncementRow[];
}

/** Those running at `now`: started (or without a start) and not ended (or without an end). */
export function activeAnnouncements(db: Database, now = nowIso()): AnnouncementRow[] {
  return sql(
    db,
    `SELECT * FROM announcements
     WHERE (starts_at IS NULL OR starts_at <= ?) AND (ends_at IS NULL OR ends_at >= ?) ${ORDER}`,
  ).all(now, now) as AnnouncementRow[];
}

export function insertAnnouncement(
  db: Database,
  input: AnnouncementInput,
  options: { id?: string; publishedAt?: string } = {},
): AnnouncementRow {
  const id = options.id ?? newId();
  const at = options.publishedAt ?? nowIso();
  sql(
    db,
    `INSERT INTO announcements (id, content_source, starts_at, ends_at, all_day, published_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, input.content, input.startsAt, input.endsAt, input.allDay ? 1 : 0, at, at);
  return getAnnouncement(db, id)!;
}

export function updateAnnouncement(
  db: Database,
  row: AnnouncementRow,
  changes: Partial<AnnouncementInput>,
): AnnouncementRow {
  sql(
    db,
    `UPDATE announcements SET content_source = ?, starts_at = ?, ends_at = ?, all_day = ?, updated_at = ?
     WHERE id = ?`,
  ).run(
    changes.content ?? row.content_source,
    changes.startsAt !== undefined ? changes.startsAt : row.starts_at,
    changes.endsAt !== undefined ? changes.endsAt : row.ends_at,
    changes.allDay !== undefined ? (changes.allDay ? 1 : 0) : row.all_day,
    nowIso(),
    row.id,
  );
  return getAnnouncement(db, row.id)!;
}

export function deleteAnnouncement(db: Database, id: string): void {
  sql(db, 'DELETE FROM announcements WHERE id = ?').run(id);
}

export function markAnnouncementRead(db: Database, id: string, accountId: string): void {
  sql(
    db,
    'INSERT OR IGNORE INTO announcement_reads (announcement_id, account_id) VALUES (?, ?)',
  ).run(id, accountId);
}

/** The ids of every announcement `accountId` has read. */
export function readAnnouncementIds(db: Database, accountId: string): Set<string> {
  const rows = sql(db, 'SELECT announcement_id FROM announcement_reads WHERE account_id = ?').all(
    accountId,
  ) as { announcement_id: string }[];
  return new Set(rows.map((r) => r.announcement_id));
}
