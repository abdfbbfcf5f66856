import { expectEntity, type ApiClient } from './client.ts';
import { parseRelationship } from './schemas/relationship.ts';
import type { Relationship } from './types.ts';

/** Accepts an account's follow request; the server answers with the new relationship. */
export async function authorizeFollowRequest(
  client: ApiClient,
  accountId: string,
): Promise<Relationship> {
  const response = await client.post(
    `/api/v1/follow_requests/${encodeURIComponent(accountId)}/authorize`,
  );
  return expectEntity(parseRelationship(response.data), 'Relationship', response);
}

export async function rejectFollowRequest(
  client: ApiClient,
  accountId: string,
): Promise<Relationship> {
  const response = await client.post(
    `/api/v1/follow_requests/${encodeURIComponent(accountId)}/reject`,
  );
  return expectEntity(parseRelationship(response.data), 'Relationship', response);
}
