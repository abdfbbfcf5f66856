import type { Database } from 'better-sqlite3';
import { sql, nowIso } from './index.ts';
import { newId } from './ids.ts';

export type MediaType = 'image' | 'video' | 'gifv' | 'audio' | 'unknown';

export interface MediaRow {
  id: string;
  account_id: string;
  status_id: string | null;
  position: number;
  type: MediaType;
  file_path: string;
  preview_path: string | null;
  mime_type: string;
  description: string | null;
  meta_json: string;
  blurhash: string | null;
  remote_url: string | null;
  created_at: string;
}

export interface NewMedia {
  accountId: string;
  type: MediaType;
  filePath: string;
  previewPath?: string | null;
  mimeType: string;
  description?: string | null;
  meta?: Record<string, unknown>;
  blurhash?: string | null;
  statusId?: string | null;
  position?: number;
  remoteUrl?: string | null;
  createdAt?: string;
  id?: string;
}

export function insertMedia(db: Database, input: NewMedia): string {
  const id = input.id ?? newId();
  sql(
    db,
    `INSERT INTO media_attachments (id, account_id, status_id, position, type, file_path, preview_path, mime_type,
       description, meta_json, blurhash, remote_url, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    input.accountId,
    input.statusId ?? null,
    input.position ?? 0,
    input.type,
    input.filePath,
    input.previewPath ?? null,
    input.mimeType,
    input.description ?? null,
    JSON.stringify(input.meta ?? {}),
    input.blurhash ?? null,
    input.remoteUrl ?? null,
    input.createdAt ?? nowIso(),
  );
  if (input.statusId) markHasMedia(db, input.statusId);
  return id;
}

export function getMedia(db: Database, id: string): MediaRow | undefined {
  return sql(db, 'SELECT * FROM media_attachments WHERE id = ?').get(id) as MediaRow | undefined;
}

export function mediaOfStatus(db: Database, statusId: string): MediaRow[] {
  return sql(db, 'SELECT * FROM media_attachments WHERE status_id = ? ORDER BY position, id').all(
    statusId,
  ) as MediaRow[];
}

function markHasMedia(db: Database, statusId: string): void {
  const has = sql(db, 'SELECT 1 FROM media_attachments WHERE status_id = ? LIMIT 1').get(statusId)
    ? 1
    : 0;
  sql(db, 'UPDATE statuses SET has_media = ? WHERE id = ? OR reblog_of_id = ?').run(
    has,
    statusId,
    statusId,
  );
}

/** The scheduled status holding this media until it publishes, if any. */
export function scheduledHolderOf(db: Database, mediaId: string): string | null {
  const row = sql(
    db,
    'SELECT scheduled_status_id FROM scheduled_status_media WHERE media_id = ?',
  ).get(mediaId) as { scheduled_status_id: string } | undefined;
  return row?.scheduled_status_id ?? null;
}

/**
 * Checks media ids for a status: each must belong to the account and be unattached or already
 * attached to this status, and not be held by a chat message or a scheduled status other than
 * `scheduledId`.
 * Returns an error message or null.
 */
export function mediaProblem(
  db: Database,
  accountId: string,
  ids: string[],
  statusId: string | null,
  max: number,
  scheduledId: string | null = null,
): string | null {
  if (ids.length > max) return `Too many attachments (at most ${max})`;
  for (const id of ids) {
    const row = getMedia(db, id);
    if (!row || row.account_id !== accountId) return 'Invalid media_ids';
    if (row.status_id !== null && row.status_id !== statusId) return 'Invalid media_ids';
    const holder = scheduledHolderOf(db, id);
    if (holder !== null && holder !== scheduledId) return 'Invalid media_ids';
    if (sql(db, 'SELECT 1 FROM chat_messages WHERE media_id = ?').get(id))
      return 'Invalid media_ids';
  }
  return null;
}

/** Makes `ids` (in order) the attachments of the status; others are detached but kept. */
export function setStatusMedia(db: Database, statusId: string, ids: string[]): void {
  sql(db, 'UPDATE media_attachments SET status_id = NULL WHERE status_id = ?').run(statusId);
  const attach = sql(db, 'UPDATE media_attachments SET status_id = ?, position = ? WHERE id = ?');
  ids.forEach((id, position) => attach.run(statusId, position, id));
  markHasMedia(db, statusId);
}

export interface MediaChanges {
  /** null clears it; undefined keeps it. */
  description?: string | null;
  /** Focal point, each coordinate in -1..1; undefined keeps it. */
  focus?: { x: number; y: number };
}

/** Changes an attachment's description or focal point (attached or not). */
export function updateMedia(db: Database, id: string, changes: MediaChanges): MediaRow {
  return db.transaction((): MediaRow => {
    const row = getMedia(db, id);
    if (!row) throw new Error(`no media ${id}`);
    const description = changes.description === undefined ? row.description : changes.description;
    let metaJson = row.meta_json;
    if (changes.focus) {
      let meta: Record<string, unknown> = {};
      try {
        const parsed = JSON.parse(row.meta_json) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          meta = parsed as Record<string, unknown>;
      } catch {
        // unreadable meta is replaced
      }
      metaJson = JSON.stringify({ ...meta, focus: changes.focus });
    }
    sql(db, 'UPDATE media_attachments SET description = ?, meta_json = ? WHERE id = ?').run(
      description,
      metaJson,
      id,
    );
    return getMedia(db, id)!;
  })();
}
