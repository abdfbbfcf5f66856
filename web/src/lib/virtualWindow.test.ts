import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ESTIMATE_SAMPLE_SIZE,
  estimateHeight,
  offsetsOf,
  overscanFor,
  spacersFor,
  stepTowards,
  windowLayout,
} from './virtualWindow.ts';

describe('overscanFor', () => {
  it('is max(3, window height / 80)', () => {
    expect(overscanFor(100)).toBe(3);
    expect(overscanFor(240)).toBe(3);
    expect(overscanFor(800)).toBe(10);
    expect(overscanFor(1200)).toBe(15);
  });
});

describe('windowLayout', () => {
  const hundred = Array.from({ length: 100 }, () => 100);

  it('mounts the items in the viewport plus the overscan on each side', () => {
    // Viewport 1000..1800 shows items 10..17.
    const layout = windowLayout(hundred, 1000, 1800, 3);
    expect(layout.start).toBe(7);
    expect(layout.end).toBe(21);
    expect(layout.before).toBe(700);
    expect(layout.after).toBe(100 * (100 - 21));
  });

  it('clamps at both ends', () => {
    expect(windowLayout(hundred, 0, 500, 10)).toMatchObject({ start: 0, end: 15, before: 0 });
    const end = windowLayout(hundred, 9800, 10_600, 10);
    expect(end).toMatchObject({ end: 100, after: 0 });
    expect(end.start).toBe(88);
    // A viewport above the list (the header still showing).
    expect(windowLayout(hundred, -300, 500, 3)).toMatchObject({ start: 0, end: 8 });
  });

  it('handles an empty list', () => {
    expect(windowLayout([], 0, 800, 10)).toEqual({
      start: 0,
      end: 0,
      before: 0,
      after: 0,
      visible: { start: 0, end: 0 },
    });
  });

  it('with unequal heights, spacers plus mounted items always add up to the total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 20, max: 900 }), { maxLength: 300 }),
        fc.integer({ min: -1000, max: 100_000 }),
        fc.integer({ min: 100, max: 2000 }),
        fc.integer({ min: 0, max: 20 }),
        (heights, top, viewport, overscan) => {
          const layout = windowLayout(heights, top, top + viewport, overscan);
          const offsets = offsetsOf(heights);
          const mounted = offsets[layout.end]! - offsets[layout.start]!;
          expect(layout.before + mounted + layout.after).toBe(offsets[heights.length]);
          expect(layout.start).toBeLessThanOrEqual(layout.end);
          // Every item overlapping the viewport is mounted.
          heights.forEach((_, index) => {
            const overlaps = offsets[index + 1]! > top && offsets[index]! < top + viewport;
            if (overlaps) {
              expect(index).toBeGreaterThanOrEqual(layout.start);
              expect(index).toBeLessThan(layout.end);
            }
          });
          // And no more than the viewport's items plus the overscan on each side.
          const inView = heights.filter(
            (_, index) => offsets[index + 1]! > top && offsets[index]! < top + viewport,
          ).length;
          expect(layout.end - layout.start).toBeLessThanOrEqual(Math.max(inView, 1) + 2 * overscan);
        },
      ),
    );
  });

  it('keeps the mounted count small for 2,000 items anywhere in the list', () => {
    const heights = Array.from({ length: 2000 }, (_, index) => 80 + (index % 7) * 40);
    const total = offsetsOf(heights)[2000]!;
    for (let top = 0; top < total; top += 5000) {
      const layout = windowLayout(heights, top, top + 900, overscanFor(900));
      expect(layout.end - layout.start).toBeLessThanOrEqual(40);
    }
  });
});

describe('spacersFor', () => {
  it('sums the heights outside a range, clamped to the list', () => {
    expect(spacersFor([10, 20, 30, 40], { start: 1, end: 3 })).toEqual({ before: 10, after: 40 });
    expect(spacersFor([10, 20], { start: 0, end: 5 })).toEqual({ before: 0, after: 0 });
  });
});

describe('estimateHeight', () => {
  it('is the mean of the measured heights, or the fallback', () => {
    expect(estimateHeight([], 140)).toBe(140);
    expect(estimateHeight([100, 200], 140)).toBe(150);
  });

  it('stays fixed once the sample is full, however tall the items measured later', () => {
    const first = Array.from({ length: ESTIMATE_SAMPLE_SIZE }, () => 100);
    expect(estimateHeight(first, 140)).toBe(100);
    expect(estimateHeight([...first, 900, 900, 900], 140)).toBe(100);
  });
});

describe('stepTowards', () => {
  const hundred = Array.from({ length: 100 }, () => 100);
  const mountedCount = (from: { start: number; end: number }, to: { start: number; end: number }) =>
    Math.max(0, to.end - Math.max(to.start, from.end)) +
    Math.max(0, Math.min(to.end, from.start) - to.start);

  it('after a jump, mounts the top of the viewport first, a few items a step', () => {
    // Viewport 5000..5900 shows items 50..58; the window was at the top.
    const target = windowLayout(hundred, 5000, 5900, 10);
    expect(target.visible).toEqual({ start: 50, end: 59 });
    const first = stepTowards({ start: 0, end: 20 }, target, 4);
    expect(first).toEqual({ start: 50, end: 54 });
    let range = first;
    let steps = 1;
    while (range.start !== target.start || range.end !== target.end) {
      const next = stepTowards(range, target, 4);
      expect(mountedCount(range, next)).toBeLessThanOrEqual(4);
      expect(next.end - next.start).toBeGreaterThan(range.end - range.start);
      range = next;
      steps += 1;
    }
    // 29 items at most 4 a step.
    expect(steps).toBe(Math.ceil((target.end - target.start) / 4));
  });

  it('keeps what stays in the window and drops what leaves it at once', () => {
    const target = windowLayout(hundred, 1200, 2100, 3); // items 9..24
    const next = stepTowards({ start: 5, end: 20 }, target, 2);
    expect(next.start).toBeGreaterThanOrEqual(target.start);
    expect(next).toEqual({ start: 9, end: 22 });
  });

  it('mounts the visible items before the overscan', () => {
    // Scrolled up: the kept items are below the viewport.
    const target = windowLayout(hundred, 3000, 3900, 5); // visible 30..38, window 25..44
    const next = stepTowards({ start: 36, end: 50 }, target, 3);
    expect(next).toEqual({ start: 33, end: 44 });
    const after = stepTowards(next, target, 3);
    expect(after.start).toBe(30);
  });

  it('is the target itself when nothing new is needed or the budget covers it', () => {
    const target = windowLayout(hundred, 0, 900, 10);
    expect(stepTowards({ start: 0, end: 19 }, target, 100)).toEqual({
      start: target.start,
      end: target.end,
    });
    expect(stepTowards({ start: 0, end: 30 }, target, 1)).toEqual({ start: 0, end: 19 });
  });
});
