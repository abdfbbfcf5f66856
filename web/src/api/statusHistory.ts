import { expectEntity, type ApiClient } from './client.ts';
import { parseStatusEditList } from './schemas/statusEdit.ts';
import { parseStatusSource } from './schemas/statusSource.ts';
import type { StatusEdit, StatusSource } from './types.ts';

const path = (id: string, what: string) => `/api/v1/statuses/${encodeURIComponent(id)}/${what}`;

/** Every version of an edited status, oldest first as the server lists them. */
export async function statusHistory(client: ApiClient, id: string): Promise<StatusEdit[]> {
  const response = await client.get(path(id, 'history'));
  return parseStatusEditList(response.data);
}

/** The source text of a status (what the edit dialog starts from). */
export async function statusSource(client: ApiClient, id: string): Promise<StatusSource> {
  const response = await client.get(path(id, 'source'));
  return expectEntity(parseStatusSource(response.data), 'StatusSource', response);
}
