import { create } from 'zustand';
import { ApiError, type ApiClient } from '../api/client.ts';
import {
  chatList,
  chatMessages,
  chatWithAccount,
  type ChatMessagesPage,
  deleteChatMessage,
  markChatRead,
  sendChatMessage,
} from '../api/chats.ts';
import type { Attachment, Chat, ChatMessage } from '../api/types.ts';
import {
  CHAT_PAGE_SIZE,
  culled,
  isRetryableStatus,
  mergeMessages,
  newestId,
  retryDelayMs,
  waitsForWorker,
} from '../lib/chatMessages.ts';
import { errorMessage } from '../lib/errorMessage.ts';
import { newIdempotencyKey } from '../lib/idempotency.ts';
import { readStored, removeStored, writeStored } from './storage.ts';
import { useUnseen } from './unseen.ts';
import { onReconnect, outboxRuntime } from './outbox.ts';

/**
 * Chats (spec part 1, §2 chats, §4 chat message states): the chat list, the messages of the chats
 * opened, and the outbox of our messages the server has not taken yet. The outbox is kept in
 * localStorage, so a message written while the network was down survives a reload. Such a message
 * is also mirrored into the outbox's IndexedDB (features/outbox/chatQueue.ts, `queued`), for the
 * service worker's Background Sync to send with no page open; the page then sends it only under
 * the outbox's lock, and drops its copy when it finds the worker sent it.
 */

export interface ChatThread {
  /** Server messages, oldest first. */
  messages: ChatMessage[];
  /** Older messages exist on the server (not loaded yet, or culled). */
  hasOlder: boolean;
  loaded: boolean;
}

export interface OutgoingMessage {
  fakeId: string;
  chatId: string;
  accountId: string;
  content: string;
  mediaId?: string;
  attachment: Attachment | null;
  idempotencyKey: string;
  createdAt: string;
  state: 'pending' | 'failed';
  /** No answer came (the network is down): pending until it is back, no retry spent. */
  offline?: boolean;
  /** Mirrored into the outbox for the service worker, which may send it: see attemptSend. */
  queued?: boolean;
  /** Automatic retries made so far (spec §9: 10 at most). */
  retries: number;
  error?: string;
}

interface ChatsState {
  chats: Record<string, Chat>;
  /** The list has been fetched once this session. */
  listLoaded: boolean;
  listError: string | null;
  threads: Record<string, ChatThread>;
  outbox: OutgoingMessage[];
}

const EMPTY: ChatsState = {
  chats: {},
  listLoaded: false,
  listError: null,
  threads: {},
  outbox: [],
};

export const useChats = create<ChatsState>()(() => ({ ...EMPTY }));

/** The chats, most recently updated first. */
export function sortedChats(chats: Record<string, Chat>): Chat[] {
  return Object.values(chats).sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1));
}

/** Spec part 1, §9 page title: the unread messages of every chat. */
function countUnread(chats: Record<string, Chat>): number {
  return Object.values(chats).reduce((sum, chat) => sum + Math.max(0, chat.unread), 0);
}

function setChats(chats: Record<string, Chat>): void {
  useChats.setState({ chats });
  useUnseen.getState().set({ chats: countUnread(chats) });
}

// --- the outbox, persisted per account ---

let outboxOwner: string | null = null;
const outboxKey = (accountId: string) => `starling:chat-outbox:${accountId}`;
const retryTimers = new Map<string, ReturnType<typeof setTimeout>>();

function isOutgoing(value: unknown): value is OutgoingMessage {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.fakeId === 'string' &&
    typeof entry.chatId === 'string' &&
    typeof entry.content === 'string' &&
    typeof entry.idempotencyKey === 'string' &&
    typeof entry.createdAt === 'string'
  );
}

function saveOutbox(outbox: OutgoingMessage[]): void {
  if (!outboxOwner) return;
  if (outbox.length === 0) removeStored(outboxKey(outboxOwner));
  else writeStored(outboxKey(outboxOwner), outbox);
}

function setOutbox(update: (outbox: OutgoingMessage[]) => OutgoingMessage[]): void {
  const outbox = update(useChats.getState().outbox);
  useChats.setState({ outbox });
  saveOutbox(outbox);
}

const patchOutgoing = (fakeId: string, patch: Partial<OutgoingMessage>) =>
  setOutbox((outbox) =>
    outbox.map((entry) => (entry.fakeId === fakeId ? { ...entry, ...patch } : entry)),
  );

/** Signed in as `accountId`: what was left unsent is shown again and sent on. */
export function restoreOutbox(client: ApiClient, accountId: string): void {
  outboxOwner = accountId;
  const stored = readStored<unknown[]>(outboxKey(accountId));
  const outbox = Array.isArray(stored)
    ? stored.filter(isOutgoing).map((entry) => ({
        ...entry,
        attachment: entry.attachment ?? null,
        retries: Number.isInteger(entry.retries) ? entry.retries : 0,
        state: 'failed' as const,
      }))
    : [];
  useChats.setState({ outbox });
  for (const entry of outbox) void attemptSend(client, entry.fakeId);
}

/** Signed out: nothing of this account stays in memory (its outbox stays stored for next time). */
export function clearChats(): void {
  for (const timer of retryTimers.values()) clearTimeout(timer);
  retryTimers.clear();
  outboxOwner = null;
  receivedAt.clear();
  useChats.setState({ ...EMPTY });
}

// --- chats and their messages ---

/*
 * Each chat stored from an answer or a streaming update gets the next number, so a list that was
 * asked for before a chat changed cannot put back what that chat was (a late answer).
 */
let receipts = 0;
const receivedAt = new Map<string, number>();

export async function loadChatList(client: ApiClient): Promise<void> {
  try {
    const askedAt = receipts;
    const list = await chatList(client);
    const current = useChats.getState().chats;
    const chats: Record<string, Chat> = {};
    for (const chat of list) chats[chat.id] = chat;
    for (const [id, at] of receivedAt) {
      const newer = current[id];
      if (at > askedAt && newer) chats[id] = newer;
    }
    setChats(chats);
    useChats.setState({ listLoaded: true, listError: null });
    for (const chat of list) addToThread(chat.id, chat.lastMessage ? [chat.lastMessage] : []);
  } catch (error) {
    useChats.setState({ listError: errorMessage(error) });
    throw error;
  }
}

function addToThread(chatId: string, messages: ChatMessage[]): void {
  const thread = useChats.getState().threads[chatId];
  if (!thread?.loaded || messages.length === 0) return;
  updateThread(chatId, { messages: mergeMessages(thread.messages, messages) });
}

function updateThread(chatId: string, patch: Partial<ChatThread>): void {
  const threads = useChats.getState().threads;
  const thread = threads[chatId] ?? { messages: [], hasOlder: false, loaded: false };
  useChats.setState({ threads: { ...threads, [chatId]: { ...thread, ...patch } } });
}

/** A chat as the server now has it (an answer, a streaming update): stored, its message added. */
export function receiveChat(chat: Chat): void {
  receipts += 1;
  receivedAt.set(chat.id, receipts);
  setChats({ ...useChats.getState().chats, [chat.id]: chat });
  if (chat.lastMessage) addToThread(chat.id, [chat.lastMessage]);
}

/** Opens (creating when needed) the chat with an account. */
export async function openChatWith(client: ApiClient, accountId: string): Promise<Chat> {
  const chat = await chatWithAccount(client, accountId);
  receiveChat(chat);
  return chat;
}

/** Servers link a next page even at the end: only a full page says more may come. */
const isFullPage = (page: ChatMessagesPage) =>
  page.older !== null && page.messages.length >= CHAT_PAGE_SIZE;

/** The newest page of a chat's messages. */
export async function loadNewestMessages(client: ApiClient, chatId: string): Promise<void> {
  const page = await chatMessages(client, chatId, { limit: CHAT_PAGE_SIZE });
  const thread = useChats.getState().threads[chatId];
  const known = thread?.loaded ? thread.messages : [];
  updateThread(chatId, {
    messages: mergeMessages(known, page.messages),
    hasOlder: thread?.loaded ? thread.hasOlder : isFullPage(page),
    loaded: true,
  });
}

/** Messages newer than the newest shown (polling while the socket is down). */
export async function loadNewerMessages(client: ApiClient, chatId: string): Promise<void> {
  const thread = useChats.getState().threads[chatId];
  const newest = thread?.loaded ? newestId(thread.messages) : null;
  if (!newest) return loadNewestMessages(client, chatId);
  const page = await chatMessages(client, chatId, { minId: newest });
  addToThread(chatId, page.messages);
}

/** The page before the oldest shown (scrolled up, or brought back after culling). */
export async function loadOlderMessages(client: ApiClient, chatId: string): Promise<void> {
  const thread = useChats.getState().threads[chatId];
  const oldest = thread?.messages[0]?.id;
  if (!thread?.loaded || !oldest) return;
  const page = await chatMessages(client, chatId, { maxId: oldest, limit: CHAT_PAGE_SIZE });
  const current = useChats.getState().threads[chatId] ?? thread;
  updateThread(chatId, {
    messages: mergeMessages(current.messages, page.messages),
    hasOlder: isFullPage(page),
  });
}

/** Spec §9 chat cap: only the newest 50 stay; the rest can be loaded again by scrolling up. */
export function cullThread(chatId: string): void {
  const thread = useChats.getState().threads[chatId];
  if (!thread) return;
  const kept = culled(thread.messages);
  if (kept.length === thread.messages.length) return;
  updateThread(chatId, { messages: kept, hasOlder: true });
}

/** Marks the chat read up to its newest message; the badge follows the server's count. */
export async function markRead(client: ApiClient, chatId: string): Promise<void> {
  const chat = useChats.getState().chats[chatId];
  const thread = useChats.getState().threads[chatId];
  const newest = newestId(thread?.messages ?? []) ?? chat?.lastMessage?.id;
  if (!chat || chat.unread === 0 || !newest) return;
  receiveChat(await markChatRead(client, chatId, newest));
}

export async function deleteMessage(
  client: ApiClient,
  chatId: string,
  messageId: string,
): Promise<void> {
  await deleteChatMessage(client, chatId, messageId);
  const thread = useChats.getState().threads[chatId];
  if (thread) {
    updateThread(chatId, { messages: thread.messages.filter((entry) => entry.id !== messageId) });
  }
  const chat = useChats.getState().chats[chatId];
  if (chat?.lastMessage?.id === messageId) {
    const remaining = useChats.getState().threads[chatId]?.messages.at(-1) ?? null;
    setChats({ ...useChats.getState().chats, [chatId]: { ...chat, lastMessage: remaining } });
  }
}

// --- sending ---

let fakeIds = 0;

/** Shows the message at once as pending and sends it (spec §4: optimistic, with retries). */
export function sendMessage(
  client: ApiClient,
  message: Pick<OutgoingMessage, 'chatId' | 'accountId' | 'content' | 'mediaId' | 'attachment'>,
): void {
  fakeIds += 1;
  const entry: OutgoingMessage = {
    ...message,
    fakeId: `fake-${Date.now()}-${fakeIds}`,
    idempotencyKey: newIdempotencyKey(),
    createdAt: new Date().toISOString(),
    state: 'pending',
    retries: 0,
  };
  setOutbox((outbox) => [...outbox, entry]);
  void attemptSend(client, entry.fakeId);
}

/** The person's retry button: send now, whatever the schedule says. */
export function retryMessage(client: ApiClient, fakeId: string): void {
  void attemptSend(client, fakeId);
}

/** The person gave up on a message the server never took. */
export function discardMessage(fakeId: string): void {
  clearTimeout(retryTimers.get(fakeId));
  retryTimers.delete(fakeId);
  const entry = useChats.getState().outbox.find((candidate) => candidate.fakeId === fakeId);
  setOutbox((outbox) => outbox.filter((candidate) => candidate.fakeId !== fakeId));
  // Nor will the worker send it (if it has not already: the thread then shows the server's copy).
  if (entry?.queued)
    void chatQueue()
      .then((runtime) => runtime.dropQueuedChatMessage(entry.idempotencyKey))
      .catch(() => undefined);
}

const inFlight = new Set<string>();
/** Asked to go while on their way (the network came back meanwhile): tried again after. */
const askedAgain = new Set<string>();
let lastClient: ApiClient | null = null;

// Messages waiting for the network go, in the order they were written, once it is back.
onReconnect(() => {
  const client = lastClient;
  if (!client) return;
  const waiting = useChats.getState().outbox.filter((entry) => entry.offline);
  void (async () => {
    for (const entry of waiting) await attemptSend(client, entry.fakeId);
  })();
});

async function attemptSend(client: ApiClient, fakeId: string): Promise<void> {
  const entry = useChats.getState().outbox.find((candidate) => candidate.fakeId === fakeId);
  if (!entry) return;
  if (inFlight.has(fakeId)) {
    askedAgain.add(fakeId);
    return;
  }
  clearTimeout(retryTimers.get(fakeId));
  retryTimers.delete(fakeId);
  inFlight.add(fakeId);
  patchOutgoing(fakeId, { state: 'pending', error: undefined });
  lastClient = client;
  const send = () =>
    sendChatMessage(
      client,
      entry.chatId,
      { content: entry.content, mediaId: entry.mediaId },
      entry.idempotencyKey,
    );
  try {
    if (entry.queued) {
      await sendQueued(client, entry, send);
      return;
    }
    taken(entry, await send());
  } catch (error) {
    if (!useChats.getState().outbox.some((candidate) => candidate.fakeId === fakeId)) return;
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 0) {
      // The network, not the server: it waits, pending, and goes when the network is back, sent
      // by the service worker if the page has been closed by then.
      patchOutgoing(fakeId, { state: 'pending', offline: true });
      if (waitsForWorker(entry)) await queue(entry);
      return;
    }
    const retry = entry.retries + 1;
    const delay = isRetryableStatus(status) ? retryDelayMs(retry) : null;
    // Answered: no longer the worker's to send (the lock's sender took its entry out).
    patchOutgoing(fakeId, {
      state: 'failed',
      offline: false,
      queued: false,
      error: errorMessage(error),
    });
    if (delay !== null) {
      retryTimers.set(
        fakeId,
        setTimeout(() => {
          retryTimers.delete(fakeId);
          patchOutgoing(fakeId, { retries: retry });
          void attemptSend(client, fakeId);
        }, delay),
      );
    }
  } finally {
    inFlight.delete(fakeId);
    const waiting = useChats.getState().outbox.find((candidate) => candidate.fakeId === fakeId);
    if (askedAgain.delete(fakeId) && waiting?.offline) void attemptSend(client, fakeId);
  }
}

/** The server took our message: its copy takes the place of ours (same key), with its real id. */
function taken(entry: OutgoingMessage, sent: ChatMessage): void {
  addToThread(entry.chatId, [{ ...sent, idempotencyKey: entry.idempotencyKey }]);
  const chat = useChats.getState().chats[entry.chatId];
  if (chat) receiveChat({ ...chat, lastMessage: sent, updatedAt: sent.createdAt });
  setOutbox((outbox) => outbox.filter((candidate) => candidate.fakeId !== entry.fakeId));
}

type Runtime = Awaited<ReturnType<typeof outboxRuntime>>;
let runtimeLoad: Promise<Runtime> | null = null;

/** The outbox's chunk, which mirrors waiting messages: loaded once (again after a failure). */
function chatQueue(): Promise<Runtime> {
  runtimeLoad ??= outboxRuntime().catch((error: unknown) => {
    runtimeLoad = null;
    throw error;
  });
  return runtimeLoad;
}

/** Mirrors a message waiting for the network into the outbox, for the service worker. */
async function queue(entry: OutgoingMessage): Promise<void> {
  try {
    const runtime = await chatQueue();
    if (!(await runtime.queueChatMessage(entry))) return;
    const kept = useChats.getState().outbox.some((other) => other.fakeId === entry.fakeId);
    // Discarded meanwhile: the worker must not send it either.
    if (kept) patchOutgoing(entry.fakeId, { queued: true });
    else await runtime.dropQueuedChatMessage(entry.idempotencyKey);
  } catch {
    // No chunk (the network went before it was fetched) or no IndexedDB: it waits for the page.
  }
}

/**
 * A mirrored message, sent under the outbox's lock unless the service worker answered it while
 * no page was open: sent, its copy here is dropped and the chat shows the server's; refused, it
 * fails with the server's message, for Retry or Discard.
 */
async function sendQueued(
  client: ApiClient,
  entry: OutgoingMessage,
  send: () => Promise<ChatMessage>,
): Promise<void> {
  let runtime: Runtime;
  try {
    runtime = await chatQueue();
  } catch {
    // Its chunk cannot be fetched: the network is gone, so is the lock's reader; it waits.
    patchOutgoing(entry.fakeId, { state: 'pending', offline: true });
    return;
  }
  const outcome = await runtime.sendQueuedChatMessage(entry.idempotencyKey, send);
  if (outcome.action === 'sent') {
    taken(entry, outcome.value);
  } else if (outcome.action === 'taken') {
    setOutbox((outbox) => outbox.filter((candidate) => candidate.fakeId !== entry.fakeId));
    if (useChats.getState().threads[entry.chatId]?.loaded)
      await loadNewerMessages(client, entry.chatId).catch(() => undefined);
  } else {
    patchOutgoing(entry.fakeId, {
      state: 'failed',
      offline: false,
      queued: false,
      error: outcome.message,
    });
  }
}
