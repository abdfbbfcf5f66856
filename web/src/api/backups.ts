import type { ApiClient } from './client.ts';

/** Account backups (API notes §11). */
export interface AccountBackup {
  id: string;
  insertedAt: string;
  processed: boolean;
  /** How many records were written so far (Pleroma's processed_number). */
  processedCount: number;
  failed: boolean;
  url: string;
  fileSize: number;
}

function parseBackups(data: unknown): AccountBackup[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((raw: unknown) => {
    const r = raw as Record<string, unknown> | null;
    if (!r || typeof r.inserted_at !== 'string') {
      console.warn('skipping a malformed backup', raw);
      return [];
    }
    return [
      {
        id: String(r.id ?? r.inserted_at),
        insertedAt: r.inserted_at,
        processed: r.processed === true,
        processedCount: typeof r.processed_number === 'number' ? r.processed_number : 0,
        failed: r.state === 'failed',
        url: typeof r.url === 'string' ? r.url : '',
        fileSize: typeof r.file_size === 'number' ? r.file_size : 0,
      },
    ];
  });
}

export async function listBackups(client: ApiClient): Promise<AccountBackup[]> {
  return parseBackups((await client.get('/api/v1/pleroma/backups')).data);
}

export async function createBackup(client: ApiClient): Promise<AccountBackup[]> {
  return parseBackups((await client.post('/api/v1/pleroma/backups')).data);
}
