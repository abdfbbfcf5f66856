import { create } from 'zustand';
import type { StreamingEvent } from '../api/types.ts';
import type { SocketStatus } from '../lib/socketState.ts';

/**
 * What the rest of the app sees of streaming, kept light so that it can sit in the start-up
 * bundle: the socket's status and the refcounted subscriptions. The socket itself (and its state
 * machine and parsers) is loaded on demand after sign-in and attaches here as the `connection`.
 */

export type StreamName =
  'user' | 'public' | 'public:local' | 'hashtag' | 'hashtag:local' | 'direct' | 'list';

export interface StreamParams {
  tag?: string;
  list?: string;
}

export type StreamListener = (event: StreamingEvent) => void;

export interface Subscription {
  /** 'public', 'hashtag:cats' (tag lower-cased), 'list:42'. */
  key: string;
  stream: StreamName;
  params: StreamParams;
  listeners: Set<StreamListener>;
}

/** The socket client, while one runs: told when a stream gains its first or loses its last listener. */
export interface Connection {
  subscribed(subscription: Subscription): void;
  unsubscribed(subscription: Subscription): void;
}

/** The stream the socket is opened with (notifications, home updates): always on, never unsubscribed. */
export const BASE_STREAM: StreamName = 'user';

export function streamKey(stream: string, param?: string): string {
  const value = param?.trim().replace(/^#/, '').toLowerCase();
  return value ? `${stream}:${value}` : stream;
}

const subscriptions = new Map<string, Subscription>();
let connection: Connection | null = null;

export function currentSubscriptions(): Subscription[] {
  return [...subscriptions.values()];
}

export function findSubscription(key: string): Subscription | undefined {
  return subscriptions.get(key);
}

export function attachConnection(next: Connection | null): void {
  connection = next;
}

/**
 * Calls `onEvent` with every event of the stream until the returned function is called. Several
 * subscribers of one stream share one server subscription (refcounted); subscribing before the
 * socket runs is fine: subscriptions are sent when it opens, and again after each reconnection.
 */
export function subscribeToStream(
  stream: StreamName,
  params: StreamParams,
  onEvent: StreamListener,
): () => void {
  const param = stream === 'list' ? params.list : params.tag;
  const key = streamKey(stream, stream.startsWith('hashtag') || stream === 'list' ? param : '');
  let subscription = subscriptions.get(key);
  if (!subscription) {
    subscription = { key, stream, params: { ...params }, listeners: new Set() };
    subscriptions.set(key, subscription);
  }
  // A wrapper, so one function subscribed twice is also unsubscribed twice.
  const listener: StreamListener = (event) => onEvent(event);
  subscription.listeners.add(listener);
  if (subscription.listeners.size === 1) connection?.subscribed(subscription);
  let active = true;
  return () => {
    if (!active) return;
    active = false;
    const current = subscriptions.get(key);
    if (!current) return;
    current.listeners.delete(listener);
    if (current.listeners.size > 0) return;
    subscriptions.delete(key);
    connection?.unsubscribed(current);
  };
}

interface StreamingStatusState {
  status: SocketStatus;
  /** Desktop notifications stay quiet during the catch-up burst after streaming starts. */
  notificationsSilenced: boolean;
}

export const useStreamingStore = create<StreamingStatusState>()(() => ({
  status: 'closed',
  notificationsSilenced: true,
}));

/** The socket's state: timelines show new posts by themselves when 'joined', and poll otherwise. */
export const useStreamingStatus = (): SocketStatus => useStreamingStore((state) => state.status);
