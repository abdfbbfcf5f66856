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

/** The state each reaction was last asked for, while requests for it are on their way. */
const wanted = new Map<string, boolean>();

/**
 * Toggles the user's reaction `name` (a unicode emoji or a custom emoji's shortcode) on a status:
 * optimistic in the entity store, then the server's answer; on failure the change is undone and
 * the server's error kept for the card's dismissible alert. A toggle while an earlier one is on its
 * way is shown at once and sent when that one is answered, so the last click is what the server
 * keeps (two requests at once could reach it in either order).
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
  if (!me || !status) return;
  const reacted = hasReacted(status.emojiReactions, name);
  useEntities.getState().patchStatus(id, {
    emojiReactions: toggleOwnReaction(status.emojiReactions, name, me.id, url),
  });
  useReactionErrors.getState().dismiss(id);
  const sending = wanted.has(key);
  wanted.set(key, !reacted);
  if (sending) return;

  const via = useInstance.getState().config.reactionsApi === 'alias' ? 'alias' : 'pleroma';
  /** What the server holds, as far as its answers tell. */
  let held = reacted;
  try {
    while (wanted.get(key) !== held) {
      const asked = wanted.get(key) === true;
      const answer = asked
        ? await reactionsApi.react(api, id, name, via)
        : await reactionsApi.unreact(api, id, name, via);
      held = asked;
      // An answer overtaken by another click would undo it on screen: the next answer is taken.
      if (wanted.get(key) === held) useEntities.getState().ingestStatuses([answer]);
    }
  } catch (error) {
    // Back to what the server holds for this reaction: other changes made meanwhile stay.
    const current = useEntities.getState().statuses[id];
    if (current && hasReacted(current.emojiReactions, name) !== held) {
      useEntities.getState().patchStatus(id, {
        emojiReactions: toggleOwnReaction(current.emojiReactions, name, me.id, url),
      });
    }
    useReactionErrors
      .getState()
      .setError(id, error instanceof Error ? error.message : String(error));
  } finally {
    wanted.delete(key);
  }
}
