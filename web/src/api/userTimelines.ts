import type { ApiClient } from './client.ts';
import type { Page } from './link.ts';
import { pageQuery, statusPage, type PageQuery } from './timelines.ts';
import type { Status } from './types.ts';

/**
 * A user's favourites as Pleroma serves them to others (the profile's favourites tab). Mastodon has
 * no such call: only the signed-in user's own, /api/v1/favourites (timelines.favourites).
 */
export async function accountFavourites(
  client: ApiClient,
  accountId: string,
  q: PageQuery = {},
): Promise<Page<Status>> {
  const response = await client.get(
    `/api/v1/pleroma/accounts/${encodeURIComponent(accountId)}/favourites`,
    { query: pageQuery(q) },
  );
  return statusPage(response);
}
