import { parseStreamingEvent } from '../api/schemas/streaming.ts';
import type { Status, StreamingEvent } from '../api/types.ts';
import {
  initialSocketState,
  nextSocketState,
  type SocketEffect,
  type SocketEvent,
  type SocketState,
} from '../lib/socketState.ts';
import { useEntities } from '../state/entities.ts';
import { useNotices } from '../state/notices.ts';
import type { Poller } from '../state/pollers.ts';
import { receiveNotifications } from '../state/notifications.ts';
import { emitChatUpdate } from './chatUpdates.ts';
import {
  attachConnection,
  BASE_STREAM,
  currentSubscriptions,
  findSubscription,
  streamKey,
  useStreamingStore,
  type Subscription,
} from './registry.ts';

/**
 * The one WebSocket of a session (spec part 1, §4 "Real-time socket"), driven by the pure state
 * machine in lib/socketState. It is opened on the user stream and carries every other stream as
 * a subscription (Mastodon's subscribe / unsubscribe messages), sent again after a reconnection.
 */

export const STREAMING_PATH = '/api/v1/streaming';
/** What the client closes its own socket with; the state machine does not restart after it. */
export const CLOSE_NORMAL = 1000;

/** The part of the browser's WebSocket the client uses; tests inject a fake. */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketConstructor = new (url: string) => SocketLike;

export interface SocketClientOptions {
  token: string;
  WebSocket?: SocketConstructor;
  /** The page's location by default (same origin; wss: on https pages). */
  location?: Pick<Location, 'protocol' | 'host'>;
  /** What the socket replaces while it is down (the notifications poller). */
  polling?: Poller;
}

export interface SocketClient {
  /** Start, or (with enabled false) start disabled: polling until streaming is enabled. */
  start(enabled: boolean): void;
  setEnabled(enabled: boolean): void;
  /** Ends streaming for good (logout): clean close, no restart, timers cancelled. */
  stop(): void;
  readonly state: SocketState;
}

export function streamingUrl(
  location: Pick<Location, 'protocol' | 'host'>,
  token: string,
  stream: string = BASE_STREAM,
): string {
  const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = new URLSearchParams({ access_token: token, stream });
  return `${protocol}//${location.host}${STREAMING_PATH}?${query.toString()}`;
}

function subscriptionMessage(type: 'subscribe' | 'unsubscribe', subscription: Subscription) {
  const { stream, params } = subscription;
  const message: Record<string, string> = { type, stream };
  if (stream === 'list' && params.list) message.list = params.list;
  if (stream.startsWith('hashtag') && params.tag) message.tag = params.tag.replace(/^#/, '');
  return JSON.stringify(message);
}

/**
 * The local instance (like Pleroma) sends a status once per socket, labelled with the first of
 * the socket's streams it belongs to; so a status labelled 'user' may also belong to an open
 * public or hashtag subscription. These are the streams a status can be recognised for.
 */
function statusBelongsTo(subscription: Subscription, status: Status): boolean {
  const tagged = (tag: string | undefined) =>
    !!tag && status.tags.some((t) => t.name.toLowerCase() === tag.replace(/^#/, '').toLowerCase());
  const isPublic = status.visibility === 'public';
  switch (subscription.stream) {
    case 'public':
      return isPublic;
    case 'public:local':
      return isPublic && status.local;
    case 'hashtag':
      return isPublic && tagged(subscription.params.tag);
    case 'hashtag:local':
      return isPublic && status.local && tagged(subscription.params.tag);
    case 'direct':
      return status.visibility === 'direct';
    default:
      return false;
  }
}

function labelKey(stream: string[]): string {
  const [name = BASE_STREAM, param] = stream;
  return streamKey(name, name.startsWith('hashtag') || name === 'list' ? param : '');
}

/** Which subscriptions hear an event: the one it is labelled with, and any a status belongs to. */
function recipients(event: StreamingEvent): Subscription[] {
  if (event.event === 'pleroma:respond') return [];
  // A deletion matters wherever the status shows.
  if (event.event === 'delete') return currentSubscriptions();
  const out = new Set<Subscription>();
  const labelled = findSubscription(labelKey(event.stream));
  if (labelled) out.add(labelled);
  if (event.event === 'update' || event.event === 'status.update') {
    for (const subscription of currentSubscriptions()) {
      if (statusBelongsTo(subscription, event.status)) out.add(subscription);
    }
  }
  return [...out];
}

/** What every event does to the app's stores, whoever listens. */
function applyToStores(event: StreamingEvent): void {
  switch (event.event) {
    case 'update':
    case 'status.update':
      useEntities.getState().ingestStatuses([event.status]);
      return;
    case 'delete':
      useEntities.getState().markDeleted(event.id);
      return;
    case 'notification':
      // The store counts it unseen (once) and tells the desktop notification and announcer.
      receiveNotifications([event.notification]);
      return;
    case 'pleroma:chat_update':
      emitChatUpdate(event.chat);
      return;
    case 'pleroma:respond':
      if (event.result === 'error') console.warn(`streaming: ${event.type} was refused`);
      return;
    default:
      return;
  }
}

export function createSocketClient(options: SocketClientOptions): SocketClient {
  const Socket: SocketConstructor | undefined =
    options.WebSocket ?? (globalThis.WebSocket as unknown as SocketConstructor | undefined);
  const location = options.location ?? globalThis.location;
  let machine: SocketState = initialSocketState;
  let socket: SocketLike | null = null;
  let open = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const later = (delayMs: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, delayMs);
    timers.add(timer);
  };

  const setStatus = () => useStreamingStore.setState({ status: machine.status });

  function send(data: string) {
    if (!socket || !open) return;
    try {
      socket.send(data);
    } catch (error) {
      console.warn('streaming: could not send', error);
    }
  }

  function closeSocket() {
    const current = socket;
    socket = null;
    open = false;
    if (!current) return;
    // Detached first: a late close or message of this socket must not reach the machine.
    current.onopen = current.onclose = current.onmessage = current.onerror = null;
    try {
      current.close(CLOSE_NORMAL);
    } catch {
      // Closing a socket that never connected may throw in some browsers; it is gone either way.
    }
  }

  function receive(data: unknown) {
    if (typeof data !== 'string') return;
    const event = parseStreamingEvent(data);
    if (!event) return;
    applyToStores(event);
    for (const subscription of recipients(event)) {
      for (const listener of [...subscription.listeners]) {
        try {
          listener(event);
        } catch (error) {
          console.error('streaming: a listener failed', error);
        }
      }
    }
  }

  function openSocket() {
    closeSocket();
    if (!Socket) {
      dispatch({ type: 'close', code: 1006 });
      return;
    }
    let created: SocketLike;
    try {
      created = new Socket(streamingUrl(location, options.token));
    } catch (error) {
      console.warn('streaming: the socket could not be created', error);
      later(0, () => dispatch({ type: 'close', code: 1006 }));
      return;
    }
    socket = created;
    created.onopen = () => {
      if (socket !== created) return;
      open = true;
      for (const subscription of currentSubscriptions()) connection.subscribed(subscription);
      dispatch({ type: 'open' });
    };
    created.onclose = (event) => {
      if (socket !== created) return;
      socket = null;
      open = false;
      dispatch({ type: 'close', code: event.code });
    };
    created.onmessage = (event) => {
      if (socket === created) receive(event.data);
    };
    created.onerror = () => {
      // A close event with the code follows; that is where the machine hears of it.
    };
  }

  function perform(effect: SocketEffect) {
    switch (effect.type) {
      case 'openSocket':
        openSocket();
        return;
      case 'closeSocket':
        closeSocket();
        return;
      case 'restart':
        later(effect.delayMs, () => dispatch({ type: 'retry' }));
        return;
      case 'confirmStable': {
        const { attempt } = effect;
        later(effect.delayMs, () => dispatch({ type: 'stable', attempt }));
        return;
      }
      case 'startPolling':
        options.polling?.start();
        return;
      case 'stopPolling':
        options.polling?.stop();
        return;
      case 'liftNotificationSilence':
        later(effect.delayMs, () => useStreamingStore.setState({ notificationsSilenced: false }));
        return;
      case 'notice':
        useNotices.getState().push({
          level: effect.level,
          messageKey: effect.key,
          messageArgs: Object.values(effect.args),
          timeoutMs: effect.timeoutMs,
        });
        return;
    }
  }

  function dispatch(event: SocketEvent) {
    const before = machine.status;
    const transition = nextSocketState(machine, event);
    machine = transition.state;
    setStatus();
    for (const effect of transition.effects) perform(effect);
    // The server ended the socket cleanly (a restart, going away): nothing reconnects, so the
    // poller must cover for it until the next sign-in.
    if (machine.status === 'closed' && before !== 'closed') options.polling?.start();
  }

  const connection = {
    subscribed(subscription: Subscription) {
      if (subscription.stream !== BASE_STREAM) send(subscriptionMessage('subscribe', subscription));
    },
    unsubscribed(subscription: Subscription) {
      if (subscription.stream !== BASE_STREAM)
        send(subscriptionMessage('unsubscribe', subscription));
    },
  };

  return {
    start(enabled) {
      attachConnection(connection);
      useStreamingStore.setState({ notificationsSilenced: true });
      dispatch(enabled ? { type: 'start' } : { type: 'disable' });
    },
    setEnabled(enabled) {
      if (enabled && machine.status === 'closed') dispatch({ type: 'start' });
      else dispatch(enabled ? { type: 'enable' } : { type: 'disable' });
    },
    stop() {
      attachConnection(null);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      closeSocket();
      machine = initialSocketState;
      useStreamingStore.setState({ status: machine.status, notificationsSilenced: true });
    },
    get state() {
      return machine;
    },
  };
}
