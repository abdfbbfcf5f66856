import { describe, expect, it } from 'vitest';
import { addNotice, visibleNotices, type QueuedNotice } from './noticeQueue.ts';

const notice = (id: number, messageKey = 'a', messageArgs: (string | number)[] = []) =>
  ({ id, level: 'error', messageKey, messageArgs, count: 1 }) satisfies QueuedNotice;

function raise(keys: [string, ...(string | number)[]][]) {
  let queue: QueuedNotice[] = [];
  keys.forEach(([key, ...args], index) => {
    queue = addNotice(queue, notice(index + 1, key, args)).queue;
  });
  return queue;
}

describe('addNotice', () => {
  it('merges an identical notice into the one shown, counting it', () => {
    const queue = raise([
      ['broken', 1006],
      ['broken', 1006],
      ['broken', 1006],
    ]);
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ id: 1, messageKey: 'broken', count: 3 });
  });

  it('answers the id of the notice a merge went into', () => {
    const first = addNotice([], notice(1, 'x'));
    const again = addNotice(first.queue, notice(2, 'x'));
    expect(again).toMatchObject({ id: 1, merged: true });
    expect(first).toMatchObject({ id: 1, merged: false });
  });

  it('keeps notices apart that differ in level, message or arguments', () => {
    let queue = raise([['broken', 1006], ['broken', 1011], ['other']]);
    queue = addNotice(queue, { ...notice(9, 'other'), level: 'success' }).queue;
    expect(queue.map((n) => n.count)).toEqual([1, 1, 1, 1]);
  });

  it('a merged notice becomes the newest', () => {
    const queue = raise([['a'], ['b'], ['a']]);
    expect(queue.map((n) => n.messageKey)).toEqual(['b', 'a']);
  });
});

describe('visibleNotices', () => {
  it('shows at most three, the newest, oldest first', () => {
    const queue = raise([['a'], ['b'], ['c'], ['d'], ['e']]);
    expect(visibleNotices(queue).map((n) => n.messageKey)).toEqual(['c', 'd', 'e']);
    expect(visibleNotices(queue.slice(0, 2)).map((n) => n.messageKey)).toEqual(['a', 'b']);
  });

  it('a storm of one notice shows as one line', () => {
    const queue = raise(Array.from({ length: 50 }, () => ['broken', 1006] as [string, number]));
    expect(visibleNotices(queue)).toHaveLength(1);
    expect(visibleNotices(queue)[0]?.count).toBe(50);
  });
});
