import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AttachmentKind } from '../api/types.ts';
import {
  dimensionalScore,
  galleryLayout,
  rowSizes,
  safeMediaUrl,
  shouldLoopVideo,
  wrapIndex,
  type GalleryLayout,
} from './gallery.ts';

const images = (n: number): AttachmentKind[] => Array.from({ length: n }, () => 'image');
const shape = (layout: GalleryLayout) =>
  layout.rows.map((row) =>
    row.items.map((item) => (item.type === 'more' ? `+${item.count}` : item.index)),
  );

describe('rowSizes', () => {
  it('fills rows of three without a lonely last item', () => {
    expect(rowSizes(0)).toEqual([]);
    expect(rowSizes(1)).toEqual([1]);
    expect(rowSizes(2)).toEqual([2]);
    expect(rowSizes(3)).toEqual([3]);
    expect(rowSizes(4)).toEqual([2, 2]);
    expect(rowSizes(5)).toEqual([3, 2]);
    expect(rowSizes(6)).toEqual([3, 3]);
    expect(rowSizes(7)).toEqual([3, 2, 2]);
  });
  it('for any run: sizes add up, each 1..3, no single item unless alone, fewest rows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (n) => {
        const sizes = rowSizes(n);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
        expect(sizes.length).toBe(Math.ceil(n / 3));
        for (const size of sizes) expect(size >= 1 && size <= 3).toBe(true);
        if (n > 1) expect(sizes.includes(1)).toBe(false);
      }),
    );
  });
});

describe('galleryLayout', () => {
  it('puts six photos on two rows of three, not collapsed', () => {
    const layout = galleryLayout(images(6), { maxThumbnails: 16 });
    expect(shape(layout)).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    expect(layout.collapsible).toBe(false);
    expect(layout.collapsedRowCount).toBe(2);
  });

  it('gives audio and other files rows of their own, breaking media runs', () => {
    const layout = galleryLayout(['image', 'audio', 'image', 'video', 'unknown', 'image'], {
      maxThumbnails: null,
    });
    expect(layout.rows.map((row) => row.type)).toEqual([
      'media',
      'audio',
      'media',
      'minimal',
      'media',
    ]);
    expect(shape(layout)).toEqual([[0], [1], [2, 3], [4], [5]]);
  });

  it('folds thumbnails above maxThumbnails into a +N tile', () => {
    const layout = galleryLayout(images(10), { maxThumbnails: 4 });
    expect(layout.hiddenCount).toBe(6);
    expect(shape(layout)).toEqual([
      [0, 1, 2],
      [3, '+6'],
    ]);
    const more = layout.rows[1]?.items[1];
    expect(more).toEqual({ type: 'more', index: 4, count: 6 });
  });

  it('has no limit when maxThumbnails is empty or zero', () => {
    expect(galleryLayout(images(20), { maxThumbnails: null }).hiddenCount).toBe(0);
    expect(galleryLayout(images(20), { maxThumbnails: 0 }).hiddenCount).toBe(0);
  });

  it('collapses when the dimensional score exceeds 1, keeping the rows that fit', () => {
    // Three rows of three: 3 / 3.6 = 0.83 — shown whole.
    expect(galleryLayout(images(9), { maxThumbnails: null }).collapsible).toBe(false);
    // Four rows of three: 4 / 3.6 = 1.11 — collapsed to three rows.
    const twelve = galleryLayout(images(12), { maxThumbnails: null });
    expect(twelve.collapsible).toBe(true);
    expect(twelve.collapsedRowCount).toBe(3);
    // Two single images (1/1.6 each) with audio in between: 0.625 + 0.25 + 0.625.
    const mixed = galleryLayout(['image', 'audio', 'image'], { maxThumbnails: null });
    expect(dimensionalScore(mixed.rows)).toBeCloseTo(1.5);
    expect(mixed.collapsible).toBe(true);
    expect(mixed.collapsedRowCount).toBe(2);
  });

  it('weighs audio rows 1/4 and other files 1/8', () => {
    const files = galleryLayout(['unknown', 'unknown', 'audio'], { maxThumbnails: null });
    expect(dimensionalScore(files.rows)).toBeCloseTo(1 / 8 + 1 / 8 + 1 / 4);
  });

  it('in hide mode lists every attachment on its own row, collapsing above 8', () => {
    const eight = galleryLayout(images(8), { maxThumbnails: null, size: 'hide' });
    expect(eight.rows.every((row) => row.type === 'minimal' && row.items.length === 1)).toBe(true);
    expect(eight.collapsible).toBe(false);
    const nine = galleryLayout(images(9), { maxThumbnails: null, size: 'hide' });
    expect(nine.collapsible).toBe(true);
    expect(nine.collapsedRowCount).toBe(8);
  });

  it('keeps every shown attachment exactly once, in order, rows of at most three', () => {
    const kind = fc.constantFrom<AttachmentKind>('image', 'video', 'audio', 'unknown', 'html');
    fc.assert(
      fc.property(
        fc.array(kind, { maxLength: 30 }),
        fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
        (kinds, maxThumbnails) => {
          const layout = galleryLayout(kinds, { maxThumbnails });
          const flat = layout.rows.flatMap((row) => row.items);
          const attachments = flat.filter((item) => item.type === 'attachment');
          const shown = Math.min(kinds.length, maxThumbnails ?? Infinity);
          expect(attachments.map((item) => item.index)).toEqual(
            Array.from({ length: shown }, (_, i) => i),
          );
          expect(layout.hiddenCount).toBe(kinds.length - shown);
          expect(flat.filter((item) => item.type === 'more')).toHaveLength(
            layout.hiddenCount > 0 ? 1 : 0,
          );
          for (const row of layout.rows) expect(row.items.length).toBeLessThanOrEqual(3);
          expect(layout.collapsedRowCount).toBeGreaterThanOrEqual(Math.min(1, layout.rows.length));
          expect(layout.collapsedRowCount).toBeLessThanOrEqual(layout.rows.length);
        },
      ),
    );
  });
});

describe('wrapIndex', () => {
  it('wraps forward from the last to the first and back from the first to the last', () => {
    expect(wrapIndex(6, 6)).toBe(0);
    expect(wrapIndex(-1, 6)).toBe(5);
    expect(wrapIndex(3, 6)).toBe(3);
    expect(wrapIndex(0, 0)).toBe(0);
  });
});

describe('shouldLoopVideo', () => {
  it('follows loopVideo and loopVideoSilentOnly', () => {
    const base = { loopVideo: true, loopVideoSilentOnly: false, hasAudio: null };
    expect(shouldLoopVideo(base)).toBe(true);
    expect(shouldLoopVideo({ ...base, loopVideo: false })).toBe(false);
    expect(shouldLoopVideo({ ...base, loopVideoSilentOnly: true })).toBe(false);
    expect(shouldLoopVideo({ ...base, loopVideoSilentOnly: true, hasAudio: true })).toBe(false);
    expect(shouldLoopVideo({ ...base, loopVideoSilentOnly: true, hasAudio: false })).toBe(true);
  });
});

describe('safeMediaUrl', () => {
  it('keeps http(s), same-origin paths and blob:', () => {
    expect(safeMediaUrl('https://x.example/a.png')).toBe('https://x.example/a.png');
    expect(safeMediaUrl('/media/a.png')).toBe('/media/a.png');
    expect(safeMediaUrl('blob:https://x/1')).toBe('blob:https://x/1');
  });
  it('refuses script and data schemes, protocol-relative and empty', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      '',
      null,
    ]) {
      expect(safeMediaUrl(url)).toBeNull();
    }
  });
});
