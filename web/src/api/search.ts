import type { ApiClient } from './client.ts';
import { parseAccountList } from './schemas/account.ts';
import { parseSearchResults } from './schemas/search.ts';
import { parseTagList } from './schemas/tag.ts';
import type { Account, SearchResults } from './types.ts';

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

export type SearchType = 'accounts' | 'statuses' | 'hashtags';

export interface FullSearchOptions {
  /** One kind of result only (a tab's next page); all three when absent. */
  type?: SearchType;
  limit: number;
  offset?: number;
  /** Asks the server to look up a web address or handle it does not know yet. */
  resolve?: boolean;
  following?: boolean;
  signal?: AbortSignal;
}

/** The search screen's call (spec part 1, §7 Search): accounts, statuses and hashtags for `q`. */
export async function search(
  client: ApiClient,
  q: string,
  options: FullSearchOptions,
): Promise<SearchResults> {
  const response = await client.get('/api/v2/search', {
    query: {
      q,
      type: options.type,
      limit: options.limit,
      offset: options.offset || undefined,
      resolve: options.resolve ?? false,
      following: options.following || undefined,
      with_relationships: true,
    },
    signal: options.signal,
  });
  return parseSearchResults(response.data) ?? { accounts: [], statuses: [], hashtags: [] };
}
