import type { ApiClient } from './client.ts';
import { parseAccountList } from './schemas/account.ts';
import type { Account } from './types.ts';

export type StatusPeopleKind = 'favourited_by' | 'reblogged_by';

/** Who favourited or repeated a status (first page, as many as the server gives at once). */
export async function statusPeople(
  client: ApiClient,
  statusId: string,
  kind: StatusPeopleKind,
  { limit = 80 }: { limit?: number } = {},
): Promise<Account[]> {
  const response = await client.get(`/api/v1/statuses/${encodeURIComponent(statusId)}/${kind}`, {
    query: { limit },
  });
  return parseAccountList(response.data);
}
