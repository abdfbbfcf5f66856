import type { Backup, BackupState } from '../types.ts';
import { bool, entitySchema, nid, nnum, num, obj, oneOf, opt, reject, str } from './fields.ts';
import { makeListParser, makeParser } from './parse.ts';

const raw = obj('Backup', {
  id: opt(nid()),
  content_type: str(),
  // BackupView says url; the OpenAPI example says file_name.
  url: opt(str()),
  file_name: opt(str()),
  file_size: num(),
  processed: bool(),
  state: opt(oneOf(['pending', 'running', 'complete', 'failed'], 'pending')),
  processed_number: opt(nnum()),
  inserted_at: str(),
});

export const BackupSchema = entitySchema(raw, (r, ctx): Backup => {
  if (!r.inserted_at) return reject(ctx, 'backup without inserted_at');
  const state: BackupState = r.processed ? 'complete' : (r.state as BackupState);
  return {
    id: r.id,
    contentType: r.content_type,
    url: r.url || r.file_name,
    fileSize: r.file_size,
    processed: r.processed,
    state,
    processedNumber: r.processed_number,
    insertedAt: r.inserted_at,
  };
});

export const parseBackup = makeParser('Backup', BackupSchema);
export const parseBackupList = makeListParser('Backup', BackupSchema);
