import type { Database } from 'better-sqlite3';
import { sql, nowIso } from './index.ts';
import { formatWithMentions } from './compose.ts';
import { mediaOfStatus, setStatusMedia } from './media.ts';
import {
  deletePollOfStatus,
  insertPoll,
  pollOfStatus,
  pollOptions,
  type PollInput,
} from './polls.ts';
import { getStatus, type StatusRow } from './statuses.ts';
import type { PostFormat } from '../views/formats/index.ts';

export interface StatusEditRow {
  id: number;
  status_id: string;
  content_source: string;
  content_html: string;
  spoiler_text: string;
  sensitive: number;
  media_ids_json: string;
  poll_options_json: string | null;
  created_at: string;
}

export interface EditInput {
  text: string;
  spoilerText: string;
  sensitive: boolean;
  /** The post format of `text`; undefined keeps the status's own. */
  contentType?: PostFormat;
  /** undefined keeps the attachments. */
  mediaIds?: string[];
  /** undefined keeps the poll; null removes it. */
  poll?: PollInput | null;
  at?: string;
}

/**
 * Edits a status: the version being replaced goes to status_edits, then the status takes the new
 * text (re-formatted: links, hashtags), attachments and poll, and edited_at is set.
 */
export function editStatus(
  db: Database,
  status: StatusRow,
  input: EditInput,
  localHost: string,
): StatusRow {
  return db.transaction((): StatusRow => {
    const at = input.at ?? nowIso();
    const oldPoll = pollOfStatus(db, status.id);
    sql(
      db,
      `INSERT INTO status_edits (status_id, content_source, content_html, spoiler_text, sensitive, media_ids_json,
         poll_options_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      status.id,
      status.content_source,
      status.content_html,
      status.spoiler_text,
      status.sensitive,
      JSON.stringify(mediaOfStatus(db, status.id).map((m) => m.id)),
      oldPoll ? JSON.stringify(pollOptions(oldPoll)) : null,
      status.edited_at ?? status.created_at,
    );
    const contentType = input.contentType ?? (status.content_type as PostFormat);
    const formatted = formatWithMentions(db, input.text, localHost, contentType);
    sql(
      db,
      `UPDATE statuses SET content_source = ?, content_html = ?, content_type = ?, spoiler_text = ?, sensitive = ?,
         edited_at = ? WHERE id = ?`,
    ).run(
      input.text,
      formatted.html,
      contentType,
      input.spoilerText,
      input.sensitive ? 1 : 0,
      at,
      status.id,
    );
    sql(db, 'DELETE FROM status_tags WHERE status_id = ?').run(status.id);
    const insertTag = sql(
      db,
      'INSERT OR IGNORE INTO status_tags (tag, status_id, name, position) VALUES (?, ?, ?, ?)',
    );
    formatted.tags.forEach((tag, position) =>
      insertTag.run(tag.toLowerCase(), status.id, tag, position),
    );
    if (input.mediaIds !== undefined) setStatusMedia(db, status.id, input.mediaIds);
    if (input.poll !== undefined) {
      const sameOptions =
        input.poll !== null &&
        oldPoll !== undefined &&
        JSON.stringify(pollOptions(oldPoll)) === JSON.stringify(input.poll.options) &&
        Boolean(oldPoll.multiple) === input.poll.multiple;
      if (!sameOptions) {
        deletePollOfStatus(db, status.id);
        if (input.poll) insertPoll(db, status.id, input.poll, at);
      }
    }
    return getStatus(db, status.id)!;
  })();
}

export function statusEdits(db: Database, statusId: string): StatusEditRow[] {
  return sql(db, 'SELECT * FROM status_edits WHERE status_id = ? ORDER BY id').all(
    statusId,
  ) as StatusEditRow[];
}

/** Accounts told about an edit: those who reblogged or favourited the status. */
export function editAudience(db: Database, statusId: string): string[] {
  return (
    sql(
      db,
      `SELECT account_id FROM statuses WHERE reblog_of_id = ?
       UNION SELECT account_id FROM favourites WHERE status_id = ?`,
    ).all(statusId, statusId) as { account_id: string }[]
  ).map((r) => r.account_id);
}
