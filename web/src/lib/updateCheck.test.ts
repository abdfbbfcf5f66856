import { describe, expect, it } from 'vitest';
import {
  checkDue,
  runningBuildId,
  servedBuildId,
  showUpdateNotice,
  UPDATE_CHECK_INTERVAL_MS,
  UPDATE_CHECK_MIN_GAP_MS,
  type NoticeInput,
} from './updateCheck.ts';

const MINUTE = 60_000;
const T0 = 1_700_000_000_000;

describe('when the tab asks the server for its build', () => {
  it('the first time the page is visible and something asks', () => {
    expect(checkDue({ lastCheckAt: null, now: T0, hidden: false })).toBe(true);
  });

  it('never while the page is hidden', () => {
    expect(checkDue({ lastCheckAt: null, now: T0, hidden: true })).toBe(false);
    expect(checkDue({ lastCheckAt: T0, now: T0 + 30 * MINUTE, hidden: true })).toBe(false);
  });

  it('not again within a minute of the last check, however often the window regains focus', () => {
    expect(UPDATE_CHECK_MIN_GAP_MS).toBe(MINUTE);
    for (const after of [0, 1, 10_000, MINUTE - 1]) {
      expect(checkDue({ lastCheckAt: T0, now: T0 + after, hidden: false })).toBe(false);
    }
    expect(checkDue({ lastCheckAt: T0, now: T0 + MINUTE, hidden: false })).toBe(true);
  });

  it('on every interval tick, which comes every ten minutes', () => {
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(10 * MINUTE);
    expect(checkDue({ lastCheckAt: T0, now: T0 + UPDATE_CHECK_INTERVAL_MS, hidden: false })).toBe(
      true,
    );
  });

  it('at once when the clock was set back', () => {
    expect(checkDue({ lastCheckAt: T0, now: T0 - 5 * MINUTE, hidden: false })).toBe(true);
  });
});

describe('reading build ids', () => {
  it('takes the id of a build.json answer', () => {
    expect(servedBuildId({ build: 'Ab3_x-9' })).toBe('Ab3_x-9');
  });

  it('ignores answers that are not one (an HTML page, an error, another shape)', () => {
    for (const body of [
      null,
      undefined,
      '<!doctype html>',
      42,
      [],
      {},
      { build: '' },
      { build: 7 },
      { build: '<script>' },
      { build: 'x'.repeat(65) },
      { error: 'Not found' },
    ]) {
      expect(servedBuildId(body)).toBeNull();
    }
  });

  it('takes the running build from its meta tag; none in development', () => {
    expect(runningBuildId('k2Jd9_aQ')).toBe('k2Jd9_aQ');
    expect(runningBuildId(null)).toBeNull();
    expect(runningBuildId(undefined)).toBeNull();
    expect(runningBuildId('')).toBeNull();
    expect(runningBuildId('not an id')).toBeNull();
  });
});

describe('whether the update notice shows', () => {
  const base: NoticeInput = { running: 'old', served: 'new', dismissed: null, dontShow: false };

  it('shows when the server serves another build than the running one', () => {
    expect(showUpdateNotice(base)).toBe(true);
  });

  it('not while the server serves the running build, or before it has answered', () => {
    expect(showUpdateNotice({ ...base, served: 'old' })).toBe(false);
    expect(showUpdateNotice({ ...base, served: null })).toBe(false);
  });

  it('never where the running build has no id (development)', () => {
    expect(showUpdateNotice({ ...base, running: null })).toBe(false);
  });

  it('not when the user turned update notices off', () => {
    expect(showUpdateNotice({ ...base, dontShow: true })).toBe(false);
  });

  it('dismissed, stays hidden for that build and shows again for a yet newer one', () => {
    expect(showUpdateNotice({ ...base, dismissed: 'new' })).toBe(false);
    expect(showUpdateNotice({ ...base, dismissed: 'new', served: 'newer' })).toBe(true);
  });
});
