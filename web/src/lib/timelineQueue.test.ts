import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addOlder,
  clickBlocked,
  compareIds,
  emptyTimeline,
  FLUSH_AT,
  mobileNewCount,
  nearBottom,
  needsReload,
  olderFetchAllowed,
  queueNewer,
  removeStatuses,
  SHOW_NEW_COUNT,
  shouldAutoShow,
  showNew,
} from './timelineQueue.ts';

/** Ids '0100', '0099'... : fixed width, so they sort like server ids. */
const id = (n: number) => String(n).padStart(4, '0');
const range = (from: number, to: number) => {
  const out: string[] = [];
  for (let n = from; n >= to; n -= 1) out.push(id(n));
  return out;
};

describe('compareIds', () => {
  it('orders by length first, then by characters (numeric and flake ids)', () => {
    expect(compareIds('9', '10')).toBeLessThan(0);
    expect(compareIds('AbC', 'AbD')).toBeLessThan(0);
    expect(compareIds('5', '5')).toBe(0);
  });
});

describe('addOlder', () => {
  it('appends a page, tracks the newest id and the next cursor', () => {
    const first = addOlder(emptyTimeline(), range(100, 81));
    expect(first.visibleStatuses).toEqual(range(100, 81));
    expect(first.maxId).toBe(id(100));
    expect(first.minId).toBe(id(81));
    expect(first.minVisibleId).toBe(id(81));
    expect(first.loaded).toBe(true);
    expect(first.bottomedOut).toBe(false);
    const second = addOlder(first, range(80, 61), 'cursor-7');
    expect(second.visibleStatuses).toHaveLength(40);
    expect(second.minId).toBe('cursor-7');
    expect(second.maxId).toBe(id(100));
  });

  it('is bottomed out when a fetch returns no statuses, not before', () => {
    const page = addOlder(emptyTimeline(), range(3, 1));
    expect(page.bottomedOut).toBe(false);
    const end = addOlder(page, []);
    expect(end.bottomedOut).toBe(true);
    expect(end.minId).toBe(id(1));
    expect(end.visibleStatuses).toEqual(range(3, 1));
  });

  it('never shows an id twice', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.integer({ min: 1, max: 60 }).map(id), { maxLength: 25 }), {
          maxLength: 6,
        }),
        (pages) => {
          let timeline = emptyTimeline();
          for (const page of pages) timeline = addOlder(timeline, page);
          expect(new Set(timeline.visibleStatuses).size).toBe(timeline.visibleStatuses.length);
          expect(new Set(timeline.statuses).size).toBe(timeline.statuses.length);
        },
      ),
    );
  });
});

describe('queueNewer and showNew', () => {
  const loaded = addOlder(emptyTimeline(), range(100, 81));

  it('queues new statuses behind the count, deduplicated against everything held', () => {
    const queued = queueNewer(loaded, [id(102), id(101), id(100), id(101)]);
    expect(queued.newQueue).toEqual([id(102), id(101)]);
    expect(queued.newStatusCount).toBe(2);
    expect(queued.visibleStatuses).toEqual(loaded.visibleStatuses);
    expect(queued.maxId).toBe(id(102));
    expect(queueNewer(queued, [id(101)])).toBe(queued);
  });

  it('sorts arrivals newest first whatever order they came in', () => {
    const queued = queueNewer(loaded, [id(101), id(103), id(102)]);
    expect(queued.newQueue).toEqual([id(103), id(102), id(101)]);
  });

  it('shows the queue on top and clears the count', () => {
    const shown = showNew(queueNewer(loaded, [id(102), id(101)]));
    expect(shown.visibleStatuses.slice(0, 3)).toEqual([id(102), id(101), id(100)]);
    expect(shown.newStatusCount).toBe(0);
    expect(shown.newQueue).toEqual([]);
    expect(shown.paused).toBe(false);
  });

  it(`sets the flush marker once ${FLUSH_AT} or more wait, not at ${FLUSH_AT - 1}`, () => {
    const almost = queueNewer(loaded, range(100 + FLUSH_AT - 1, 101));
    expect(almost.newStatusCount).toBe(FLUSH_AT - 1);
    expect(needsReload(almost)).toBe(false);
    const flushed = queueNewer(almost, [id(100 + FLUSH_AT)]);
    expect(flushed.newStatusCount).toBe(FLUSH_AT);
    expect(needsReload(flushed)).toBe(true);
  });

  it(`shows at most ${SHOW_NEW_COUNT}, and older ones load again from where the list ends`, () => {
    const long = addOlder(emptyTimeline(), range(100, 41), id(41));
    const shown = showNew(queueNewer(long, range(105, 101)));
    expect(shown.visibleStatuses).toHaveLength(SHOW_NEW_COUNT);
    expect(shown.visibleStatuses[0]).toBe(id(105));
    expect(shown.minId).toBe(shown.visibleStatuses[SHOW_NEW_COUNT - 1]);
    expect(shown.bottomedOut).toBe(false);
    expect(shown.statuses).toEqual(shown.visibleStatuses);
  });

  it('keeps the cursor when nothing was cut', () => {
    const shown = showNew(queueNewer(loaded, [id(101)]));
    expect(shown.visibleStatuses).toHaveLength(21);
    expect(shown.minId).toBe(loaded.minId);
  });
});

describe('removeStatuses', () => {
  it('removes from the shown list, the queue and the pinned ones, recounting', () => {
    const timeline = {
      ...queueNewer(addOlder(emptyTimeline(), range(10, 1)), [id(12), id(11)]),
      pinnedIds: [id(5)],
    };
    const odd = (value: string) => Number(value) % 2 === 1;
    const removed = removeStatuses(timeline, odd);
    expect(removed.visibleStatuses).toEqual([id(10), id(8), id(6), id(4), id(2)]);
    expect(removed.newQueue).toEqual([id(12)]);
    expect(removed.newStatusCount).toBe(1);
    expect(removed.pinnedIds).toEqual([]);
    expect(removed.minVisibleId).toBe(id(2));
    expect(removeStatuses(timeline, () => false)).toBe(timeline);
  });
});

describe('shouldAutoShow', () => {
  const base = {
    streaming: true,
    scrollTop: 0,
    paused: false,
    unfocused: false,
    pauseOnUnfocused: true,
  };

  it('shows by itself when streaming, within 15 px of the top and not paused', () => {
    expect(shouldAutoShow(base)).toBe(true);
    expect(shouldAutoShow({ ...base, scrollTop: 15 })).toBe(true);
  });

  it('waits otherwise', () => {
    expect(shouldAutoShow({ ...base, streaming: false })).toBe(false);
    expect(shouldAutoShow({ ...base, scrollTop: 16 })).toBe(false);
    expect(shouldAutoShow({ ...base, paused: true })).toBe(false);
    expect(shouldAutoShow({ ...base, unfocused: true })).toBe(false);
  });

  it('an unfocused tab only pauses when the preference says so', () => {
    expect(shouldAutoShow({ ...base, unfocused: true, pauseOnUnfocused: false })).toBe(true);
  });
});

describe('mobileNewCount', () => {
  it('reads the count, infinity above 99, plus when a reload is needed', () => {
    expect(mobileNewCount(1, false)).toBe('1');
    expect(mobileNewCount(99, false)).toBe('99');
    expect(mobileNewCount(100, false)).toBe('∞');
    expect(mobileNewCount(5, true)).toBe('+');
    expect(mobileNewCount(150, true)).toBe('+');
  });
});

describe('timing rules', () => {
  it('loads older within 750 px of the bottom', () => {
    expect(nearBottom(0, 800, 1550)).toBe(true);
    expect(nearBottom(0, 800, 1551)).toBe(false);
    expect(nearBottom(5000, 800, 6000)).toBe(true);
  });

  it('blocks clicks on the show-new button for 1 s after it appears', () => {
    expect(clickBlocked(null, 5000)).toBe(false);
    expect(clickBlocked(5000, 5999)).toBe(true);
    expect(clickBlocked(5000, 6000)).toBe(false);
  });

  it('fetches older statuses at most once a second', () => {
    expect(olderFetchAllowed(null, 0)).toBe(true);
    expect(olderFetchAllowed(1000, 1999)).toBe(false);
    expect(olderFetchAllowed(1000, 2000)).toBe(true);
  });
});
