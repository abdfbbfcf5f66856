/** Relative time stamps (spec part 2, §9: units from seconds to years; refreshed every 60 s). */

export const TIME_AGO_REFRESH_MS = 60_000;

export type TimeUnit = 'now' | 'seconds' | 'minutes' | 'hours' | 'days' | 'months' | 'years';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** Below this a time stamp reads "now". */
const NOW_MS = 10 * SECOND;

const STEPS: readonly [TimeUnit, number][] = [
  ['years', YEAR],
  ['months', MONTH],
  ['days', DAY],
  ['hours', HOUR],
  ['minutes', MINUTE],
  ['seconds', SECOND],
];

/**
 * How long ago `then` was at `now`, in the largest whole unit. Times in the future (clock
 * skew) read "now". null when the date cannot be read.
 */
export function relativeTime(
  then: string | number,
  now: number,
): { unit: TimeUnit; value: number } | null {
  const time = typeof then === 'number' ? then : Date.parse(then);
  if (Number.isNaN(time)) return null;
  const elapsed = now - time;
  if (elapsed < NOW_MS) return { unit: 'now', value: 0 };
  for (const [unit, size] of STEPS) {
    if (elapsed >= size) return { unit, value: Math.floor(elapsed / size) };
  }
  return { unit: 'now', value: 0 };
}
