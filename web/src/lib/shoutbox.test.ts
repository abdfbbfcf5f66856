import { describe, expect, it } from 'vitest';
import { SHOUT_KEEP, isNearBottom, keepLatestShouts } from './shoutbox.ts';

const shout = (n: number) => ({ id: String(n), text: `shout ${n}` });
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => shout(from + i));

describe('keepLatestShouts', () => {
  it('keeps the newest 19, oldest first', () => {
    expect(SHOUT_KEEP).toBe(19);
    const kept = keepLatestShouts(range(1, 15), range(16, 25));
    expect(kept.map((m) => m.id)).toEqual(range(7, 25).map((m) => m.id));
  });

  it('does not show a message twice when the history repeats one already shown', () => {
    const kept = keepLatestShouts(range(1, 3), range(2, 4));
    expect(kept.map((m) => m.id)).toEqual(['1', '2', '3', '4']);
  });

  it('keeps everything when there are fewer than 19', () => {
    expect(keepLatestShouts([], range(1, 5))).toHaveLength(5);
  });
});

describe('isNearBottom', () => {
  const box = (fromBottom: number) => ({
    scrollHeight: 1000,
    clientHeight: 300,
    scrollTop: 700 - fromBottom,
  });

  it('follows new messages within 20 px of the bottom', () => {
    expect(isNearBottom(box(0))).toBe(true);
    expect(isNearBottom(box(20))).toBe(true);
  });

  it('leaves the list where it is when scrolled further up', () => {
    expect(isNearBottom(box(21))).toBe(false);
    expect(isNearBottom(box(500))).toBe(false);
  });

  it('follows when the list does not scroll at all', () => {
    expect(isNearBottom({ scrollHeight: 200, clientHeight: 300, scrollTop: 0 })).toBe(true);
  });
});
