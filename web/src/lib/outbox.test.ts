import { describe, expect, it } from 'vitest';
import {
  accountsOf,
  addEntry,
  afterFailure,
  afterWorkerFailure,
  afterWorkerSuccess,
  chatEntryId,
  chatRequest,
  failureKind,
  forWorker,
  MAX_SERVER_ATTEMPTS,
  nextSeq,
  nextToSend,
  pendingToggles,
  queuedChatVerdict,
  queueOf,
  refusedOf,
  removeEntry,
  toggleRequest,
  withToken,
  workerStep,
  type OutboxEntry,
} from './outbox.ts';

let made = 0;
function entry(patch: Partial<OutboxEntry> = {}): OutboxEntry {
  made += 1;
  return {
    id: `key-${made}`,
    account: 'alice@local',
    seq: made,
    kind: 'post',
    createdAt: 0,
    attempts: 0,
    notBefore: 0,
    ...patch,
  };
}

const fav = (statusId: string, on: boolean, from: boolean, patch: Partial<OutboxEntry> = {}) =>
  entry({ kind: 'favourite', toggle: { statusId, on, from }, ...patch });

describe('which entry goes', () => {
  it('sends the oldest entry of the account first, one at a time', () => {
    const first = entry({ seq: 1 });
    const second = entry({ seq: 2 });
    const bobs = entry({ seq: 0, account: 'bob@local' });
    const queue = [second, bobs, first];
    expect(nextToSend(queue, 'alice@local', 0)).toBe(first);
    expect(queueOf(queue, 'alice@local')).toEqual([first, second]);
    expect(nextToSend(removeEntry(queue, first.id), 'alice@local', 0)).toBe(second);
    expect(nextToSend(queue, 'bob@local', 0)).toBe(bobs);
    expect(nextToSend([], 'alice@local', 0)).toBeNull();
  });

  it('holds the whole queue while its head waits after a server error', () => {
    const head = entry({ seq: 1, notBefore: 1000 });
    const later = entry({ seq: 2 });
    expect(nextToSend([head, later], 'alice@local', 999)).toBeNull();
    expect(nextToSend([head, later], 'alice@local', 1000)).toBe(head);
  });

  it('numbers new entries after every one queued', () => {
    expect(nextSeq([])).toBe(1);
    expect(nextSeq([entry({ seq: 7 }), entry({ seq: 3 })])).toBe(8);
  });
});

describe('what a failure does', () => {
  it('tells no answer, a server error and a refusal apart', () => {
    expect(failureKind(0)).toBe('network');
    expect(failureKind(500)).toBe('server');
    expect(failureKind(503)).toBe('server');
    expect(failureKind(429)).toBe('server');
    expect(failureKind(408)).toBe('server');
    expect(failureKind(422)).toBe('refused');
    expect(failureKind(404)).toBe('refused');
    expect(failureKind(403)).toBe('refused');
  });

  it('keeps the entry as it is when the network is down', () => {
    const sent = entry();
    expect(afterFailure(sent, 0, 50)).toEqual({ action: 'wait', entry: sent });
  });

  it('gives a refused entry back at once', () => {
    expect(afterFailure(entry(), 422, 0)).toEqual({ action: 'return' });
  });

  it('tries a server error again later, waiting longer each time, then gives it back', () => {
    const first = afterFailure(entry(), 502, 1000);
    expect(first.action).toBe('retry');
    if (first.action !== 'retry') return;
    expect(first.entry.attempts).toBe(1);
    expect(first.entry.notBefore).toBeGreaterThan(1000);
    const second = afterFailure(first.entry, 502, 1000);
    if (second.action !== 'retry') throw new Error('expected a retry');
    expect(second.entry.notBefore).toBeGreaterThan(first.entry.notBefore);
    expect(afterFailure(entry({ attempts: MAX_SERVER_ATTEMPTS - 1 }), 500, 0)).toEqual({
      action: 'return',
    });
  });
});

describe('queued favourites and repeats', () => {
  it('sends nothing for a favourite undone before it went', () => {
    const on = fav('s1', true, false);
    const post = entry();
    expect(addEntry([on, post], fav('s1', false, true))).toEqual([post]);
  });

  it('keeps the place of a toggle asked for again and sends its new state', () => {
    const first = fav('s1', true, false);
    const queue = addEntry([first], fav('s1', true, true));
    expect(queue).toHaveLength(1);
    expect(queue[0]?.id).toBe(first.id);
    expect(queue[0]?.toggle).toEqual({ statusId: 's1', on: true, from: false });
  });

  it('queues a change after the one on its way, never replacing what is being sent', () => {
    const sending = fav('s1', true, false);
    const undo = fav('s1', false, true);
    expect(addEntry([sending], undo, sending.id)).toEqual([sending, undo]);
  });

  it('keeps favourites and repeats, statuses and accounts apart', () => {
    const favourite = fav('s1', true, false);
    const repeat = entry({ kind: 'reblog', toggle: { statusId: 's1', on: false, from: true } });
    const other = fav('s2', false, true);
    const bobs = fav('s1', false, true, { account: 'bob@local' });
    expect(addEntry([favourite, repeat, other], bobs)).toHaveLength(4);
  });

  it('shows each status the state its queued toggles leave it in', () => {
    expect(
      pendingToggles([
        fav('s1', true, false, { seq: 2 }),
        fav('s1', false, true, { seq: 1 }),
        entry({ kind: 'reblog', toggle: { statusId: 's2', on: true, from: false } }),
      ]),
    ).toEqual({ 'favourite:s1': true, 'reblog:s2': true });
  });
});

describe('what an entry carries for the service worker', () => {
  const origin = 'https://social.example';

  it("a post carries its body, its idempotency key and the token, on the account's server", () => {
    const post = forWorker(entry({ id: 'key-a' }), origin, 'tok', { status: 'hi' });
    expect(post.request).toEqual({
      url: 'https://social.example/api/v1/statuses',
      method: 'POST',
      body: { status: 'hi' },
      idempotencyKey: 'key-a',
    });
    expect(post.token).toBe('tok');
  });

  it('a post a page must send (no body) carries no request', () => {
    const post = forWorker(entry({ request: { url: 'x', method: 'POST' } }), origin, 'tok', null);
    expect(post.request).toBeUndefined();
    expect(workerStep([post], 'alice@local', 0)).toEqual({ action: 'page' });
  });

  it('a favourite or repeat asks for the state the toggle holds now', () => {
    expect(forWorker(fav('9/x', true, false), origin, 'tok', null).request).toEqual({
      url: 'https://social.example/api/v1/statuses/9%2Fx/favourite',
      method: 'POST',
    });
    expect(toggleRequest('reblog', '9', false, origin).url).toBe(
      'https://social.example/api/v1/statuses/9/unreblog',
    );
  });

  it('without a token (signed out) nothing is stored for it', () => {
    const signedOut = forWorker(entry({ token: 'old' }), origin, null, { status: 'hi' });
    expect(signedOut).not.toHaveProperty('token');
    expect(workerStep([signedOut], 'alice@local', 0)).toEqual({ action: 'page' });
  });
});

describe('what the service worker sends', () => {
  const ready = (patch: Partial<OutboxEntry> = {}) =>
    entry({
      request: { url: 'https://s.example/api/v1/statuses', method: 'POST' },
      token: 't',
      ...patch,
    });

  it("sends the head of each account's queue, in order", () => {
    const first = ready({ seq: 1 });
    const second = ready({ seq: 2 });
    const step = workerStep([second, first], 'alice@local', 0);
    expect(step).toMatchObject({ action: 'send', entry: first, token: 't' });
    expect(workerStep([], 'alice@local', 0)).toEqual({ action: 'done' });
    expect(accountsOf([first, ready({ account: 'bob@x' }), second])).toEqual([
      'alice@local',
      'bob@x',
    ]);
  });

  it('stops at an entry only a page can send: what is behind it waits too', () => {
    const needsPage = entry({ seq: 1 });
    expect(workerStep([needsPage, ready({ seq: 2 })], 'alice@local', 0)).toEqual({
      action: 'page',
    });
  });

  it('a head waiting after a server error is left for a later sync', () => {
    expect(workerStep([ready({ notBefore: 100 })], 'alice@local', 50)).toEqual({
      action: 'later',
    });
  });

  it('goes past a refused entry, which is not sent again', () => {
    const refused = ready({ seq: 1, refused: { status: 422, message: 'No' } });
    const next = ready({ seq: 2 });
    expect(workerStep([refused, next], 'alice@local', 0)).toMatchObject({ entry: next });
    expect(nextToSend([refused, next], 'alice@local', 0)).toBe(next);
    expect(refusedOf([refused, next])).toEqual([refused]);
  });

  it("a refusal keeps the entry, marked with the server's message; a lost answer leaves it", () => {
    const sent = ready();
    expect(afterWorkerFailure(sent, 422, 'Too long', 0)).toEqual({
      action: 'refused',
      entry: { ...sent, refused: { status: 422, message: 'Too long' } },
    });
    expect(afterWorkerFailure(sent, 0, '', 0)).toEqual({ action: 'wait' });
    expect(afterWorkerFailure(sent, 401, 'Invalid token', 0)).toEqual({ action: 'signedOut' });
  });

  it('server errors are tried again, and given back after the last attempt', () => {
    const sent = ready();
    const retry = afterWorkerFailure(sent, 503, 'Busy', 1000);
    expect(retry).toMatchObject({ action: 'retry', entry: { attempts: 1 } });
    const last = ready({ attempts: MAX_SERVER_ATTEMPTS - 1 });
    expect(afterWorkerFailure(last, 500, 'Broken', 0)).toMatchObject({
      action: 'refused',
      entry: { refused: { status: 500, message: 'Broken' } },
    });
  });

  it('a refused toggle is neither merged with a new one nor shown', () => {
    const refused = fav('5', true, false, { refused: { status: 404, message: 'gone' } });
    const again = fav('5', false, true);
    expect(addEntry([refused], again)).toEqual([refused, again]);
    expect(pendingToggles([refused])).toEqual({});
  });
});

describe('the token an entry carries', () => {
  it("leaves with sign-out, and the account's new one replaces it at its next start", () => {
    const queued = entry({ token: 'old' });
    const signedOut = withToken(queued, null);
    expect(signedOut).not.toHaveProperty('token');
    expect(withToken(signedOut, 'new').token).toBe('new');
    expect(withToken(queued, 'old')).toBe(queued);
  });
});

describe('chat messages waiting for the network', () => {
  const origin = 'https://social.example';
  const chat = (patch: Partial<OutboxEntry> = {}) =>
    entry({
      kind: 'chat',
      request: chatRequest('c1', { content: 'hi' }, 'k', origin),
      token: 't',
      ...patch,
    });

  it('carry their message, attachment and Idempotency-Key to the chat on the account’s server', () => {
    expect(chatRequest('9/x', { content: 'hello', mediaId: 'm1' }, 'key-9', origin)).toEqual({
      url: 'https://social.example/api/v1/pleroma/chats/9%2Fx/messages',
      method: 'POST',
      body: { content: 'hello', media_id: 'm1' },
      idempotencyKey: 'key-9',
    });
    // An attachment alone sends no empty content.
    expect(chatRequest('c', { content: '', mediaId: 'm' }, 'k', origin).body).toEqual({
      media_id: 'm',
    });
    expect(chatEntryId('key-9')).not.toBe('key-9');
  });

  it('are a queue of their own: a post only a page can send does not hold them', () => {
    const needsPage = entry({ seq: 1 });
    const second = chat({ seq: 3 });
    const first = chat({ seq: 2 });
    expect(workerStep([needsPage, second, first], 'alice@local', 0)).toEqual({ action: 'page' });
    expect(workerStep([needsPage, second, first], 'alice@local', 0, 'chat')).toMatchObject({
      action: 'send',
      entry: first,
    });
    // The page's own queue of statuses never holds them.
    expect(queueOf([needsPage, first], 'alice@local')).toEqual([needsPage]);
    expect(nextToSend([first], 'alice@local', 0)).toBeNull();
  });

  it('stay marked taken once the worker sent them, and are not sent again', () => {
    const sent = chat({ seq: 1 });
    const outcome = afterWorkerSuccess(sent);
    expect(outcome).toEqual({ action: 'keep', entry: { ...sent, taken: true } });
    const next = chat({ seq: 2 });
    const marked = outcome.action === 'keep' ? outcome.entry : sent;
    expect(workerStep([marked, next], 'alice@local', 0, 'chat')).toMatchObject({ entry: next });
    expect(workerStep([marked], 'alice@local', 0, 'chat')).toEqual({ action: 'done' });
    // A post the worker sent simply leaves.
    expect(afterWorkerSuccess(entry())).toEqual({ action: 'remove' });
  });

  it('the page sends one only when the worker has not answered it', () => {
    expect(queuedChatVerdict(chat())).toEqual({ action: 'send' });
    // Its entry lost: sent again with the same key, which the server answers once.
    expect(queuedChatVerdict(undefined)).toEqual({ action: 'send' });
    expect(queuedChatVerdict(chat({ taken: true }))).toEqual({ action: 'taken' });
    expect(
      queuedChatVerdict(chat({ refused: { status: 403, message: 'You are blocked' } })),
    ).toEqual({ action: 'refused', message: 'You are blocked' });
  });
});
