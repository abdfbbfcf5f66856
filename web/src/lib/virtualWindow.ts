/**
 * Windowing maths for long lists (spec part 1, §9 "virtual scrolling"): which items are mounted
 * for a scroll position, and how tall the empty space standing in for the rest is.
 */

/** Spec §9: about max(3, window height / 80) statuses are kept mounted on each side. */
export const MIN_OVERSCAN = 3;
export const OVERSCAN_DIVISOR_PX = 80;

export function overscanFor(windowHeight: number): number {
  return Math.max(MIN_OVERSCAN, Math.round(windowHeight / OVERSCAN_DIVISOR_PX));
}

export interface ItemRange {
  /** First mounted index. */
  start: number;
  /** One past the last mounted index. */
  end: number;
}

export interface WindowLayout extends ItemRange {
  /** Height standing in for the items before `start`. */
  before: number;
  /** Height standing in for the items from `end` on. */
  after: number;
  /** The items the viewport overlaps, within start..end. */
  visible: ItemRange;
}

/** offsets[i] is where item i starts; offsets[n] the total height. */
export function offsetsOf(heights: readonly number[]): number[] {
  const offsets = new Array<number>(heights.length + 1);
  offsets[0] = 0;
  for (let i = 0; i < heights.length; i += 1) offsets[i + 1] = offsets[i]! + heights[i]!;
  return offsets;
}

/** The first index whose item ends below `y` (binary search over the offsets). */
function indexAt(offsets: readonly number[], y: number): number {
  const count = offsets.length - 1;
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (offsets[middle + 1]! > y) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The items to mount for a viewport spanning [top, bottom) in the list's own coordinates: the ones
 * it overlaps plus `overscan` on each side, and the space the others take.
 */
export function windowLayout(
  heights: readonly number[],
  top: number,
  bottom: number,
  overscan: number,
): WindowLayout {
  const count = heights.length;
  const offsets = offsetsOf(heights);
  const first = indexAt(offsets, Math.max(0, top));
  const last = Math.max(first, indexAt(offsets, Math.max(0, bottom - 1)));
  const start = Math.max(0, Math.min(first, count) - overscan);
  const end = Math.min(count, last + 1 + overscan);
  return {
    start,
    end: Math.max(start, end),
    before: offsets[start]!,
    after: offsets[count]! - offsets[Math.max(start, end)]!,
    visible: { start: Math.min(first, count), end: Math.min(count, last + 1) },
  };
}

/**
 * The next range on the way from the mounted one to `target`, mounting at most `maxNew` items
 * that are not mounted yet: those in the viewport first, then the overscan on both sides. Items
 * leaving the window go at once. Fast scrolling then mounts a few cards a frame instead of a
 * window's worth in one long task.
 */
export function stepTowards(current: ItemRange, target: WindowLayout, maxNew: number): ItemRange {
  let start = Math.max(current.start, target.start);
  let end = Math.min(current.end, target.end);
  let budget = Math.max(1, maxNew);
  if (start >= end) {
    // Nothing kept: begin at the top of what the reader sees.
    start = target.visible.start;
    end = start;
  }
  const grow = (toStart: number, toEnd: number) => {
    while (budget > 0 && (end < toEnd || start > toStart)) {
      if (end < toEnd) {
        end += 1;
        budget -= 1;
      }
      if (budget > 0 && start > toStart) {
        start -= 1;
        budget -= 1;
      }
    }
  };
  grow(Math.max(target.start, target.visible.start), Math.min(target.end, target.visible.end));
  grow(target.start, target.end);
  return { start, end };
}

/** The spacers for a range already chosen (heights changed, or the list grew). */
export function spacersFor(
  heights: readonly number[],
  range: ItemRange,
): { before: number; after: number } {
  const count = heights.length;
  const start = Math.min(range.start, count);
  const end = Math.min(Math.max(range.end, start), count);
  let before = 0;
  let after = 0;
  for (let i = 0; i < start; i += 1) before += heights[i]!;
  for (let i = end; i < count; i += 1) after += heights[i]!;
  return { before, after };
}

/** How many first measurements the estimate for unmeasured items is taken from. */
export const ESTIMATE_SAMPLE_SIZE = 10;

/**
 * The height assumed for an item never measured: the mean of the first ESTIMATE_SAMPLE_SIZE items
 * measured (the fallback before any), then fixed. A running mean would drift as the reader goes
 * on, and every unmeasured item above them would change size under them: the page would jump.
 */
export function estimateHeight(measured: readonly number[], fallback: number): number {
  const sample = measured.slice(0, ESTIMATE_SAMPLE_SIZE);
  if (sample.length === 0) return fallback;
  return Math.round(sample.reduce((sum, height) => sum + height, 0) / sample.length);
}

export const sameRange = (a: ItemRange, b: ItemRange): boolean =>
  a.start === b.start && a.end === b.end;
