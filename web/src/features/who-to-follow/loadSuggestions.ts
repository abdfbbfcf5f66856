import { lookup } from '../../api/accounts.ts';
import type { ApiClient } from '../../api/client.ts';
import { suggestions } from '../../api/suggestions.ts';
import type { Account } from '../../api/types.ts';

/**
 * Spec part 1, §7: the suggestions, then each suggested user fetched by acct, so their
 * relationship and counts are current; a user whose fetch fails is skipped.
 */
export async function loadSuggestedAccounts(client: ApiClient, ownId: string): Promise<Account[]> {
  const suggested = (await suggestions(client)).filter((account) => account.id !== ownId);
  const fetched = await Promise.allSettled(
    suggested.map((account) => lookup(client, account.acct)),
  );
  return fetched.flatMap((result, index) => {
    if (result.status === 'fulfilled') return [result.value];
    console.warn(`suggested user ${suggested[index]?.acct} skipped`, result.reason);
    return [];
  });
}
