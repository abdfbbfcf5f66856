import { create } from 'zustand';
import { lists as fetchLists } from '../api/lists.ts';
import type { ApiClient } from '../api/client.ts';
import type { List } from '../api/types.ts';
import { intervalPoller, registerPoller } from './pollers.ts';
import { useSession } from './session.ts';

/** Spec part 1, §9: the user's lists are refetched every 240 s while signed in. */
export const LISTS_POLL_MS = 240_000;
export const LISTS_POLLER_NAME = 'lists';

interface ListsState {
  lists: List[];
  /** True once a fetch for the current user has answered. */
  loaded: boolean;
  setLists(lists: List[]): void;
  clear(): void;
}

export const useLists = create<ListsState>()((set) => ({
  lists: [],
  loaded: false,
  setLists: (lists) => set({ lists, loaded: true }),
  clear: () => set({ lists: [], loaded: false }),
}));

/** Fetches the lists once; a failure is logged and the previous lists stay. */
export async function refreshLists(client: ApiClient): Promise<void> {
  if (useSession.getState().status !== 'signedIn') return;
  try {
    const fetched = await fetchLists(client);
    // The user may have signed out while the answer was on its way.
    if (useSession.getState().status === 'signedIn') useLists.getState().setLists(fetched);
  } catch (error) {
    console.warn('fetching lists failed', error);
  }
}

/**
 * Keeps the lists store in step with the session: fetched at once when a user is signed in, then
 * every LISTS_POLL_MS; emptied on sign-out. The poll is also registered with the poller registry
 * so sign-in and sign-out side effects start and stop it with the others. Returns a stop function.
 */
export function startListsSync(client: ApiClient): () => void {
  const poller = intervalPoller(LISTS_POLL_MS, () => refreshLists(client));
  const unregister = registerPoller(LISTS_POLLER_NAME, poller);
  const follow = (signedIn: boolean) => {
    if (signedIn) poller.start();
    else {
      poller.stop();
      useLists.getState().clear();
    }
  };
  let signedIn = useSession.getState().status === 'signedIn';
  let userId = useSession.getState().user?.id ?? null;
  follow(signedIn);
  const unsubscribe = useSession.subscribe((state) => {
    const nowSignedIn = state.status === 'signedIn';
    const nowUserId = state.user?.id ?? null;
    if (nowSignedIn === signedIn && nowUserId === userId) return;
    if (nowUserId !== userId) useLists.getState().clear();
    signedIn = nowSignedIn;
    userId = nowUserId;
    poller.stop();
    follow(signedIn);
  });
  return () => {
    unsubscribe();
    unregister();
    poller.stop();
  };
}
