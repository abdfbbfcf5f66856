import { expectEntity, type ApiClient } from './client.ts';
import { parseAccountList } from './schemas/account.ts';
import { parseListList } from './schemas/list.ts';
import type { Account, List } from './types.ts';

/**
 * The lists calls of the list screens and the user card (spec part 1, §7). Kept apart from
 * api/lists.ts, which the navigation's poll brings into the start-up chunk.
 */

const listPath = (id: string) => `/api/v1/lists/${encodeURIComponent(id)}`;

/**
 * One list from an answer, or null when unreadable. Read through the list parser the start-up
 * chunk already shares, so no single-list parser joins that chunk for these screens.
 */
const parseList = (data: unknown): List | null => parseListList([data])[0] ?? null;

export async function getList(client: ApiClient, id: string): Promise<List> {
  const response = await client.get(listPath(id));
  return expectEntity(parseList(response.data), 'List', response);
}

export async function createList(client: ApiClient, title: string): Promise<List> {
  const response = await client.post('/api/v1/lists', { body: { title } });
  return expectEntity(parseList(response.data), 'List', response);
}

export async function renameList(client: ApiClient, id: string, title: string): Promise<List> {
  const response = await client.put(listPath(id), { body: { title } });
  return expectEntity(parseList(response.data), 'List', response);
}

export async function deleteList(client: ApiClient, id: string): Promise<void> {
  await client.delete(listPath(id));
}

/** Every member (limit 0 asks Mastodon for all of them rather than its first 40). */
export async function listMembers(client: ApiClient, id: string): Promise<Account[]> {
  const response = await client.get(`${listPath(id)}/accounts`, { query: { limit: 0 } });
  return parseAccountList(response.data);
}

export async function addListMembers(client: ApiClient, id: string, accountIds: string[]) {
  await client.post(`${listPath(id)}/accounts`, { body: { account_ids: accountIds } });
}

export async function removeListMembers(client: ApiClient, id: string, accountIds: string[]) {
  await client.delete(`${listPath(id)}/accounts`, { body: { account_ids: accountIds } });
}

/** The list editor's person search: accounts the server knows, by default only those followed. */
export async function searchListCandidates(
  client: ApiClient,
  q: string,
  options: { following: boolean; signal?: AbortSignal },
): Promise<Account[]> {
  const response = await client.get('/api/v1/accounts/search', {
    query: { q, resolve: false, following: options.following, limit: 40 },
    signal: options.signal,
  });
  return parseAccountList(response.data);
}
