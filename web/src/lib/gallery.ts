/**
 * Attachment gallery layout (spec part 2, §4 Media and §9 Gallery): rows of up to three media
 * items, audio and other files on rows of their own, thumbnails above maxThumbnails folded into a
 * '+N' tile, and long galleries collapsed behind a show-all control. Also the media viewer's
 * wrap-around and video-loop rules.
 */
import type { AttachmentKind } from '../api/types.ts';

/** Media items per gallery row (spec part 2, §9). */
export const GALLERY_MAX_PER_ROW = 3;
/** Thumbnails above this many are hidden (spec part 2, §9: default 16; empty means no limit). */
export const DEFAULT_MAX_THUMBNAILS = 16;
/** In compact (hide) mode a gallery collapses when it holds more than this many attachments. */
export const GALLERY_HIDE_MODE_COLLAPSE_COUNT = 8;
/** A gallery whose dimensional score exceeds this collapses. */
export const GALLERY_COLLAPSE_SCORE = 1;
/** Row weights in the dimensional score: an audio row, any other non-media row. */
export const GALLERY_AUDIO_ROW_WEIGHT = 1 / 4;
export const GALLERY_MINIMAL_ROW_WEIGHT = 1 / 8;
/** A media row of n items weighs 1 / (n + this). */
const MEDIA_ROW_OFFSET = 0.6;

export type GalleryItem =
  | { type: 'attachment'; index: number }
  /** The '+N' tile: `count` thumbnails hidden, the first of which is at `index`. */
  | { type: 'more'; index: number; count: number };

export interface GalleryRow {
  /** media: images, videos and the '+N' tile side by side; audio / minimal: one per row. */
  type: 'media' | 'audio' | 'minimal';
  items: GalleryItem[];
}

export interface GalleryLayout {
  rows: GalleryRow[];
  /** Too long to show whole by default: offer show-all / collapse. */
  collapsible: boolean;
  /** How many rows a collapsed gallery shows (all of them when not collapsible). */
  collapsedRowCount: number;
  /** Attachments behind the '+N' tile. */
  hiddenCount: number;
}

export interface GalleryOptions {
  /** null, 0 or less: no limit. */
  maxThumbnails: number | null;
  /** 'hide': the compact listing (hideAttachments), every attachment on a minimal row. */
  size?: 'normal' | 'hide';
}

const isMedia = (kind: AttachmentKind) => kind === 'image' || kind === 'video';

/**
 * Splits a run of n media items into rows of at most three without leaving one item alone on the
 * last row (4 → 2+2, 7 → 3+2+2): as few rows as possible, the fuller rows first.
 */
export function rowSizes(n: number): number[] {
  if (n <= 0) return [];
  if (n === 1) return [1];
  const rows = Math.ceil(n / GALLERY_MAX_PER_ROW);
  const full = n - 2 * rows;
  return Array.from({ length: rows }, (_, i) => (i < full ? GALLERY_MAX_PER_ROW : 2));
}

function rowWeight(row: GalleryRow): number {
  if (row.type === 'minimal') return GALLERY_MINIMAL_ROW_WEIGHT;
  if (row.type === 'audio') return GALLERY_AUDIO_ROW_WEIGHT;
  return 1 / (row.items.length + MEDIA_ROW_OFFSET);
}

export function dimensionalScore(rows: readonly GalleryRow[]): number {
  return rows.reduce((sum, row) => sum + rowWeight(row), 0);
}

export function galleryLayout(
  kinds: readonly AttachmentKind[],
  { maxThumbnails, size = 'normal' }: GalleryOptions,
): GalleryLayout {
  const limit = maxThumbnails && maxThumbnails > 0 ? Math.floor(maxThumbnails) : Infinity;
  const shown = Math.min(kinds.length, limit);
  const hiddenCount = kinds.length - shown;
  const items: { item: GalleryItem; kind: 'media' | 'audio' | 'minimal' }[] = [];
  for (let index = 0; index < shown; index += 1) {
    const kind = kinds[index] ?? 'unknown';
    items.push({
      item: { type: 'attachment', index },
      kind:
        size === 'hide'
          ? 'minimal'
          : isMedia(kind)
            ? 'media'
            : kind === 'audio'
              ? 'audio'
              : 'minimal',
    });
  }
  if (hiddenCount > 0) {
    items.push({
      item: { type: 'more', index: shown, count: hiddenCount },
      kind: size === 'hide' ? 'minimal' : 'media',
    });
  }

  const rows: GalleryRow[] = [];
  let run: GalleryItem[] = [];
  const flushRun = () => {
    let start = 0;
    for (const count of rowSizes(run.length)) {
      rows.push({ type: 'media', items: run.slice(start, start + count) });
      start += count;
    }
    run = [];
  };
  for (const { item, kind } of items) {
    if (kind === 'media') {
      run.push(item);
      continue;
    }
    flushRun();
    rows.push({ type: kind, items: [item] });
  }
  flushRun();

  const collapsible =
    size === 'hide'
      ? kinds.length > GALLERY_HIDE_MODE_COLLAPSE_COUNT
      : dimensionalScore(rows) > GALLERY_COLLAPSE_SCORE;
  return {
    rows,
    collapsible,
    collapsedRowCount: collapsible ? collapsedRows(rows, size) : rows.length,
    hiddenCount,
  };
}

/** Rows a collapsed gallery keeps: as many as fit the score (always at least one). */
function collapsedRows(rows: readonly GalleryRow[], size: 'normal' | 'hide'): number {
  if (size === 'hide') return Math.min(rows.length, GALLERY_HIDE_MODE_COLLAPSE_COUNT);
  let score = 0;
  let count = 0;
  for (const row of rows) {
    score += rowWeight(row);
    if (score > GALLERY_COLLAPSE_SCORE && count > 0) break;
    count += 1;
  }
  return count;
}

/** Media viewer navigation: one step forward or back, wrapping around at both ends. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

/**
 * Whether a video loops (spec part 2, §3 loopVideo, loopVideoSilentOnly): never when looping is
 * off; with silent-only, only videos known to have no sound (unknown counts as sound).
 */
export function shouldLoopVideo(options: {
  loopVideo: boolean;
  loopVideoSilentOnly: boolean;
  hasAudio: boolean | null;
}): boolean {
  if (!options.loopVideo) return false;
  if (!options.loopVideoSilentOnly) return true;
  return options.hasAudio === false;
}

/** Kept here for the gallery's readers; the check itself lives in safeUrl.ts. */
export { safeMediaUrl } from './safeUrl.ts';
