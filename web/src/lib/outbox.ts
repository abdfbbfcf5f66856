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
 */

export type OutboxKind = 'post' | 'favourite' | 'reblog';

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

/** The account's queue in the order it is sent. */
export function queueOf<E extends OutboxEntry>(entries: readonly E[], account: string): E[] {
  return entries.filter((entry) => entry.account === account).sort(bySeq);
}

/**
 * The entry to send now: the head of the account's queue, when its wait is over. Null when the
 * queue is empty or its head is waiting (later entries wait behind it).
 */
export function nextToSend<E extends OutboxEntry>(
  entries: readonly E[],
  account: string,
  now: number,
): E | null {
  const head = queueOf(entries, account)[0];
  return head && head.notBefore <= now ? head : null;
}

export function nextSeq(entries: readonly OutboxEntry[]): number {
  return entries.reduce((max, entry) => Math.max(max, entry.seq), 0) + 1;
}

const sameToggle = (a: OutboxEntry, b: OutboxEntry) =>
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
    if (entry.toggle) shown[`${entry.kind}:${entry.toggle.statusId}`] = entry.toggle.on;
  }
  return shown;
}
