import type { ApiClient } from './client.ts';
import { parseAccountList } from './schemas/account.ts';
import type { Account } from './types.ts';

export type StatusPeopleKind = 'favourites' | 'reblogs';

const PATHS: Record<StatusPeopleKind, string> = {
  favourites: 'favourited_by',
  reblogs: 'reblogged_by',
};

/** Who favourited or repeated a status (first page, as many as the server gives at once). */
export async function statusPeople(
  client: ApiClient,
  statusId: string,
  kind: StatusPeopleKind,
  { limit = 80 }: { limit?: number } = {},
): Promise<Account[]> {
  const response = await client.get(
    `/api/v1/statuses/${encodeURIComponent(statusId)}/${PATHS[kind]}`,
    {
      query: { limit },
    },
  );
  return parseAccountList(response.data);
}
