import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import * as statuses from '../../api/statuses.ts';
import type { Status } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import type { ThreadEntry } from '../../lib/conversationTree.ts';
import { useEntities } from '../../state/entities.ts';
import { onPosted } from '../../state/posted.ts';
import { useSession } from '../../state/session.ts';
import { errorMessage } from '../../lib/errorMessage.ts';

const HTTP_NOT_FOUND = 404;

export type ConversationPhase =
  /** Fetching the status or its context. */
  | 'loading'
  | 'ready'
  /** The status does not exist, or the viewer may not see it. */
  | 'notFound'
  | 'error';

export interface ConversationLoad {
  phase: ConversationPhase;
  /** The error's text when phase is error. */
  detail: string;
  /** The status the conversation is about: the original when the route names a repeat. */
  focusedId: string | null;
  /** The statuses of the conversation (only the focused one until the context arrives). */
  entries: readonly ThreadEntry[];
  contextLoaded: boolean;
  /** Shown from the copy kept for offline reading, saved at this time (features/offline). */
  offlineSavedAt?: number;
  retry(): void;
}

const entryOf = (status: Pick<Status, 'id' | 'inReplyToId'>): ThreadEntry => ({
  id: status.id,
  inReplyToId: status.inReplyToId,
});

/** What the entity store already knows (from a timeline), shown at once while loading. */
function known(id: string): { focusedId: string; entry: ThreadEntry } | null {
  const { statuses: stored } = useEntities.getState();
  const outer = stored[id];
  const original = outer?.reblogId ? stored[outer.reblogId] : outer;
  return original ? { focusedId: original.id, entry: entryOf(original) } : null;
}

interface LoadState {
  phase: ConversationPhase;
  detail: string;
  focusedId: string | null;
  entries: readonly ThreadEntry[];
  contextLoaded: boolean;
  offlineSavedAt?: number;
}

const loadOffline = () => import('../offline/offlineStore.ts');

/** The conversation as it was kept for offline reading, when the server cannot be reached. */
async function offlineCopy(id: string): Promise<LoadState | null> {
  const copy = await loadOffline()
    .then((offline) => offline.readCopy('conversation', id))
    .catch(() => null);
  if (!copy) return null;
  useEntities.getState().ingestStatuses(copy.statuses);
  return {
    phase: 'ready',
    detail: '',
    focusedId: known(id)?.focusedId ?? id,
    entries: copy.statuses.map(entryOf),
    contextLoaded: true,
    offlineSavedAt: copy.savedAt,
  };
}

function startState(id: string): LoadState {
  const cached = known(id);
  return {
    phase: 'loading',
    detail: '',
    focusedId: cached?.focusedId ?? null,
    entries: cached ? [cached.entry] : [],
    contextLoaded: false,
  };
}

/**
 * Loads /notice/:id: the status (a repeat stands for its original: spec part 1, §4) and the
 * original's context, together when the store already knows the status, else one after the
 * other; both go into the entity store, the conversation keeps ids and reply links.
 * Reloads when the signed-in user changes (what one may see depends on who asks).
 */
export function useConversation(id: string): ConversationLoad {
  const viewer = useSession((state) => state.user?.id ?? null);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => startState(id));

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      // A status the store already holds (from a timeline) names the original at once: its
      // context is asked beside the status, in the same round-trip, not after it.
      const knownOriginal = known(id)?.focusedId ?? null;
      const earlyContext = knownOriginal ? statuses.context(api, knownOriginal) : null;
      // Read below, or dropped when the status itself fails: never an unhandled rejection.
      earlyContext?.catch(() => undefined);
      try {
        const status = await statuses.get(api, id);
        if (cancelled) return;
        const original = status.reblog ?? status;
        useEntities.getState().ingestStatuses([status]);
        setState((previous) => ({
          ...previous,
          focusedId: original.id,
          entries: previous.contextLoaded ? previous.entries : [entryOf(original)],
        }));
        const context = await (earlyContext && knownOriginal === original.id
          ? earlyContext
          : statuses.context(api, original.id));
        if (cancelled) return;
        useEntities.getState().ingestStatuses([...context.ancestors, ...context.descendants]);
        // Kept for reading offline, in reading order (the bounds cut the latest replies).
        if (useSession.getState().status === 'signedIn')
          void loadOffline()
            .then((offline) =>
              offline.keepCopy('conversation', id, [
                ...context.ancestors,
                original,
                ...context.descendants,
              ]),
            )
            .catch((error: unknown) => console.warn('keeping the conversation failed', error));
        setState({
          phase: 'ready',
          detail: '',
          focusedId: original.id,
          entries: [...context.ancestors, original, ...context.descendants].map(entryOf),
          contextLoaded: true,
        });
      } catch (error) {
        if (cancelled) return;
        const offline =
          error instanceof ApiError && error.kind === 'network' ? await offlineCopy(id) : null;
        if (cancelled) return;
        if (offline) {
          setState(offline);
          return;
        }
        const notFound = error instanceof ApiError && error.status === HTTP_NOT_FOUND;
        setState((previous) => ({
          ...previous,
          phase: notFound ? 'notFound' : 'error',
          detail: errorMessage(error),
        }));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [id, viewer, attempt]);

  // The viewer's own reply joins the open conversation at once (the context is not asked again).
  useEffect(
    () =>
      onPosted((posted) =>
        setState((previous) => {
          const entries = previous.entries;
          const inThread = entries.some((entry) => entry.id === posted.inReplyToId);
          if (!inThread || entries.some((entry) => entry.id === posted.id)) return previous;
          return { ...previous, entries: [...entries, entryOf(posted)] };
        }),
      ),
    [],
  );

  const retry = useCallback(() => {
    setState((previous) => ({ ...previous, phase: 'loading', detail: '' }));
    setAttempt((n) => n + 1);
  }, []);
  return { ...state, retry };
}
