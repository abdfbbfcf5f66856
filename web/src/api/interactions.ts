import { expectEntity, type ApiClient } from './client.ts';
import { parseStatus } from './schemas/status.ts';
import type { Status, Visibility } from './types.ts';

/**
 * Actions on one status (spec part 2, §7): each is a POST on the status and answers with the
 * status as the server now has it. A reblog answers with the new repeat wrapping the original.
 */

const action = (id: string, name: string) => `/api/v1/statuses/${encodeURIComponent(id)}/${name}`;

async function post(client: ApiClient, id: string, name: string, body?: unknown): Promise<Status> {
  const response = await client.post(action(id, name), body === undefined ? {} : { body });
  return expectEntity(parseStatus(response.data), 'Status', response);
}

export const favourite = (client: ApiClient, id: string) => post(client, id, 'favourite');
export const unfavourite = (client: ApiClient, id: string) => post(client, id, 'unfavourite');
export const reblog = (client: ApiClient, id: string, visibility?: Visibility) =>
  post(client, id, 'reblog', visibility ? { visibility } : undefined);
export const unreblog = (client: ApiClient, id: string) => post(client, id, 'unreblog');
export const bookmark = (client: ApiClient, id: string) => post(client, id, 'bookmark');
export const unbookmark = (client: ApiClient, id: string) => post(client, id, 'unbookmark');
export const pin = (client: ApiClient, id: string) => post(client, id, 'pin');
export const unpin = (client: ApiClient, id: string) => post(client, id, 'unpin');
export const muteConversation = (client: ApiClient, id: string) => post(client, id, 'mute');
export const unmuteConversation = (client: ApiClient, id: string) => post(client, id, 'unmute');

/**
 * Deletes a status. Answers with the status as it was (Pleroma and Mastodon send it back, for
 * delete-and-redraft), or null when the server sends nothing usable.
 */
export async function deleteStatus(client: ApiClient, id: string): Promise<Status | null> {
  const response = await client.delete(`/api/v1/statuses/${encodeURIComponent(id)}`);
  const data = response.data;
  return data && typeof data === 'object' && Object.keys(data).length ? parseStatus(data) : null;
}
