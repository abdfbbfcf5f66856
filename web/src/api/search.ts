import type { ApiClient } from './client.ts';
import { parseAccountList } from './schemas/account.ts';
import { parseTagList } from './schemas/tag.ts';
import type { Account } from './types.ts';

/** Searches behind the composer's autocomplete (spec part 2, §5, §9). */

/** User-mention search answers at most this many matches (spec part 2, §9). */
export const SEARCH_LIMIT = 20;

export interface SearchOptions {
  limit?: number;
  signal?: AbortSignal;
}

/** Accounts matching `q`, known to the server only (no remote lookup); unreadable ones skipped. */
export async function searchAccounts(
  client: ApiClient,
  q: string,
  options: SearchOptions = {},
): Promise<Account[]> {
  const response = await client.get('/api/v1/accounts/search', {
    query: { q, resolve: false, limit: options.limit ?? SEARCH_LIMIT },
    signal: options.signal,
  });
  return parseAccountList(response.data);
}

/** Names of the hashtags matching `q`, without the #, each once. */
export async function searchHashtags(
  client: ApiClient,
  q: string,
  options: SearchOptions = {},
): Promise<string[]> {
  const response = await client.get('/api/v2/search', {
    query: { q, type: 'hashtags', resolve: false, limit: options.limit ?? SEARCH_LIMIT },
    signal: options.signal,
  });
  const data = response.data;
  const hashtags =
    data && typeof data === 'object' ? (data as { hashtags?: unknown }).hashtags : undefined;
  if (hashtags === undefined) return [];
  return [...new Set(parseTagList(hashtags).map((tag) => tag.name))];
}
