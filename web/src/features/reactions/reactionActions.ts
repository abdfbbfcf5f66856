import * as reactionsApi from '../../api/reactions.ts';
import { api } from '../../app/apiClient.ts';
import { hasReacted, toggleOwnReaction } from '../../lib/reactions.ts';
import { useEntities } from '../../state/entities.ts';
import { useInstance } from '../../state/instance.ts';
import { toggleInTurn } from '../../state/sendInTurn.ts';
import { useSession } from '../../state/session.ts';
import { useReactionErrors } from './reactionErrors.ts';
import { errorMessage } from '../../lib/errorMessage.ts';

/** A repeat's reactions are the repeated status's. */
export function reactionTarget(statusId: string): string {
  const stored = useEntities.getState().statuses[statusId];
  return stored?.reblogId ?? statusId;
}

/**
 * Toggles the user's reaction `name` (a unicode emoji or a custom emoji's shortcode) on a status:
 * optimistic in the entity store, then the server's answer; on failure it goes back to what the
 * server holds and keeps the server's error for the card's dismissible alert. Clicks made while one
 * is on its way show at once and are sent in turn (state/sendInTurn.ts).
 */
export async function toggleReaction(
  statusId: string,
  name: string,
  url: string | null = null,
): Promise<void> {
  const me = useSession.getState().user;
  const id = reactionTarget(statusId);
  const shown = () => useEntities.getState().statuses[id];
  if (!me || !shown()) return;
  useReactionErrors.getState().dismiss(id);
  const via = useInstance.getState().config.reactionsApi === 'alias' ? 'alias' : 'pleroma';
  const result = await toggleInTurn({
    key: `reaction\u0000${id}\u0000${name}`,
    isOn: () => hasReacted(shown()?.emojiReactions ?? [], name),
    flip: () => {
      const current = shown();
      if (!current) return;
      useEntities.getState().patchStatus(id, {
        emojiReactions: toggleOwnReaction(current.emojiReactions, name, me.id, url),
      });
    },
    send: (on) =>
      on ? reactionsApi.react(api, id, name, via) : reactionsApi.unreact(api, id, name, via),
  });
  if (result.kind === 'answered') useEntities.getState().ingestStatuses([result.answer]);
  if (result.kind === 'failed') {
    const { error } = result;
    useReactionErrors.getState().setError(id, errorMessage(error));
  }
}
