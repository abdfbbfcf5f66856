import { create } from 'zustand';
import type { ApiClient } from '../api/client.ts';
import { followRequests } from '../api/followRequests.ts';
import { useEntities } from './entities.ts';
import { useSession } from './session.ts';
import { useUnseen } from './unseen.ts';
import { errorMessage } from '../lib/errorMessage.ts';

/** Spec part 1, §9: a locked account's follow requests are polled every 10 s. */
export const FOLLOW_REQUESTS_POLL_MS = 10_000;
export const FOLLOW_REQUESTS_POLLER = 'follow-requests';

/** The badge: the polled count, also kept on the account (which the navigation falls back to). */
function showCount(count: number): void {
  useUnseen.getState().set({ followRequests: count });
  const { user } = useSession.getState();
  if (user && user.followRequestsCount !== count)
    useSession.setState({ user: { ...user, followRequestsCount: count } });
}

interface FollowRequestsState {
  /** Accounts asking to follow, in the server's order; null until first fetched. */
  ids: string[] | null;
  error: string | null;
  remove(id: string): void;
}

export const useFollowRequests = create<FollowRequestsState>()((set, get) => ({
  ids: null,
  error: null,
  remove: (id) => {
    const ids = (get().ids ?? []).filter((other) => other !== id);
    set({ ids });
    showCount(ids.length);
  },
}));

/** One poll: the pending requests into the entity store, their count onto the badge. */
export async function pollFollowRequests(client: ApiClient): Promise<void> {
  try {
    const page = await followRequests(client);
    useEntities.getState().ingestAccounts(page.items);
    const ids = page.items.map((account) => account.id);
    useFollowRequests.setState({ ids, error: null });
    showCount(ids.length);
  } catch (error) {
    useFollowRequests.setState({ error: errorMessage(error) });
    throw error;
  }
}
