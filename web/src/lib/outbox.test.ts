import { describe, expect, it } from 'vitest';
import {
  addEntry,
  afterFailure,
  failureKind,
  MAX_SERVER_ATTEMPTS,
  nextSeq,
  nextToSend,
  pendingToggles,
  queueOf,
  removeEntry,
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
