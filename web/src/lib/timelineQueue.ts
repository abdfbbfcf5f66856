/**
 * The rules of a timeline's list of statuses (spec part 1, §3 Timeline, §4 Timeline, §9): what is
 * shown, what waits behind 'show new', when a reload is needed, when older pages run out. Pure
 * functions over ids; the store in state/timelines applies them.
 */

/** Spec §9: timelines poll for new statuses every 10 s (when not streaming). */
export const TIMELINE_POLL_MS = 10_000;
/** Spec §9: 20 or more new statuses waiting means a flush (clear and refetch on show). */
export const FLUSH_AT = 20;
/** Spec §9: showing new statuses displays this many. */
export const SHOW_NEW_COUNT = 50;
/** Spec §4: new statuses show by themselves only within this many px of the top. */
export const AUTO_SHOW_TOP_PX = 15;
/** Spec §9: clicks on the show-new button are ignored this long after it appears. */
export const NEW_BUTTON_CLICK_BLOCK_MS = 1000;
/** Spec §9: above this, the mobile count reads as infinity. */
export const MOBILE_COUNT_MAX = 99;
/** Spec §9: older statuses load within this many px of the bottom... */
export const LOAD_OLDER_DISTANCE_PX = 750;
/** ...at most once a second... */
export const LOAD_OLDER_THROTTLE_MS = 1000;
/** ...with the scroll handler itself throttled to this. */
export const SCROLL_THROTTLE_MS = 200;

export interface TimelineData {
  /** Every id held, newest first: the shown ones and the queued new ones (for de-duplication). */
  statuses: string[];
  /** What the reader sees, newest first. */
  visibleStatuses: string[];
  /** New statuses waiting behind 'show new', newest first. */
  newQueue: string[];
  newStatusCount: number;
  /** The newest id seen: asked for as since_id when polling. */
  maxId: string | null;
  /** Where the next older page starts (max_id): the oldest shown id or the server's next link. */
  minId: string | null;
  /** The oldest id shown. */
  minVisibleId: string | null;
  loading: boolean;
  /** A fetch of older statuses came back empty: there are no more. */
  bottomedOut: boolean;
  /** Non-zero: too many new statuses to merge, showing them reloads the timeline. */
  flushMarker: number;
  /** New statuses stopped showing by themselves until the reader shows them. */
  paused: boolean;
  /** The last fetch failed (its message); cleared by the next success. */
  error: string | null;
  /** The first page has arrived. */
  loaded: boolean;
  /** Pinned statuses shown first on a profile's statuses tab. */
  pinnedIds: string[];
  /**
   * Shown from the copy kept for offline reading (features/offline), saved at this time: the
   * server could not be reached. Cleared by the next page that arrives.
   */
  offlineSavedAt?: number;
}

export function emptyTimeline(): TimelineData {
  return {
    statuses: [],
    visibleStatuses: [],
    newQueue: [],
    newStatusCount: 0,
    maxId: null,
    minId: null,
    minVisibleId: null,
    loading: false,
    bottomedOut: false,
    flushMarker: 0,
    paused: false,
    error: null,
    loaded: false,
    pinnedIds: [],
  };
}

/**
 * Orders ids as the server does: Mastodon's numeric ids and Pleroma's fixed-width flake ids both
 * sort by length, then character by character.
 */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

const newest = (a: string | null, b: string | null | undefined): string | null =>
  !b ? a : !a || compareIds(b, a) > 0 ? b : a;

function unique(ids: readonly string[], known: ReadonlySet<string>): string[] {
  const seen = new Set(known);
  const out: string[] = [];
  for (const id of ids) {
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
  }
  return out;
}

/**
 * An older page arrived (or the first page): its ids, newest first, are added after what is shown,
 * without duplicates. `nextMaxId` is where the following page starts when the server said so
 * (bookmarks and favourites page by their own ids); otherwise the oldest id of the page.
 */
export function addOlder(
  timeline: TimelineData,
  ids: readonly string[],
  nextMaxId?: string | null,
): TimelineData {
  const fresh = unique(ids, new Set(timeline.statuses));
  const visibleStatuses = [...timeline.visibleStatuses, ...fresh];
  return {
    ...timeline,
    statuses: [...timeline.statuses, ...fresh],
    visibleStatuses,
    maxId: newest(timeline.maxId, ids[0]),
    minId: nextMaxId ?? ids[ids.length - 1] ?? timeline.minId,
    minVisibleId: visibleStatuses[visibleStatuses.length - 1] ?? null,
    bottomedOut: ids.length === 0,
    loaded: true,
    error: null,
  };
}

/**
 * New statuses arrived (a poll or the stream): they wait in the queue, without duplicates. Once
 * FLUSH_AT or more wait, the flush marker is set: showing them reloads instead of merging.
 */
export function queueNewer(timeline: TimelineData, ids: readonly string[]): TimelineData {
  const fresh = unique(ids, new Set(timeline.statuses)).sort((a, b) => compareIds(b, a));
  if (fresh.length === 0) return timeline;
  const newQueue = [...fresh, ...timeline.newQueue];
  return {
    ...timeline,
    statuses: [...fresh, ...timeline.statuses],
    newQueue,
    newStatusCount: newQueue.length,
    maxId: newest(timeline.maxId, fresh[0]),
    flushMarker: newQueue.length >= FLUSH_AT ? 1 : timeline.flushMarker,
  };
}

/** Showing new statuses reloads the timeline instead when a flush is queued. */
export const needsReload = (timeline: TimelineData): boolean => timeline.flushMarker !== 0;

/**
 * Shows the queued statuses on top: the newest SHOW_NEW_COUNT of everything are kept, older ones
 * are dropped (infinite scroll brings them back from where the list now ends).
 */
export function showNew(timeline: TimelineData): TimelineData {
  const merged = unique([...timeline.newQueue, ...timeline.visibleStatuses], new Set());
  const visibleStatuses = merged.slice(0, SHOW_NEW_COUNT);
  const truncated = merged.length > visibleStatuses.length;
  const oldest = visibleStatuses[visibleStatuses.length - 1] ?? null;
  return {
    ...timeline,
    statuses: visibleStatuses,
    visibleStatuses,
    newQueue: [],
    newStatusCount: 0,
    minId: truncated ? oldest : timeline.minId,
    minVisibleId: oldest,
    bottomedOut: truncated ? false : timeline.bottomedOut,
    paused: false,
  };
}

/**
 * The reader's own new post goes straight to the top of what is shown, not behind 'show new'.
 * maxId stays, so the next poll still asks for everything posted since the last one.
 */
export function showOnTop(timeline: TimelineData, id: string): TimelineData {
  if (!timeline.loaded || timeline.visibleStatuses.includes(id)) return timeline;
  const newQueue = timeline.newQueue.filter((queued) => queued !== id);
  return {
    ...timeline,
    statuses: [id, ...timeline.statuses.filter((held) => held !== id)],
    visibleStatuses: [id, ...timeline.visibleStatuses],
    newQueue,
    newStatusCount: newQueue.length,
  };
}

/** Removes ids everywhere in the timeline (a blocked author's posts...). */
export function removeStatuses(
  timeline: TimelineData,
  remove: (id: string) => boolean,
): TimelineData {
  if (!timeline.statuses.some(remove) && !timeline.pinnedIds.some(remove)) return timeline;
  const keep = (id: string) => !remove(id);
  const visibleStatuses = timeline.visibleStatuses.filter(keep);
  const newQueue = timeline.newQueue.filter(keep);
  return {
    ...timeline,
    statuses: timeline.statuses.filter(keep),
    visibleStatuses,
    newQueue,
    newStatusCount: newQueue.length,
    minVisibleId: visibleStatuses[visibleStatuses.length - 1] ?? null,
    pinnedIds: timeline.pinnedIds.filter(keep),
  };
}

export interface AutoShowConditions {
  /** The socket is joined (polling never shows by itself). */
  streaming: boolean;
  /** The window's scroll position. */
  scrollTop: number;
  paused: boolean;
  /** The tab is not focused... */
  unfocused: boolean;
  /** ...and the pause-on-unfocus preference is on. */
  pauseOnUnfocused: boolean;
}

/** Spec §4: new statuses show by themselves when streaming, near the top and not paused. */
export function shouldAutoShow(c: AutoShowConditions): boolean {
  return (
    c.streaming &&
    c.scrollTop <= AUTO_SHOW_TOP_PX &&
    !c.paused &&
    !(c.unfocused && c.pauseOnUnfocused)
  );
}

/** The mobile show-new button's text: the count, infinity above 99, plus when reload is needed. */
export function mobileNewCount(count: number, flush: boolean): string {
  if (flush) return '+';
  if (count > MOBILE_COUNT_MAX) return '∞';
  return String(count);
}

/** Whether the window's scroll position is close enough to the bottom to load older statuses. */
export function nearBottom(scrollTop: number, viewportHeight: number, pageHeight: number): boolean {
  return pageHeight - (scrollTop + viewportHeight) <= LOAD_OLDER_DISTANCE_PX;
}

/** Ignore clicks on the show-new button within the block after it appeared. */
export function clickBlocked(appearedAt: number | null, now: number): boolean {
  return appearedAt !== null && now - appearedAt < NEW_BUTTON_CLICK_BLOCK_MS;
}

/** Older fetches at most once per LOAD_OLDER_THROTTLE_MS. */
export function olderFetchAllowed(lastStartedAt: number | null, now: number): boolean {
  return lastStartedAt === null || now - lastStartedAt >= LOAD_OLDER_THROTTLE_MS;
}
