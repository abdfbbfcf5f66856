import type { ApiClient } from './client.ts';
import { addListMembers, removeListMembers } from './listManagement.ts';
import { parseListList } from './schemas/list.ts';
import type { List } from './types.ts';

/** Which of the signed-in user's lists hold an account, and adding or removing it (part 2, §7). */
export async function listsWithAccount(client: ApiClient, accountId: string): Promise<List[]> {
  const response = await client.get(`/api/v1/accounts/${encodeURIComponent(accountId)}/lists`);
  return parseListList(response.data);
}

export const addToList = (client: ApiClient, listId: string, accountId: string) =>
  addListMembers(client, listId, [accountId]);

export const removeFromList = (client: ApiClient, listId: string, accountId: string) =>
  removeListMembers(client, listId, [accountId]);
