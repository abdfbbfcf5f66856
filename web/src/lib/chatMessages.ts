/**
 * The rules of a chat's message list (spec part 1, §4 chat message states, §9 chat constants),
 * pure so they are tested directly.
 */

/** Spec part 1, §9: a failed send is retried up to 10 times, after 1 s, 2 s, 4 s and so on. */
export const CHAT_SEND_RETRIES = 10;
const FIRST_RETRY_DELAY_MS = 1000;
/** Spec part 1, §9: chat messages come 20 to a page. */
export const CHAT_PAGE_SIZE = 20;
/** Spec part 1, §9: at most 50 messages stay in view; older ones are culled. */
export const CHAT_MESSAGE_CAP = 50;
/** Culling waits this long after the reader reaches the bottom. */
export const CHAT_CULL_DELAY_MS = 5000;
/** The chat is marked read this long after the reader reaches the bottom. */
export const CHAT_MARK_READ_DELAY_MS = 1500;
/** How near the bottom still counts as at the bottom. */
export const CHAT_BOTTOM_TOLERANCE_PX = 10;
/** New messages are fetched this often while the socket is down. */
export const CHATS_POLL_MS = 5000;
/** Spec part 1, §9: the chat form grows up to this height. */
export const CHAT_FORM_MAX_HEIGHT_PX = 160;

/** The wait before retry number `retry` (1 for the first retry), or null when none is left. */
export function retryDelayMs(retry: number): number | null {
  if (!Number.isInteger(retry) || retry < 1 || retry > CHAT_SEND_RETRIES) return null;
  return FIRST_RETRY_DELAY_MS * 2 ** (retry - 1);
}

const SERVER_ERROR_MIN = 500;
const SERVER_ERROR_MAX = 599;

/**
 * Only a network failure (status 0) or a server error (500–599) is worth retrying: any other
 * answer (a refusal, a block, an empty message) would be refused again.
 */
export function isRetryableStatus(status: number): boolean {
  return status === 0 || (status >= SERVER_ERROR_MIN && status <= SERVER_ERROR_MAX);
}

/** A message as the chat shows it: the server's, or one of ours still on its way. */
export interface ChatEntry {
  id: string;
  createdAt: string;
  /** Ours, not yet taken by the server: the fake id it is shown with until then. */
  fakeId?: string;
  idempotencyKey?: string | null;
}

/** Lexically sortable flake ids (Pleroma) and numeric ids (Mastodon-style) both order this way. */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Adds server messages to the list (oldest first): each once, by id; a message that answers one
 * of ours (same idempotency key) takes its place rather than being added beside it.
 */
export function mergeMessages<T extends ChatEntry>(current: readonly T[], incoming: readonly T[]) {
  const byId = new Map<string, T>();
  for (const entry of current) if (!entry.fakeId) byId.set(entry.id, entry);
  for (const entry of incoming) byId.set(entry.id, entry);
  return [...byId.values()].sort((a, b) => compareIds(a.id, b.id));
}

/**
 * Our messages not yet answered, those the server has (by idempotency key) left out: shown after
 * the server's, in the order they were written.
 */
export function unansweredOwn<T extends { idempotencyKey?: string | null }>(
  own: readonly T[],
  server: readonly { idempotencyKey?: string | null }[],
): T[] {
  const answered = new Set(
    server.flatMap((entry) => (entry.idempotencyKey ? [entry.idempotencyKey] : [])),
  );
  return own.filter((entry) => !entry.idempotencyKey || !answered.has(entry.idempotencyKey));
}

/** Spec part 1, §9: at the bottom when within 10 px of it. */
export function isAtBottom(
  scrollTop: number,
  clientHeight: number,
  scrollHeight: number,
  tolerance = CHAT_BOTTOM_TOLERANCE_PX,
): boolean {
  return scrollHeight - (scrollTop + clientHeight) <= tolerance;
}

/** Keeps the newest `cap` messages (spec §9 chat cap): what stays after culling. */
export function culled<T>(messages: readonly T[], cap = CHAT_MESSAGE_CAP): T[] {
  return messages.length > cap ? messages.slice(messages.length - cap) : [...messages];
}

/** One row of the chat view: a date separator, or a message. */
export type ChatRow<T> = { kind: 'date'; day: string } | { kind: 'message'; message: T };

/** The local calendar day of a time stamp, as YYYY-MM-DD (the separators' key). */
export function localDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A date separator before the first message of each local day (spec part 1, §2 chat view). */
export function withDateSeparators<T extends { createdAt: string }>(
  messages: readonly T[],
): ChatRow<T>[] {
  const rows: ChatRow<T>[] = [];
  let previous: string | null = null;
  for (const message of messages) {
    const day = localDay(message.createdAt);
    if (day !== previous) rows.push({ kind: 'date', day });
    previous = day;
    rows.push({ kind: 'message', message });
  }
  return rows;
}

/** The newest server id, where reading and polling start from. */
export function newestId(messages: readonly ChatEntry[]): string | null {
  let newest: string | null = null;
  for (const entry of messages) {
    if (entry.fakeId) continue;
    if (newest === null || compareIds(entry.id, newest) > 0) newest = entry.id;
  }
  return newest;
}

/**
 * Whether a message waiting for the network can be handed to the service worker's Background
 * Sync: its request must be ready, so an attachment must be uploaded already (it has its media
 * id); otherwise it waits for a page of the app.
 */
export const waitsForWorker = (message: { attachment: unknown; mediaId?: string }): boolean =>
  !message.attachment || Boolean(message.mediaId);
