import { expectEntity, type ApiClient } from './client.ts';
import type { Page } from './link.ts';
import { parseAccountList } from './schemas/account.ts';
import { parseRelationship } from './schemas/relationship.ts';
import type { Account, Relationship } from './types.ts';

/** The user card's relationship calls (spec part 1, §7 Accounts; part 2, §7). */

const path = (id: string) => `/api/v1/accounts/${encodeURIComponent(id)}`;

async function relationshipCall(
  client: ApiClient,
  url: string,
  body?: Record<string, unknown>,
): Promise<Relationship> {
  const response = await client.post(url, { body });
  return expectEntity(parseRelationship(response.data), 'Relationship', response);
}

export const block = (client: ApiClient, id: string) =>
  relationshipCall(client, `${path(id)}/block`);
export const unblock = (client: ApiClient, id: string) =>
  relationshipCall(client, `${path(id)}/unblock`);

/** expiresIn in seconds; 0 (or none) mutes indefinitely. */
export const mute = (client: ApiClient, id: string, expiresIn = 0) =>
  relationshipCall(client, `${path(id)}/mute`, expiresIn > 0 ? { expires_in: expiresIn } : {});
export const unmute = (client: ApiClient, id: string) =>
  relationshipCall(client, `${path(id)}/unmute`);

export const removeFromFollowers = (client: ApiClient, id: string) =>
  relationshipCall(client, `${path(id)}/remove_from_followers`);

/** Show or hide repeats: a follow call carrying only the reblogs flag. */
export const setShowingReblogs = (client: ApiClient, id: string, reblogs: boolean) =>
  relationshipCall(client, `${path(id)}/follow`, { reblogs });

export const subscribe = (client: ApiClient, id: string) =>
  relationshipCall(client, `/api/v1/pleroma/accounts/${encodeURIComponent(id)}/subscribe`);
export const unsubscribe = (client: ApiClient, id: string) =>
  relationshipCall(client, `/api/v1/pleroma/accounts/${encodeURIComponent(id)}/unsubscribe`);

export const saveNote = (client: ApiClient, id: string, comment: string) =>
  relationshipCall(client, `${path(id)}/note`, { comment });

/** Spec part 1, §7: followees and followers, 20 a page. */
export const FOLLOW_LIST_PAGE_SIZE = 20;

export async function followList(
  client: ApiClient,
  id: string,
  direction: 'followers' | 'following',
  maxId?: string,
): Promise<Page<Account>> {
  const response = await client.get(`${path(id)}/${direction}`, {
    query: { max_id: maxId, limit: FOLLOW_LIST_PAGE_SIZE, with_relationships: true },
  });
  expectEntity(Array.isArray(response.data) ? response.data : null, direction, response);
  return {
    items: parseAccountList(response.data),
    next: response.link.next,
    prev: response.link.prev,
  };
}

/** Accounts search that may resolve a remote acct on the server (the remote user resolver). */
export async function resolveAccounts(client: ApiClient, q: string): Promise<Account[]> {
  const response = await client.get('/api/v1/accounts/search', {
    query: { q, resolve: true, limit: 5 },
  });
  return parseAccountList(response.data);
}
