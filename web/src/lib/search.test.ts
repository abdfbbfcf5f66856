import { describe, expect, it } from 'vitest';
import {
  appendIds,
  firstTabWithResults,
  latestUsage,
  mayHaveMore,
  RECENT_QUERIES_MAX,
  resolvableQuery,
  tabCountText,
  usageBars,
  withRecentQuery,
} from './search.ts';

const DAY = 86_400;

describe('search tab counts', () => {
  it('show what loaded, with a + while a full page says more may follow', () => {
    expect(tabCountText(0, false)).toBe('0');
    expect(tabCountText(0, true)).toBe('0');
    expect(tabCountText(3, false)).toBe('3');
    expect(tabCountText(20, true)).toBe('20+');
    expect(mayHaveMore(20)).toBe(true);
    expect(mayHaveMore(19)).toBe(false);
    expect(mayHaveMore(5, 5)).toBe(true);
  });

  it('open the first tab that found something', () => {
    expect(firstTabWithResults({ statuses: 0, people: 2, hashtags: 1 })).toBe('people');
    expect(firstTabWithResults({ statuses: 1, people: 2, hashtags: 1 })).toBe('statuses');
    expect(firstTabWithResults({ statuses: 0, people: 0, hashtags: 0 })).toBe('statuses');
  });
});

describe('resolvableQuery', () => {
  it('names web addresses and full handles, not words or bare names', () => {
    expect(resolvableQuery('https://elsewhere.example/objects/abc')).toBe('url');
    expect(resolvableQuery('  http://127.0.0.1:4000/notice/9 ')).toBe('url');
    expect(resolvableQuery('kestrel@elsewhere.example')).toBe('handle');
    expect(resolvableQuery('@kestrel@elsewhere.example')).toBe('handle');
    expect(resolvableQuery('@kestrel')).toBeNull();
    expect(resolvableQuery('kestrel@localhost')).toBeNull();
    expect(resolvableQuery('birds at dawn')).toBeNull();
    expect(resolvableQuery('https://two words.example')).toBeNull();
    expect(resolvableQuery('ftp://files.example/x')).toBeNull();
  });
});

describe('hashtag history', () => {
  const week = [6, 5, 4, 3, 2, 1, 0].map((ago, k) => ({
    day: 1_700_000_000 - ago * DAY,
    uses: [0, 2, 4, 1, 8, 0, 3][k]!,
    accounts: [0, 1, 2, 1, 3, 0, 2][k]!,
  }));

  it('takes the latest day whatever the order', () => {
    expect(latestUsage([...week].reverse())).toEqual(week[6]);
    expect(latestUsage([])).toBeNull();
  });

  it('scales the busiest day to the full height, oldest at the left', () => {
    const bars = usageBars([...week].reverse(), { width: 70, height: 20 });
    expect(bars.map((bar) => bar.x)).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(bars.map((bar) => bar.height)).toEqual([0, 5, 10, 3, 20, 0, 8]);
    expect(bars[4]).toMatchObject({ uses: 8, accounts: 3 });
  });

  it('keeps a day with one use visible next to a busy one, and a quiet week flat', () => {
    const busy = [
      { day: DAY, uses: 1, accounts: 1 },
      { day: 2 * DAY, uses: 1000, accounts: 9 },
    ];
    expect(usageBars(busy, { width: 70, height: 20 }).map((bar) => bar.height)).toEqual([1, 20]);
    const quiet = week.map((day) => ({ ...day, uses: 0 }));
    expect(usageBars(quiet, { width: 70, height: 20 }).every((bar) => bar.height === 0)).toBe(true);
  });

  it('places a short history at the right end and keeps only the last days', () => {
    const short = usageBars([{ day: DAY, uses: 2, accounts: 1 }], { width: 70, height: 20 });
    expect(short).toEqual([{ day: DAY, uses: 2, accounts: 1, x: 60, height: 20 }]);
    const long = [...week, { day: 1_700_000_000 + DAY, uses: 1, accounts: 1 }];
    const bars = usageBars(long, { width: 70, height: 20 });
    expect(bars).toHaveLength(7);
    expect(bars[0]!.day).toBe(week[1]!.day);
  });
});

describe('recent queries', () => {
  it('put the latest first, once ignoring case, and keep a few', () => {
    expect(withRecentQuery(['birds', 'moon'], ' Moon ')).toEqual(['Moon', 'birds']);
    expect(withRecentQuery(['birds'], '   ')).toEqual(['birds']);
    const many = ['a', 'b', 'c', 'd', 'e'];
    const next = withRecentQuery(many, 'f');
    expect(next).toHaveLength(RECENT_QUERIES_MAX);
    expect(next[0]).toBe('f');
    expect(next).not.toContain('e');
  });
});

describe('appendIds', () => {
  it('adds a page after what is shown, each id once', () => {
    expect(appendIds(['1', '2'], ['2', '3', '3', '4'])).toEqual(['1', '2', '3', '4']);
  });
});
