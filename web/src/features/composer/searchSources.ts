import { searchAccounts, searchHashtags } from '../../api/search.ts';
import { api } from '../../app/apiClient.ts';
import { MAX_USER_MATCHES } from '../../lib/autocomplete.ts';
import type { Account } from '../../api/types.ts';
import { useEntities } from '../../state/entities.ts';

const suggested = (account: Account) => ({
  id: account.id,
  screenName: account.acct,
  name: account.displayName,
  avatar: account.avatarStatic || account.avatar,
});

/** Where the composer's autocomplete finds people and hashtags: the server's search. */
export function searchSources() {
  return {
    emoji: true,
    users: async (query: string, signal: AbortSignal) => {
      const accounts = await searchAccounts(api, query, { limit: MAX_USER_MATCHES, signal });
      useEntities.getState().ingestAccounts(accounts);
      return accounts.map(suggested);
    },
    knownUsers: () => Object.values(useEntities.getState().accounts).map(suggested),
    hashtags: (query: string, signal: AbortSignal) => searchHashtags(api, query, { signal }),
  };
}
