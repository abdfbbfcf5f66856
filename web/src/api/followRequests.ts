import { expectEntity, type ApiClient } from './client.ts';
import type { Page } from './link.ts';
import { parseAccountList } from './schemas/account.ts';
import { parseRelationship } from './schemas/relationship.ts';
import type { Account, Relationship } from './types.ts';

/** Follow requests to the signed-in (locked) account (spec part 1, §4 Follow request, §7). */

const requestPath = (accountId: string, verb: 'authorize' | 'reject') =>
  `/api/v1/follow_requests/${encodeURIComponent(accountId)}/${verb}`;

export async function authorizeFollowRequest(
  client: ApiClient,
  accountId: string,
): Promise<Relationship> {
  const response = await client.post(requestPath(accountId, 'authorize'));
  return expectEntity(parseRelationship(response.data), 'Relationship', response);
}

export async function rejectFollowRequest(
  client: ApiClient,
  accountId: string,
): Promise<Relationship> {
  const response = await client.post(requestPath(accountId, 'reject'));
  return expectEntity(parseRelationship(response.data), 'Relationship', response);
}

/** The accounts asking to follow, newest first; unreadable entries are logged and skipped. */
export async function followRequests(client: ApiClient, maxId?: string): Promise<Page<Account>> {
  const response = await client.get('/api/v1/follow_requests', { query: { max_id: maxId } });
  expectEntity(Array.isArray(response.data) ? response.data : null, 'follow requests', response);
  return {
    items: parseAccountList(response.data),
    next: response.link.next,
    prev: response.link.prev,
  };
}
