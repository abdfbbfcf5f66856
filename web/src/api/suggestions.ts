import type { ApiClient } from './client.ts';
import { parseAccountList } from './schemas/account.ts';
import { parseSuggestionList } from './schemas/accountExtras.ts';
import type { Account } from './types.ts';

const looksLikeV2 = (data: unknown) =>
  Array.isArray(data) &&
  data.some((item) => !!item && typeof item === 'object' && 'account' in item);

/**
 * GET /api/v1/suggestions: accounts to follow. Mastodon's v1 answers accounts, some servers
 * answer the v2 shape ({source, account}); both become accounts. Unreadable entries are skipped.
 */
export async function suggestions(client: ApiClient, limit?: number): Promise<Account[]> {
  const response = await client.get('/api/v1/suggestions', { query: { limit } });
  if (looksLikeV2(response.data)) {
    return parseSuggestionList(response.data).map((suggestion) => suggestion.account);
  }
  return parseAccountList(response.data);
}
