import { describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from '../lib/outbox.ts';
import { SEND_OUTBOX } from '../lib/outboxMessage.ts';
import { sendQueued, syncOutbox, SyncLater, type QueueStore } from './outboxSync.ts';

function memoryStore(entries: OutboxEntry[]): QueueStore & { entries: OutboxEntry[] } {
  const store = {
    entries,
    all: async () => [...store.entries],
    put: async (entry: OutboxEntry) => {
      store.entries = [...store.entries.filter((other) => other.id !== entry.id), entry];
    },
    remove: async (id: string) => {
      store.entries = store.entries.filter((entry) => entry.id !== id);
    },
  };
  return store;
}

let made = 0;
function post(text: string, patch: Partial<OutboxEntry> = {}): OutboxEntry {
  made += 1;
  return {
    id: `key-${made}`,
    account: 'alice@s.example',
    seq: made,
    kind: 'post',
    createdAt: 0,
    attempts: 0,
    notBefore: 0,
    request: {
      url: 'https://s.example/api/v1/statuses',
      method: 'POST',
      body: { status: text },
      idempotencyKey: `key-${made}`,
    },
    token: 'alice-token',
    ...patch,
  };
}

/** A server answering each call with the next of `answers`; 'down' is no answer at all. */
function server(...answers: ([number, unknown] | 'down')[]) {
  const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    const answer = answers.shift() ?? [200, {}];
    if (answer === 'down') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer[1]), { status: answer[0] });
  });
  const sent = () =>
    fetchImpl.mock.calls.map(([url, init]) => {
      const headers = new Headers(init?.headers);
      return {
        url: String(url),
        text: (JSON.parse(String(init?.body)) as { status?: string }).status,
        key: headers.get('Idempotency-Key'),
        auth: headers.get('Authorization'),
      };
    });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, sent };
}

describe('the service worker sending the outbox with no page open', () => {
  it('sends in order with the token and idempotency key, deleting each once answered', async () => {
    const store = memoryStore([post('second', { seq: 20 }), post('first', { seq: 10 })]);
    const { fetchImpl, sent } = server([200, {}], [200, {}]);
    await sendQueued(store, fetchImpl);
    expect(sent().map((call) => call.text)).toEqual(['first', 'second']);
    expect(sent()[0]).toMatchObject({ auth: 'Bearer alice-token', key: expect.any(String) });
    expect(store.entries).toEqual([]);
  });

  it('no answer: the entry stays for the same key next time, and the sync fails', async () => {
    const entry = post('lost');
    const store = memoryStore([entry]);
    await expect(sendQueued(store, server('down').fetchImpl)).rejects.toBeInstanceOf(SyncLater);
    expect(store.entries).toEqual([entry]);
  });

  it('a refusal is kept marked with the message, and the queue goes on behind it', async () => {
    const refused = post('too long');
    const store = memoryStore([refused, post('fine')]);
    const { fetchImpl, sent } = server([422, { error: 'Too long' }], [200, {}]);
    await sendQueued(store, fetchImpl);
    expect(sent()).toHaveLength(2);
    expect(store.entries).toEqual([{ ...refused, refused: { status: 422, message: 'Too long' } }]);
    // Never sent again.
    await sendQueued(store, fetchImpl);
    expect(sent()).toHaveLength(2);
  });

  it('stops at an entry only a page can send, and leaves the account an open page sent', async () => {
    const needsPage = post('with descriptions', { request: undefined });
    const behind = post('behind');
    const bobs = post('bob', { account: 'bob@s.example', token: 'bob-token' });
    const store = memoryStore([needsPage, behind, bobs]);
    const { fetchImpl, sent } = server();
    await sendQueued(store, fetchImpl, Date.now, 'bob@s.example');
    expect(sent()).toEqual([]);
    expect(store.entries).toHaveLength(3);
  });

  it("a refused token is taken out of the account's entries, which wait for a page", async () => {
    const store = memoryStore([post('a'), post('b')]);
    const { fetchImpl, sent } = server([401, { error: 'Invalid credentials' }]);
    await sendQueued(store, fetchImpl);
    expect(sent()).toHaveLength(1);
    expect(store.entries).toHaveLength(2);
    expect(store.entries.every((entry) => entry.token === undefined)).toBe(true);
  });

  it('a server error keeps the entry with its wait, for a later sync', async () => {
    const store = memoryStore([post('busy')]);
    await expect(
      sendQueued(store, server([503, { error: 'Busy' }]).fetchImpl, () => 1000),
    ).rejects.toBeInstanceOf(SyncLater);
    expect(store.entries[0]).toMatchObject({ attempts: 1 });
    expect(store.entries[0]?.notBefore).toBeGreaterThan(1000);
  });
});

function chat(content: string, patch: Partial<OutboxEntry> = {}): OutboxEntry {
  made += 1;
  return {
    id: `chat:key-${made}`,
    account: 'alice@s.example',
    seq: made,
    kind: 'chat',
    createdAt: 0,
    attempts: 0,
    notBefore: 0,
    request: {
      url: 'https://s.example/api/v1/pleroma/chats/c1/messages',
      method: 'POST',
      body: { content },
      idempotencyKey: `key-${made}`,
    },
    token: 'alice-token',
    ...patch,
  };
}

describe('chat messages waiting for the network', () => {
  it('are sent in order with their key, each kept marked taken for the page to see', async () => {
    const second = chat('second', { seq: 20 });
    const first = chat('first', { seq: 10 });
    const store = memoryStore([second, first]);
    const { fetchImpl } = server([200, {}], [200, {}]);
    await sendQueued(store, fetchImpl);
    const calls = (fetchImpl as unknown as ReturnType<typeof vi.fn>).mock.calls as [
      string,
      RequestInit,
    ][];
    expect(calls.map(([, init]) => JSON.parse(String(init.body)))).toEqual([
      { content: 'first' },
      { content: 'second' },
    ]);
    expect(calls.map(([, init]) => new Headers(init.headers).get('Idempotency-Key'))).toEqual([
      first.request?.idempotencyKey,
      second.request?.idempotencyKey,
    ]);
    expect(store.entries.map((entry) => entry.taken)).toEqual([true, true]);
    // Never sent twice: a later sync finds nothing to send.
    await sendQueued(store, fetchImpl);
    expect(calls).toHaveLength(2);
  });

  it('go past a post only a page can send, and even when a page sent its statuses', async () => {
    const needsPage = post('with descriptions', { request: undefined, seq: 1 });
    const message = chat('hello', { seq: 2 });
    const store = memoryStore([needsPage, message]);
    const { fetchImpl, sent } = server([200, {}]);
    await sendQueued(store, fetchImpl, Date.now, 'alice@s.example');
    expect(sent().map((call) => call.url)).toEqual([message.request?.url]);
    expect(store.entries).toEqual([needsPage, { ...message, taken: true }]);
  });

  it('a refusal is kept with the server’s message; no answer leaves it for the next sync', async () => {
    const refused = chat('blocked');
    const lost = chat('lost');
    const store = memoryStore([refused, lost]);
    const { fetchImpl } = server([403, { error: 'You are blocked' }], 'down');
    await expect(sendQueued(store, fetchImpl)).rejects.toBeInstanceOf(SyncLater);
    expect(store.entries).toEqual([
      lost,
      { ...refused, refused: { status: 403, message: 'You are blocked' } },
    ]);
  });
});

/** A window of the app that answers the worker's ask as `reply` does (nothing: no answer). */
function openPage(reply?: (port: MessagePort) => void) {
  return {
    url: 'https://app.example/main/friends',
    postMessage: vi.fn((message: { type: string }, [port]: MessagePort[]) => {
      expect(message.type).toBe(SEND_OUTBOX);
      if (reply && port) reply(port);
      else port?.close();
    }),
  };
}

const scopeWith = (...pages: ReturnType<typeof openPage>[]) => ({
  clients: { matchAll: async () => pages },
  location: { origin: 'https://app.example' },
});

describe('the sync with a page open', () => {
  it("the page sends its account's queue; the worker sends only the other accounts'", async () => {
    const store = memoryStore([post("alice's"), post("bob's", { account: 'bob@s.example' })]);
    const { fetchImpl, sent } = server();
    const page = openPage((port) => {
      port.postMessage({ type: 'sending' });
      port.postMessage({ type: 'done', sent: true, account: 'alice@s.example' });
    });
    await syncOutbox(scopeWith(page), async () => store, fetchImpl);
    expect(page.postMessage).toHaveBeenCalledOnce();
    expect(sent().map((call) => call.text)).toEqual(["bob's"]);
  });

  it('a page that could not send fails the sync, so the browser tries again', async () => {
    const store = memoryStore([post('waiting')]);
    const { fetchImpl, sent } = server();
    const page = openPage((port) => port.postMessage({ type: 'done', sent: false, account: null }));
    await expect(syncOutbox(scopeWith(page), async () => store, fetchImpl)).rejects.toBeInstanceOf(
      SyncLater,
    );
    expect(sent()).toEqual([]);
  });

  it('a page that does not answer (still starting) leaves the sending to the worker', async () => {
    vi.useFakeTimers();
    try {
      const store = memoryStore([post('mine')]);
      const { fetchImpl, sent } = server();
      const syncing = syncOutbox(scopeWith(openPage()), async () => store, fetchImpl);
      await vi.advanceTimersByTimeAsync(3000);
      await syncing;
      expect(sent().map((call) => call.text)).toEqual(['mine']);
    } finally {
      vi.useRealTimers();
    }
  });
});
