import { noteReachable } from './outbox.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { parseChat } from '../api/schemas/chat.ts';
import { TEST_ACCOUNT } from '../features/auth/testServer.ts';
import {
  clearChats,
  discardMessage,
  loadChatList,
  loadNewestMessages,
  openChatWith,
  receiveChat,
  restoreOutbox,
  retryMessage,
  sendMessage,
  sortedChats,
  useChats,
} from './chats.ts';
import { useUnseen } from './unseen.ts';

/**
 * The outbox's mirror of waiting messages (features/outbox/chatQueue.ts, IndexedDB), kept in
 * memory: what the service worker would find, and mark when it sends one with no page open.
 */
const mirror = vi.hoisted(() => new Map<string, { taken?: boolean; refused?: string }>());
vi.mock('../features/outbox/outboxRuntime.ts', () => ({
  queueChatMessage: async ({ idempotencyKey }: { idempotencyKey: string }) => {
    if (!mirror.has(idempotencyKey)) mirror.set(idempotencyKey, {});
    return true;
  },
  sendQueuedChatMessage: async (key: string, send: () => Promise<unknown>) => {
    const entry = mirror.get(key);
    if (entry?.taken || entry?.refused) {
      mirror.delete(key);
      return entry.taken
        ? { action: 'taken' }
        : { action: 'refused', message: entry.refused ?? '' };
    }
    try {
      const value = await send();
      mirror.delete(key);
      return { action: 'sent', value };
    } catch (error) {
      if ((error as { status?: number }).status !== 0) mirror.delete(key);
      throw error;
    }
  },
  dropQueuedChatMessage: async (key: string) => void mirror.delete(key),
}));

const CHAT_ID = 'c1';
const ME = 'me';

const rawMessage = (id: string, content: string, key?: string) => ({
  id,
  chat_id: CHAT_ID,
  account_id: ME,
  content,
  created_at: '2026-11-27T10:00:00.000Z',
  emojis: [],
  attachment: null,
  card: null,
  unread: false,
  ...(key ? { idempotency_key: key } : {}),
});

const rawChat = (unread = 0) => ({
  id: CHAT_ID,
  account: TEST_ACCOUNT,
  unread,
  last_message: null,
  updated_at: '2026-11-27T10:00:00.000Z',
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A chat server: sends answer `answers` in turn (then 200); records every send's key. */
function chatServer(answers: (number | 'network')[]) {
  const sent: { key: string | null; content: string }[] = [];
  const stored = new Map<string, ReturnType<typeof rawMessage>>();
  let nextId = 100;
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method === 'POST' && url.pathname.includes('/by-account-id/')) return json(200, rawChat(2));
    if (method === 'GET' && url.pathname.endsWith('/messages')) return json(200, []);
    if (method === 'POST' && url.pathname.endsWith('/messages')) {
      const key = new Headers(init?.headers).get('Idempotency-Key');
      const content = (JSON.parse(String(init?.body)) as { content: string }).content;
      sent.push({ key, content });
      const answer = answers.shift() ?? 200;
      if (answer === 'network') throw new TypeError('Failed to fetch');
      // The server stores the message even when its answer is lost as a 503.
      const message =
        (key ? stored.get(key) : undefined) ?? rawMessage(String(nextId++), content, key ?? '');
      if (key) stored.set(key, message);
      return answer === 200 ? json(200, message) : json(answer, { error: `answered ${answer}` });
    }
    return json(404, { error: 'not here' });
  });
  return { sent, stored, client: createApiClient({ getToken: () => 't', fetchImpl }) };
}

beforeEach(() => {
  vi.useFakeTimers();
  clearChats();
  mirror.clear();
});

afterEach(() => {
  clearChats();
  vi.useRealTimers();
});

async function openChat(client: ReturnType<typeof chatServer>['client']) {
  await openChatWith(client, TEST_ACCOUNT.id);
  await loadNewestMessages(client, CHAT_ID);
}

const outbox = () => useChats.getState().outbox;
const threadContents = () =>
  (useChats.getState().threads[CHAT_ID]?.messages ?? []).map((message) => message.content);

describe('sending a chat message', () => {
  it('shows it pending at once, then as the server’s message with its real id', async () => {
    const server = chatServer([]);
    await openChat(server.client);
    expect(useUnseen.getState().chats).toBe(2);
    sendMessage(server.client, {
      chatId: CHAT_ID,
      accountId: ME,
      content: 'hello',
      attachment: null,
    });
    expect(outbox()).toMatchObject([{ content: 'hello', state: 'pending' }]);
    await vi.waitFor(() => expect(outbox()).toEqual([]));
    expect(threadContents()).toEqual(['hello']);
    expect(useChats.getState().threads[CHAT_ID]?.messages[0]?.id).toBe('100');
  });

  it('retries server errors after 1 s, 2 s, 4 s with the same key, and lands once', async () => {
    const server = chatServer([503, 503, 503]);
    await openChat(server.client);
    sendMessage(server.client, { chatId: CHAT_ID, accountId: ME, content: 'hi', attachment: null });
    // (vi.waitFor would move the fake clock on: the schedule is checked by advancing it by hand.)
    await vi.advanceTimersByTimeAsync(0);
    expect(outbox()[0]?.state).toBe('failed');
    expect(server.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(server.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sent).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(outbox()).toEqual([]);
    expect(server.sent).toHaveLength(4);
    expect(new Set(server.sent.map((call) => call.key)).size).toBe(1);
    expect(server.stored.size).toBe(1);
    expect(threadContents()).toEqual(['hi']);
  });

  it('does not retry a refusal: the message stays failed with its text', async () => {
    const server = chatServer([422]);
    await openChat(server.client);
    sendMessage(server.client, { chatId: CHAT_ID, accountId: ME, content: 'no', attachment: null });
    await vi.waitFor(() => expect(outbox()[0]?.state).toBe('failed'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.sent).toHaveLength(1);
    expect(outbox()[0]).toMatchObject({ content: 'no', error: 'answered 422' });
    retryMessage(server.client, outbox()[0]!.fakeId);
    await vi.waitFor(() => expect(outbox()).toEqual([]));
    expect(threadContents()).toEqual(['no']);
  });

  it('keeps an unsent message across a reload and sends it on, once', async () => {
    const server = chatServer(['network']);
    restoreOutbox(server.client, ME);
    await openChat(server.client);
    sendMessage(server.client, {
      chatId: CHAT_ID,
      accountId: ME,
      content: 'offline',
      attachment: null,
    });
    // No answer (the network): pending until the network is back, not failed.
    await vi.waitFor(() => expect(outbox()[0]).toMatchObject({ state: 'pending', offline: true }));
    const key = outbox()[0]!.idempotencyKey;
    // The page goes away before the retry; the next visit finds the message and sends it.
    clearChats();
    expect(outbox()).toEqual([]);
    restoreOutbox(server.client, ME);
    expect(outbox()).toMatchObject([{ content: 'offline', idempotencyKey: key }]);
    await vi.waitFor(() => expect(outbox()).toEqual([]));
    expect(server.sent.map((call) => call.key)).toEqual([key, key]);
    restoreOutbox(server.client, ME);
    expect(outbox()).toEqual([]);
  });

  it('waits for the network with no retry spent, then sends what waited in order, once each', async () => {
    const server = chatServer(['network', 'network']);
    await openChat(server.client);
    for (const content of ['first', 'second'])
      sendMessage(server.client, { chatId: CHAT_ID, accountId: ME, content, attachment: null });
    await vi.waitFor(() =>
      expect(outbox().map((entry) => [entry.state, entry.offline])).toEqual([
        ['pending', true],
        ['pending', true],
      ]),
    );
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.sent).toHaveLength(2);
    expect(outbox().map((entry) => entry.retries)).toEqual([0, 0]);
    // A call answered again after failures: the network is back.
    noteReachable(false);
    noteReachable(true);
    await vi.waitFor(() => expect(outbox()).toEqual([]));
    expect(server.sent.slice(2).map((call) => call.content)).toEqual(['first', 'second']);
    expect(threadContents()).toEqual(['first', 'second']);
  });

  it('a discarded message is neither retried nor kept', async () => {
    const server = chatServer(['network', 'network']);
    restoreOutbox(server.client, ME);
    await openChat(server.client);
    sendMessage(server.client, { chatId: CHAT_ID, accountId: ME, content: 'x', attachment: null });
    await vi.waitFor(() => expect(outbox()[0]?.offline).toBe(true));
    discardMessage(outbox()[0]!.fakeId);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.sent).toHaveLength(1);
    clearChats();
    restoreOutbox(server.client, ME);
    expect(outbox()).toEqual([]);
  });
});

describe('a waiting message and the service worker', () => {
  /** Writes a message with no network, then leaves the page (its copy stays stored). */
  async function writtenOffline(server: ReturnType<typeof chatServer>, content: string) {
    restoreOutbox(server.client, ME);
    await openChat(server.client);
    sendMessage(server.client, { chatId: CHAT_ID, accountId: ME, content, attachment: null });
    await vi.waitFor(() => expect(outbox()[0]).toMatchObject({ offline: true, queued: true }));
    const key = outbox()[0]!.idempotencyKey;
    clearChats();
    return key;
  }

  it('is handed to the worker with its key; sent by it meanwhile, the next start drops its copy', async () => {
    const server = chatServer(['network']);
    const key = await writtenOffline(server, 'sent by the worker');
    expect([...mirror.keys()]).toEqual([key]);
    // The tab closed, the worker sent it with no page open.
    mirror.set(key, { taken: true });
    server.stored.set(key, rawMessage('200', 'sent by the worker', key));
    restoreOutbox(server.client, ME);
    await vi.waitFor(() => expect(outbox()).toEqual([]));
    // Not sent again by the page, and its entry is gone.
    expect(server.sent).toHaveLength(1);
    expect(mirror.size).toBe(0);
  });

  it('refused while no page was open: it fails with the server’s message, for Retry or Discard', async () => {
    const server = chatServer(['network']);
    const key = await writtenOffline(server, 'refused meanwhile');
    mirror.set(key, { refused: 'You are blocked' });
    restoreOutbox(server.client, ME);
    await vi.waitFor(() =>
      expect(outbox()).toMatchObject([
        { state: 'failed', error: 'You are blocked', queued: false, offline: false },
      ]),
    );
    expect(server.sent).toHaveLength(1);
    // Retry sends it from the page, with the same key.
    retryMessage(server.client, outbox()[0]!.fakeId);
    await vi.waitFor(() => expect(outbox()).toEqual([]));
    expect(server.sent.map((call) => call.key)).toEqual([key, key]);
  });

  it('still waiting at the next start, the page sends it and its entry leaves', async () => {
    const server = chatServer(['network']);
    const key = await writtenOffline(server, 'the page sends it');
    restoreOutbox(server.client, ME);
    await vi.waitFor(() => expect(outbox()).toEqual([]));
    expect(server.sent.map((call) => call.key)).toEqual([key, key]);
    expect(mirror.size).toBe(0);
  });

  it('discarded, the worker will not send it either', async () => {
    const server = chatServer(['network']);
    restoreOutbox(server.client, ME);
    await openChat(server.client);
    sendMessage(server.client, { chatId: CHAT_ID, accountId: ME, content: 'x', attachment: null });
    await vi.waitFor(() => expect(outbox()[0]?.queued).toBe(true));
    discardMessage(outbox()[0]!.fakeId);
    await vi.waitFor(() => expect(mirror.size).toBe(0));
  });
});

describe('the chat list', () => {
  it('does not let a list asked for before a streamed update put back the older unread count', async () => {
    let answerList: (response: Response) => void = () => undefined;
    const client = createApiClient({
      getToken: () => 'token',
      fetchImpl: vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answerList = resolve;
          }),
      ),
    });
    const loading = loadChatList(client);
    // The second message arrives by streaming while the list is on its way.
    receiveChat(parseChat({ ...rawChat(2), updated_at: '2026-11-27T10:01:00.000Z' })!);
    answerList(json(200, [rawChat(1)]));
    await loading;
    expect(useChats.getState().chats[CHAT_ID]?.unread).toBe(2);
    expect(useUnseen.getState().chats).toBe(2);
  });

  it('puts the most recently updated chat first', () => {
    const chat = (id: string, updatedAt: string) =>
      ({ id, updatedAt }) as Parameters<typeof sortedChats>[0][string];
    const order = sortedChats({
      a: chat('a', '2026-11-25T10:00:00.000Z'),
      b: chat('b', '2026-11-27T08:00:00.000Z'),
      c: chat('c', '2026-11-26T23:59:00.000Z'),
    }).map((entry) => entry.id);
    expect(order).toEqual(['b', 'c', 'a']);
  });
});
