import { create } from 'zustand';
import { whenIdle } from '../lib/whenIdle.ts';
import { accountKey } from './accountKey.ts';
import { useSession } from './session.ts';

/**
 * What the screen shows of the outbox (issue 26): the posts and the favourite or repeat changes
 * made while the server could not be reached, waiting to be sent. Small, on the start-up path;
 * the store (IndexedDB) and the sender are features/outbox/outboxRuntime.ts, loaded only when
 * something is queued, or at start when this account's flag says something is.
 */

export interface PendingPost {
  id: string;
  text: string;
  spoilerText: string;
  inReplyToId: string | null;
  createdAt: number;
}

/** A post the server refused, on its way back to its composer. */
export interface ReturnedPost {
  id: string;
  draftKey: string;
  message: string;
}

interface OutboxView {
  /** Entries queued for the signed-in account. */
  count: number;
  posts: PendingPost[];
  /** The state each queued favourite or repeat asks for, by `favourite:id` or `reblog:id`. */
  toggles: Record<string, boolean>;
  returned: ReturnedPost[];
  /** Composers on screen, by draft key (a refused post goes back to one of them). */
  composers: Record<string, number>;
}

export const useOutbox = create<OutboxView>()(() => ({
  count: 0,
  posts: [],
  toggles: {},
  returned: [],
  composers: {},
}));

const FLAG_PREFIX = 'starling:outbox:';

/** Whether this account's outbox holds something: read at start without opening IndexedDB. */
export function outboxFlagged(account: string): boolean {
  try {
    return localStorage.getItem(FLAG_PREFIX + account) !== null;
  } catch {
    return false;
  }
}

export function setOutboxFlag(account: string, queued: boolean): void {
  try {
    if (queued) localStorage.setItem(FLAG_PREFIX + account, '1');
    else localStorage.removeItem(FLAG_PREFIX + account);
  } catch {
    // Storage full or blocked: the flag only saves opening the store at start.
  }
}

export const outboxRuntime = () => import('../features/outbox/outboxRuntime.ts');

const reconnectListeners = new Set<() => void>();

/** Called when the network comes back (the browser says so, or a call is answered again). */
export function onReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => void reconnectListeners.delete(listener);
}

function reconnected(): void {
  for (const listener of reconnectListeners) listener();
  sendQueued();
}

function sendQueued(): void {
  const account = accountKey();
  if (account && (useOutbox.getState().count > 0 || outboxFlagged(account)))
    void outboxRuntime().then((runtime) => runtime.startOutbox());
}

let unreachable = false;

/** The API client's word on each call: an answer after failures means the network is back. */
export function noteReachable(answered: boolean): void {
  if (!answered) {
    unreachable = true;
  } else if (unreachable) {
    unreachable = false;
    reconnected();
  }
}

const WARM_TIMEOUT_MS = 5000;
let warmed = false;

/**
 * A chunk cannot be fetched once the network is gone, which is when the outbox is needed: with
 * someone signed in, its chunks are fetched when the browser is idle after the first screen. They
 * open nothing (no IndexedDB) until something is queued or this account's flag says so.
 */
function warm(): void {
  if (warmed || !useSession.getState().user) return;
  warmed = true;
  whenIdle(() => {
    void outboxRuntime().catch(() => (warmed = false));
    void import('../features/outbox/PendingPosts.tsx').catch(() => undefined);
  }, WARM_TIMEOUT_MS);
}

/** At start: send what this account left queued, and send again whenever the network returns. */
export function watchOutbox(): void {
  sendQueued();
  warm();
  useSession.subscribe((state, previous) => {
    if (state.user?.id === previous.user?.id) return;
    sendQueued();
    warm();
  });
  window.addEventListener('online', reconnected);
}
