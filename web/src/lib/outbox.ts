/**
 * The outbox's rules (issue 26): which queued sends go, in what order, and what each kind of
 * failure does to them. Pure, so they are tested directly; the store and the sender
 * (features/outbox/outboxRuntime.ts) only follow them.
 *
 * - Entries belong to one account and go one at a time, oldest first: the head of the queue is
 *   the only entry that may be sent, so the server gets them in the order they were made.
 * - An entry leaves the queue only once the server has answered it (taken or refused), so a send
 *   whose answer was lost goes again, with the same idempotency key: never twice on the server.
 * - No answer at all (the network): the queue waits for the network, the entry unchanged.
 * - A server error (5xx, 408, 429): the queue waits a little longer each time; after
 *   MAX_SERVER_ATTEMPTS it is treated as refused, so it comes back to the person.
 * - Any other 4xx is a refusal: the entry leaves the queue and comes back to the person with the
 *   server's message (a post to its composer, a favourite to its button), never dropped silently.
 * - With no page open, the service worker sends the queue on a Background Sync (sw/outboxSync.ts)
 *   from what each entry carries: its ready request and the account's token. An entry without
 *   them (a post that saves media descriptions first, an account signed out) waits for the page,
 *   and so does everything behind it. A refusal the worker met stays in the queue marked
 *   `refused`, sent no more, until a page gives it back to the person.
 * - Chat messages waiting for the network (state/chats.ts keeps them, in localStorage) are
 *   mirrored here as `chat` entries, a queue of their own beside the account's statuses, so a post
 *   only a page can send does not hold them. The worker sends that queue even with a page open,
 *   and marks what the server took `taken` rather than deleting it; the page sends a mirrored
 *   message only under the same lock and after finding its entry neither taken nor refused, so
 *   the two never both send it, and drops its own copy when the worker did.
 */

/** The IndexedDB database, its store, the Web Lock held while sending and the sync's tag. */
export const OUTBOX_DB = 'starling-outbox';
export const OUTBOX_STORE = 'entries';
export const OUTBOX_LOCK = 'starling-outbox';
export const OUTBOX_SYNC_TAG = 'starling-outbox';

export type OutboxKind = 'post' | 'favourite' | 'reblog' | 'chat';

/** The queues of an account, each sent in order on its own: statuses (posts and toggles), chats. */
export type OutboxLane = 'statuses' | 'chat';
export const OUTBOX_LANES: readonly OutboxLane[] = ['statuses', 'chat'];
export const laneOf = (entry: OutboxEntry): OutboxLane =>
  entry.kind === 'chat' ? 'chat' : 'statuses';

export interface OutboxEntry<P = unknown> {
  /** The idempotency key: unique, and what the server recognises a repeat by. */
  id: string;
  /** accountKey() of the account that made it. */
  account: string;
  /** Place in the queue: higher was made later. */
  seq: number;
  kind: OutboxKind;
  /** Milliseconds since the epoch when it was made. */
  createdAt: number;
  /** Server errors so far. */
  attempts: number;
  /** Not to be sent before this time (after a server error). */
  notBefore: number;
  /** Toggles (favourite, repeat): the status, the state asked for and the state before. */
  toggle?: { statusId: string; on: boolean; from: boolean };
  /** What a post sends (the composer's request). */
  payload?: P;
  /** The HTTP request, ready for the service worker; absent when only a page can send it. */
  request?: OutboxRequest;
  /** The account's bearer token, for the service worker; removed when the account signs out. */
  token?: string;
  /** The server refused it while no page was open: given back at the next start. */
  refused?: { status: number; message: string };
  /** A chat message the server took while no page had it (the page drops its own copy). */
  taken?: boolean;
}

export interface OutboxRequest {
  /** Absolute: the account's server may not be the page's. */
  url: string;
  method: 'POST';
  /** JSON. */
  body?: Record<string, unknown>;
  /** Sent as Idempotency-Key (posts), so a repeat is recognised. */
  idempotencyKey?: string;
}

export type FailureKind = 'network' | 'server' | 'refused';

/** After this many server errors in a row an entry is given back rather than tried again. */
export const MAX_SERVER_ATTEMPTS = 5;
/**
 * A queue waiting for the network also tries again this often while the browser says it is
 * online: a lost answer or a dropped connection brings no `online` event, and with the socket
 * carrying the timelines no other call may come to show the server answers again.
 */
export const NETWORK_PROBE_MS = 15_000;
const FIRST_SERVER_DELAY_MS = 5000;
const MAX_SERVER_DELAY_MS = 5 * 60 * 1000;

const TIMEOUT = 408;
const TOO_MANY = 429;
const SERVER_MIN = 500;

/** Status 0 is no answer (the network); 5xx, 408 and 429 may go through later; the rest never. */
export function failureKind(status: number): FailureKind {
  if (status === 0) return 'network';
  if (status >= SERVER_MIN || status === TIMEOUT || status === TOO_MANY) return 'server';
  return 'refused';
}

export function serverRetryDelayMs(attempts: number): number {
  return Math.min(MAX_SERVER_DELAY_MS, FIRST_SERVER_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

/** What a failure does to the entry that was sent. */
export type FailureOutcome =
  /** Stays at the head; the queue waits for the network to come back. */
  | { action: 'wait'; entry: OutboxEntry }
  /** Stays at the head; tried again at `entry.notBefore` (or when the network comes back). */
  | { action: 'retry'; entry: OutboxEntry }
  /** Leaves the queue and goes back to the person with the message. */
  | { action: 'return' };

export function afterFailure(entry: OutboxEntry, status: number, now: number): FailureOutcome {
  const kind = failureKind(status);
  if (kind === 'network') return { action: 'wait', entry };
  if (kind === 'refused') return { action: 'return' };
  const attempts = entry.attempts + 1;
  if (attempts >= MAX_SERVER_ATTEMPTS) return { action: 'return' };
  return {
    action: 'retry',
    entry: { ...entry, attempts, notBefore: now + serverRetryDelayMs(attempts) },
  };
}

const bySeq = (a: OutboxEntry, b: OutboxEntry) => a.seq - b.seq;

/** The account's queue (its statuses unless said) in the order it is sent. */
export function queueOf<E extends OutboxEntry>(
  entries: readonly E[],
  account: string,
  lane: OutboxLane = 'statuses',
): E[] {
  return entries.filter((entry) => entry.account === account && laneOf(entry) === lane).sort(bySeq);
}

/** Not sent again: answered while no page was open, waiting for one to see it. */
const settled = (entry: OutboxEntry) => entry.refused !== undefined || entry.taken === true;

/**
 * The entry to send now: the head of the account's queue, when its wait is over. Null when the
 * queue is empty or its head is waiting (later entries wait behind it).
 */
export function nextToSend<E extends OutboxEntry>(
  entries: readonly E[],
  account: string,
  now: number,
): E | null {
  const head = queueOf(entries, account).find((entry) => !settled(entry));
  return head && head.notBefore <= now ? head : null;
}

export function nextSeq(entries: readonly OutboxEntry[]): number {
  return entries.reduce((max, entry) => Math.max(max, entry.seq), 0) + 1;
}

const sameToggle = (a: OutboxEntry, b: OutboxEntry) =>
  !a.refused &&
  !b.refused &&
  a.kind === b.kind &&
  a.account === b.account &&
  a.toggle !== undefined &&
  b.toggle !== undefined &&
  a.toggle.statusId === b.toggle.statusId;

/**
 * Adds an entry at the end of the queue. A toggle of a status whose same toggle is still queued
 * (and not on its way: `sendingId`) replaces it: turned back to what the server holds, neither is
 * sent; turned again, the queued one keeps its place and asks for the new state.
 */
export function addEntry<E extends OutboxEntry>(
  entries: readonly E[],
  entry: E,
  sendingId: string | null = null,
): E[] {
  const queued = entry.toggle
    ? entries.find((other) => other.id !== sendingId && sameToggle(other, entry))
    : undefined;
  if (!queued?.toggle || !entry.toggle) return [...entries, entry];
  if (entry.toggle.on === queued.toggle.from) return entries.filter((other) => other !== queued);
  return entries.map((other) =>
    other === queued ? { ...other, toggle: { ...queued.toggle!, on: entry.toggle!.on } } : other,
  );
}

/** The entry is answered (taken or refused): it leaves the queue. */
export function removeEntry<E extends OutboxEntry>(entries: readonly E[], id: string): E[] {
  return entries.filter((entry) => entry.id !== id);
}

export function replaceEntry<E extends OutboxEntry>(entries: readonly E[], entry: E): E[] {
  return entries.map((other) => (other.id === entry.id ? entry : other));
}

/**
 * The state each queued toggle will leave its status in, by `kind:statusId`: what its button
 * shows (the last one queued wins).
 */
export function pendingToggles(entries: readonly OutboxEntry[]): Record<string, boolean> {
  const shown: Record<string, boolean> = {};
  for (const entry of [...entries].sort(bySeq)) {
    if (entry.toggle && !entry.refused)
      shown[`${entry.kind}:${entry.toggle.statusId}`] = entry.toggle.on;
  }
  return shown;
}

/** Entries the service worker found refused, to give back to the person. */
export const refusedOf = <E extends OutboxEntry>(entries: readonly E[]): E[] =>
  entries.filter((entry) => entry.refused);

/** The request of a favourite or repeat (or undoing one) on the account's server. */
export function toggleRequest(
  kind: 'favourite' | 'reblog',
  statusId: string,
  on: boolean,
  apiOrigin: string,
): OutboxRequest {
  const action = kind === 'favourite' ? 'favourite' : 'reblog';
  const path = `/api/v1/statuses/${encodeURIComponent(statusId)}/${on ? '' : 'un'}${action}`;
  return { url: new URL(path, apiOrigin).href, method: 'POST' };
}

/**
 * What an entry carries for the service worker: its request (a post's body as the page sends
 * it, or null when a page must send it) and the account's token.
 */
export function forWorker<E extends OutboxEntry>(
  entry: E,
  apiOrigin: string,
  token: string | null,
  postBody: Record<string, unknown> | null,
): E {
  const { request: _old, token: _oldToken, ...rest } = entry;
  let request: OutboxRequest | undefined;
  if (entry.toggle && (entry.kind === 'favourite' || entry.kind === 'reblog'))
    request = toggleRequest(entry.kind, entry.toggle.statusId, entry.toggle.on, apiOrigin);
  else if (entry.kind === 'post' && postBody)
    request = {
      url: new URL('/api/v1/statuses', apiOrigin).href,
      method: 'POST',
      body: postBody,
      idempotencyKey: entry.id,
    };
  return {
    ...rest,
    ...(request ? { request } : {}),
    ...(token ? { token } : {}),
  } as E;
}

/** What the service worker does next with an account's queue. */
export type WorkerStep<E> =
  | { action: 'send'; entry: E; request: OutboxRequest; token: string }
  /** Nothing left it may send. */
  | { action: 'done' }
  /** The head waits after a server error: a later sync tries again. */
  | { action: 'later' }
  /** The head needs a page (no request or token): it and all behind it wait for one. */
  | { action: 'page' };

export function workerStep<E extends OutboxEntry>(
  entries: readonly E[],
  account: string,
  now: number,
  lane: OutboxLane = 'statuses',
): WorkerStep<E> {
  const head = queueOf(entries, account, lane).find((entry) => !settled(entry));
  if (!head) return { action: 'done' };
  if (!head.request || !head.token) return { action: 'page' };
  if (head.notBefore > now) return { action: 'later' };
  return { action: 'send', entry: head, request: head.request, token: head.token };
}

/**
 * What a 2xx does to the entry the service worker sent: it leaves the queue, but a chat message
 * stays marked taken, for the page holding its copy to learn it was sent (and drop that copy).
 */
export function afterWorkerSuccess<E extends OutboxEntry>(
  entry: E,
): { action: 'remove' } | { action: 'keep'; entry: E } {
  return entry.kind === 'chat'
    ? { action: 'keep', entry: { ...entry, taken: true } }
    : { action: 'remove' };
}

const UNAUTHORIZED = 401;

/** What an answer other than 2xx does to the entry the service worker sent. */
export type WorkerFailure<E> =
  /** Left as it was (the network): the sync fails, so the browser tries it again later. */
  | { action: 'wait' }
  /** Kept with one more server error (and its wait): the sync fails and is tried again. */
  | { action: 'retry'; entry: E }
  /** Kept, marked refused, sent no more; the queue goes on behind it. */
  | { action: 'refused'; entry: E }
  /** The token no longer works: the account's entries lose it and wait for a page. */
  | { action: 'signedOut' };

export function afterWorkerFailure<E extends OutboxEntry>(
  entry: E,
  status: number,
  message: string,
  now: number,
): WorkerFailure<E> {
  if (status === UNAUTHORIZED) return { action: 'signedOut' };
  const outcome = afterFailure(entry, status, now);
  if (outcome.action === 'wait') return { action: 'wait' };
  if (outcome.action === 'retry') return { action: 'retry', entry: outcome.entry as E };
  return { action: 'refused', entry: { ...entry, refused: { status, message } } };
}

/** The accounts with entries, each once. */
export const accountsOf = (entries: readonly OutboxEntry[]): string[] => [
  ...new Set(entries.map((entry) => entry.account)),
];

/**
 * The entry carrying `token` for the service worker, or none (null: its account signed out, or
 * the server refused the token). The same entry when nothing changes.
 */
export function withToken<E extends OutboxEntry>(entry: E, token: string | null): E {
  if ((entry.token ?? null) === token) return entry;
  const { token: _old, ...rest } = entry;
  return (token ? { ...rest, token } : rest) as E;
}

// --- chat messages waiting for the network ---

/** A chat message's entry: its idempotency key, kept apart from a post's. */
export const chatEntryId = (idempotencyKey: string): string => `chat:${idempotencyKey}`;

/** The request of a chat message (content, an uploaded attachment) on the account's server. */
export function chatRequest(
  chatId: string,
  message: { content: string; mediaId?: string },
  idempotencyKey: string,
  apiOrigin: string,
): OutboxRequest {
  const body: Record<string, unknown> = {};
  if (message.content) body.content = message.content;
  if (message.mediaId) body.media_id = message.mediaId;
  const path = `/api/v1/pleroma/chats/${encodeURIComponent(chatId)}/messages`;
  return { url: new URL(path, apiOrigin).href, method: 'POST', body, idempotencyKey };
}

/** What the page finds of a mirrored chat message, holding the lock, before sending it. */
export type QueuedChatVerdict =
  /** Still waiting (or its entry is gone: the same key makes a repeat land once): the page sends. */
  | { action: 'send' }
  /** The service worker sent it: the page drops its copy and shows the server's. */
  | { action: 'taken' }
  /** The server refused it while no page was open: failed, with the server's message. */
  | { action: 'refused'; message: string };

export function queuedChatVerdict(entry: OutboxEntry | undefined): QueuedChatVerdict {
  if (entry?.taken) return { action: 'taken' };
  if (entry?.refused) return { action: 'refused', message: entry.refused.message };
  return { action: 'send' };
}
