import { expectEntity, type ApiClient } from './client.ts';
import { parseEmojiReactionList } from './schemas/emojiReaction.ts';
import { parseStatus } from './schemas/status.ts';
import type { EmojiReactionWithAccounts, Status } from './types.ts';

/**
 * Pleroma's emoji reactions (spec part 2, §7). The emoji is a unicode emoji or a custom emoji's
 * shortcode (without colons); it always travels percent-encoded in the path.
 */
const path = (statusId: string, emoji?: string) =>
  `/api/v1/pleroma/statuses/${encodeURIComponent(statusId)}/reactions` +
  (emoji === undefined ? '' : `/${encodeURIComponent(emoji)}`);

/** Akkoma's and Fedibird's alias for the same action, on servers without Pleroma's path. */
const aliasPath = (statusId: string, emoji: string) =>
  `/api/v1/statuses/${encodeURIComponent(statusId)}/emoji_reactions/${encodeURIComponent(emoji)}`;

/** Which of the two paths a server answers on (lib/serverFeatures decides). */
export type ReactionPath = 'pleroma' | 'alias';

const actionPath = (via: ReactionPath, statusId: string, emoji: string) =>
  via === 'alias' ? aliasPath(statusId, emoji) : path(statusId, emoji);

/** Adds the user's reaction; answers the status with its reactions updated. */
export async function react(
  client: ApiClient,
  statusId: string,
  emoji: string,
  via: ReactionPath = 'pleroma',
): Promise<Status> {
  const response = await client.put(actionPath(via, statusId, emoji));
  return expectEntity(parseStatus(response.data), 'Status', response);
}

/** Removes the user's reaction; answers the status with its reactions updated. */
export async function unreact(
  client: ApiClient,
  statusId: string,
  emoji: string,
  via: ReactionPath = 'pleroma',
): Promise<Status> {
  const response = await client.delete(actionPath(via, statusId, emoji));
  return expectEntity(parseStatus(response.data), 'Status', response);
}

/** Who reacted: every reaction of the status, or only `emoji`'s, each with its accounts. */
export async function list(
  client: ApiClient,
  statusId: string,
  emoji?: string,
): Promise<EmojiReactionWithAccounts[]> {
  const response = await client.get(path(statusId, emoji));
  return parseEmojiReactionList(response.data);
}
