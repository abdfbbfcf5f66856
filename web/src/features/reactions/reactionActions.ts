import * as reactionsApi from '../../api/reactions.ts';
import { api } from '../../app/apiClient.ts';
import { hasReacted, toggleOwnReaction } from '../../lib/reactions.ts';
import { useEntities } from '../../state/entities.ts';
import { useInstance } from '../../state/instance.ts';
import { useSession } from '../../state/session.ts';
import { useReactionErrors } from './reactionErrors.ts';

/** A repeat's reactions are the repeated status's. */
export function reactionTarget(statusId: string): string {
  const stored = useEntities.getState().statuses[statusId];
  return stored?.reblogId ?? statusId;
}

const inFlight = new Set<string>();

/**
 * Toggles the user's reaction `name` (a unicode emoji or a custom emoji's shortcode) on a status:
 * optimistic in the entity store, then the server's answer; on failure the change is undone and
 * the server's error kept for the card's dismissible alert. A second toggle of the same reaction
 * while one is on its way is ignored.
 */
export async function toggleReaction(
  statusId: string,
  name: string,
  url: string | null = null,
): Promise<void> {
  const me = useSession.getState().user;
  const id = reactionTarget(statusId);
  const key = `${id}\u0000${name}`;
  const status = useEntities.getState().statuses[id];
  if (!me || !status || inFlight.has(key)) return;
  inFlight.add(key);
  const removing = hasReacted(status.emojiReactions, name);
  useEntities.getState().patchStatus(id, {
    emojiReactions: toggleOwnReaction(status.emojiReactions, name, me.id, url),
  });
  useReactionErrors.getState().dismiss(id);
  const via = useInstance.getState().config.reactionsApi === 'alias' ? 'alias' : 'pleroma';
  try {
    const answer = removing
      ? await reactionsApi.unreact(api, id, name, via)
      : await reactionsApi.react(api, id, name, via);
    useEntities.getState().ingestStatuses([answer]);
  } catch (error) {
    // Undo only this toggle: other changes made meanwhile stay.
    const current = useEntities.getState().statuses[id];
    if (current && hasReacted(current.emojiReactions, name) !== removing) {
      useEntities.getState().patchStatus(id, {
        emojiReactions: toggleOwnReaction(current.emojiReactions, name, me.id, url),
      });
    }
    useReactionErrors
      .getState()
      .setError(id, error instanceof Error ? error.message : String(error));
  } finally {
    inFlight.delete(key);
  }
}
