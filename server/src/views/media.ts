import type { MediaRow } from '../db/media.ts';
import { parseJsonObject } from '../db/accounts.ts';
import type { RenderContext } from './context.ts';

/** Attachment JSON as Pleroma renders it (remote_url and text_url repeat the file's URL). */
export function renderAttachment(rc: RenderContext, row: MediaRow): Record<string, unknown> {
  const url = `${rc.origin}/media/${row.file_path}`;
  const preview = row.preview_path ? `${rc.origin}/media/${row.preview_path}` : url;
  return {
    id: row.id,
    type: row.type,
    url,
    remote_url: row.remote_url ?? url,
    preview_url: preview,
    text_url: url,
    description: row.description,
    blurhash: row.blurhash,
    meta: parseJsonObject(row.meta_json),
    pleroma: { mime_type: row.mime_type },
  };
}
