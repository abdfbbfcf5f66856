import type { ApiClient } from '../../api/client.ts';
import { parseAccountList } from '../../api/schemas/account.ts';

/*
 * The few reads the login side effects need that api/ has no module for yet. Every answer goes
 * straight through api/'s schemas, so no raw JSON leaves this file.
 * TODO(api owner): move into api/notifications.ts and api/accounts.ts when those grow.
 */

/** Mastodon's largest page for account lists: fewer round trips to collect every id. */
export const ACCOUNT_ID_PAGE_LIMIT = 80;
/** Stops collecting ids after this many pages (very large follow lists). */
export const ACCOUNT_ID_MAX_PAGES = 10;
async function accountIds(client: ApiClient, path: string): Promise<string[]> {
  const ids: string[] = [];
  let url: string | null = path;
  for (let page = 0; url && page < ACCOUNT_ID_MAX_PAGES; page += 1) {
    const response = await client.get(
      url,
      page === 0 ? { query: { limit: ACCOUNT_ID_PAGE_LIMIT } } : {},
    );
    for (const account of parseAccountList(response.data)) ids.push(account.id);
    url = response.link.next?.url ?? null;
  }
  return ids;
}

export function mutedAccountIds(client: ApiClient): Promise<string[]> {
  return accountIds(client, '/api/v1/mutes');
}

export function followedAccountIds(client: ApiClient, accountId: string): Promise<string[]> {
  return accountIds(client, `/api/v1/accounts/${encodeURIComponent(accountId)}/following`);
}
