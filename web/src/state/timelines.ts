import { create } from 'zustand';
import { statuses as accountStatuses } from '../api/accounts.ts';
import { ApiError, type ApiClient } from '../api/client.ts';
import type { Page } from '../api/link.ts';
import * as timelines from '../api/timelines.ts';
import type { Status } from '../api/types.ts';
import { accountFavourites } from '../api/userTimelines.ts';
import {
  addOlder,
  emptyTimeline,
  needsReload,
  olderFetchAllowed,
  queueNewer,
  removeStatuses,
  showNew,
  showOnTop,
  type TimelineData,
} from '../lib/timelineQueue.ts';
import { useEntities } from './entities.ts';
import { fetchDirectMessages } from './directMessages.ts';
import { whenInstanceLoaded } from './instance.ts';
import { useNotices } from './notices.ts';
import { usePreferences } from './preferences.ts';
import { useSession } from './session.ts';
import { errorMessage } from '../lib/errorMessage.ts';

/**
 * Timelines by kind and parameters (spec part 1, §3 Timeline and §4): ids only, the statuses
 * themselves live once in the entity store. The rules are lib/timelineQueue's; this applies them
 * to fetched pages, polls and streamed statuses.
 */

/** The spec's timeline kinds (mentions are the notifications feature's). */
export type TimelineKind =
  | 'friends'
  | 'public'
  | 'publicAndExternal'
  | 'tag'
  | 'bookmarks'
  | 'favorites'
  | 'dms'
  | 'list'
  | 'user'
  | 'media';

export interface TimelineSpec {
  kind: TimelineKind;
  /** tag timelines */
  tag?: string;
  /** list timelines */
  listId?: string;
  /** user, media and favorites (a profile's tabs; favorites without it are the user's own) */
  userId?: string;
}

/** Spec §8: the timeline error notice shows this long. */
export const TIMELINE_ERROR_NOTICE_MS = 5000;

/** Spec §4: blocking removes the author from these; unfollowing only from friends. */
export const BLOCK_REMOVES_FROM: readonly TimelineKind[] = [
  'friends',
  'public',
  'publicAndExternal',
];

export function timelineKey(spec: TimelineSpec): string {
  switch (spec.kind) {
    case 'tag':
      return `tag:${(spec.tag ?? '').toLowerCase()}`;
    case 'list':
      return `list:${spec.listId ?? ''}`;
    case 'user':
    case 'media':
    case 'favorites':
      return spec.userId ? `${spec.kind}:${spec.userId}` : spec.kind;
    default:
      return spec.kind;
  }
}

/** Kinds whose new statuses come by polling or streaming (the others page by their own ids). */
export const receivesNewStatuses = (spec: TimelineSpec): boolean =>
  spec.kind !== 'bookmarks' && spec.kind !== 'favorites';

interface PageRequest {
  maxId?: string;
  sinceId?: string;
}

/** One page of a timeline, with the timeline filters of the user's preferences. */
export function fetchTimelinePage(
  client: ApiClient,
  spec: TimelineSpec,
  page: PageRequest = {},
): Promise<Page<Status>> {
  const preferences = usePreferences.getState();
  const filters = {
    ...page,
    withMuted: !preferences.hideMutedPosts,
    replyVisibility:
      preferences.replyVisibility === 'all' ? undefined : preferences.replyVisibility,
  };
  switch (spec.kind) {
    case 'friends':
      return timelines.home(client, filters);
    case 'public':
    case 'publicAndExternal':
      return timelines.publicTimeline(client, { ...filters, local: spec.kind === 'public' });
    case 'tag':
      return timelines.tag(client, spec.tag ?? '', filters);
    case 'dms':
      // The source depends on the server, which start-up may still be asking about.
      return whenInstanceLoaded().then(() => fetchDirectMessages(client, filters));
    case 'list':
      return timelines.list(client, spec.listId ?? '', filters);
    case 'bookmarks':
      return timelines.bookmarks(client, page);
    case 'favorites':
      return spec.userId
        ? accountFavourites(client, spec.userId, page)
        : timelines.favourites(client, page);
    case 'user':
    case 'media':
      return accountStatuses(client, spec.userId ?? '', {
        ...page,
        withMuted: filters.withMuted,
        onlyMedia: spec.kind === 'media',
      });
  }
}

interface TimelinesState {
  timelines: Record<string, TimelineData>;
}

export const useTimelines = create<TimelinesState>()(() => ({ timelines: {} }));

const EMPTY = emptyTimeline();

export const getTimeline = (spec: TimelineSpec): TimelineData =>
  useTimelines.getState().timelines[timelineKey(spec)] ?? EMPTY;

export const useTimeline = (spec: TimelineSpec): TimelineData => {
  const key = timelineKey(spec);
  return useTimelines((state) => state.timelines[key] ?? EMPTY);
};

function update(spec: TimelineSpec, change: (timeline: TimelineData) => TimelineData): void {
  const key = timelineKey(spec);
  useTimelines.setState((state) => {
    const before = state.timelines[key] ?? EMPTY;
    const after = change(before);
    return after === before ? state : { timelines: { ...state.timelines, [key]: after } };
  });
}

/**
 * Bumped whenever everything is cleared (another user signed in, a filter changed): answers of
 * requests sent before are dropped.
 */
let generation = 0;
const olderStartedAt = new Map<string, number>();
const failing = new Set<string>();

/**
 * The `error` of a timeline the server shows to signed-in users only (Mastodon's public timelines
 * behind a token): the screen invites the visitor to sign in instead of reporting a failure.
 */
export const SIGN_IN_REQUIRED = 'sign-in-required';

const needsSignIn = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 401 || error.status === 403) &&
  useSession.getState().status !== 'signedIn';

function reportError(spec: TimelineSpec, error: unknown, poll: boolean): void {
  const key = timelineKey(spec);
  if (needsSignIn(error)) {
    if (!poll) update(spec, (timeline) => ({ ...timeline, error: SIGN_IN_REQUIRED }));
    return;
  }
  const message = errorMessage(error);
  // A failed page offers a retry in the footer; a failed poll just tries again in 10 s...
  if (!poll) update(spec, (timeline) => ({ ...timeline, error: message }));
  // ...and, failing every 10 s during an outage, reports once.
  if (poll && failing.has(key)) return;
  failing.add(key);
  useNotices.getState().push({
    level: 'error',
    messageKey: 'timeline.error',
    messageArgs: [message],
    timeoutMs: TIMELINE_ERROR_NOTICE_MS,
  });
}

export interface LoadOlderOptions {
  /** Skip the 1 s throttle (the first page, the retry and load-older buttons). */
  force?: boolean;
  /** The page, already asked for (see adoptFirstPage); none is fetched then. */
  page?: Promise<Page<Status>>;
}

function receiveOlder(spec: TimelineSpec, page: Page<Status>): void {
  useEntities.getState().ingestStatuses(page.items);
  failing.delete(timelineKey(spec));
  const first = !getTimeline(spec).loaded;
  update(spec, (current) => ({
    ...addOlder(
      current,
      page.items.map((status) => status.id),
      page.next?.maxId ?? null,
    ),
    loading: false,
    offlineSavedAt: undefined,
  }));
  // The newest page of a signed-in user's timeline is kept for reading offline (a lazy chunk).
  if (first && useSession.getState().status === 'signedIn' && page.items.length > 0)
    void loadOffline()
      .then((offline) => offline.keepCopy('timeline', timelineKey(spec), page.items))
      .catch((error: unknown) =>
        console.warn('keeping the page for offline reading failed', error),
      );
}

const loadOffline = () => import('../features/offline/offlineStore.ts');
const isNetworkError = (error: unknown) => error instanceof ApiError && error.kind === 'network';

/**
 * The server could not be reached for a timeline's first page: the copy kept for offline
 * reading, when there is one, is shown instead, marked with when it was loaded.
 */
async function showOfflineCopy(spec: TimelineSpec, mine: number): Promise<boolean> {
  if (useSession.getState().status !== 'signedIn') return false;
  const copy = await loadOffline()
    .then((offline) => offline.readCopy('timeline', timelineKey(spec)))
    .catch(() => null);
  if (!copy || mine !== generation) return false;
  useEntities.getState().ingestStatuses(copy.statuses);
  update(spec, (current) => ({
    ...addOlder(
      current,
      copy.statuses.map((status) => status.id),
      null,
    ),
    loading: false,
    bottomedOut: true,
    error: null,
    offlineSavedAt: copy.savedAt,
  }));
  return true;
}

/** Loads the next older page (or the first one) until a fetch returns nothing. */
export async function loadOlder(
  client: ApiClient,
  spec: TimelineSpec,
  options: LoadOlderOptions = {},
): Promise<void> {
  const key = timelineKey(spec);
  const timeline = getTimeline(spec);
  const now = Date.now();
  if (timeline.loading || (timeline.loaded && timeline.bottomedOut)) return;
  if (!options.force && !olderFetchAllowed(olderStartedAt.get(key) ?? null, now)) return;
  olderStartedAt.set(key, now);
  const mine = generation;
  update(spec, (current) => ({ ...current, loading: true }));
  try {
    const maxId = timeline.loaded ? (timeline.minId ?? undefined) : undefined;
    const page = await (options.page ?? fetchTimelinePage(client, spec, { maxId }));
    if (mine !== generation) return;
    receiveOlder(spec, page);
  } catch (error) {
    if (mine !== generation) return;
    if (!timeline.loaded && isNetworkError(error) && (await showOfflineCopy(spec, mine))) return;
    if (mine !== generation) return;
    update(spec, (current) => ({ ...current, loading: false }));
    reportError(spec, error, false);
  }
}

/**
 * A first page asked for before the store could hold it (a stored session's landing timeline,
 * asked while the session was being restored, since signing in clears every timeline): shown in
 * the same update when it has `arrived`, else when `pending` answers.
 */
export function adoptFirstPage(
  client: ApiClient,
  spec: TimelineSpec,
  pending: Promise<Page<Status>>,
  arrived: Page<Status> | undefined,
): void {
  const timeline = getTimeline(spec);
  if (timeline.loaded || timeline.loading) return;
  if (!arrived) {
    void loadOlder(client, spec, { force: true, page: pending });
    return;
  }
  olderStartedAt.set(timelineKey(spec), Date.now());
  receiveOlder(spec, arrived);
}

/** Polls for statuses newer than the newest held; they wait in the queue. */
export async function loadNewer(client: ApiClient, spec: TimelineSpec): Promise<void> {
  const timeline = getTimeline(spec);
  if (!timeline.loaded || timeline.loading || !receivesNewStatuses(spec)) return;
  const mine = generation;
  try {
    const page = await fetchTimelinePage(client, spec, { sinceId: timeline.maxId ?? undefined });
    if (mine !== generation) return;
    failing.delete(timelineKey(spec));
    if (page.items.length === 0) return;
    useEntities.getState().ingestStatuses(page.items);
    update(spec, (current) =>
      queueNewer(
        current,
        page.items.map((status) => status.id),
      ),
    );
  } catch (error) {
    if (mine !== generation) return;
    reportError(spec, error, true);
  }
}

/**
 * Asks once for what was posted before the stream took over: the statuses since the newest held,
 * as soon as the timeline has its first page (which may still be on its way, asked before the
 * socket joined). Returns a function that cancels the wait.
 */
export function catchUpOnce(client: ApiClient, spec: TimelineSpec): () => void {
  const ready = (timeline: TimelineData) => timeline.loaded && !timeline.loading;
  if (ready(getTimeline(spec))) {
    void loadNewer(client, spec);
    return () => {};
  }
  const key = timelineKey(spec);
  const unsubscribe = useTimelines.subscribe((state) => {
    const timeline = state.timelines[key];
    if (!timeline || !ready(timeline)) return;
    unsubscribe();
    void loadNewer(client, spec);
  });
  return unsubscribe;
}

/** A status from the stream (already in the entity store): it waits in the queue. */
export function receiveStatus(spec: TimelineSpec, statusId: string): void {
  update(spec, (current) => (current.loaded ? queueNewer(current, [statusId]) : current));
}

/** Shows the queued statuses, or reloads the timeline when a flush is queued. */
export async function showNewStatuses(client: ApiClient, spec: TimelineSpec): Promise<void> {
  const timeline = getTimeline(spec);
  if (!needsReload(timeline)) {
    update(spec, showNew);
    return;
  }
  const { pinnedIds } = timeline;
  update(spec, () => ({ ...emptyTimeline(), pinnedIds }));
  await loadOlder(client, spec, { force: true });
}

/** The timelines the signed-in user's own new post belongs on, by its visibility. */
export function ownStatusTimelines(status: Pick<Status, 'visibility' | 'account'>): TimelineSpec[] {
  const specs: TimelineSpec[] = [{ kind: 'friends' }, { kind: 'user', userId: status.account.id }];
  if (status.visibility === 'public') specs.push({ kind: 'public' }, { kind: 'publicAndExternal' });
  if (status.visibility === 'direct') specs.push({ kind: 'dms' });
  return specs;
}

/** Shows the user's own new post at once on every loaded timeline it belongs on. */
export function showOwnStatus(status: Status): void {
  for (const spec of ownStatusTimelines(status))
    update(spec, (current) => showOnTop(current, status.id));
}

export function setPaused(spec: TimelineSpec, paused: boolean): void {
  update(spec, (current) => (current.paused === paused ? current : { ...current, paused }));
}

/** The profile's pinned statuses, shown first on its statuses tab. */
export async function loadPinned(client: ApiClient, spec: TimelineSpec): Promise<void> {
  if (spec.kind !== 'user' || !spec.userId) return;
  const mine = generation;
  try {
    const page = await accountStatuses(client, spec.userId, { pinned: true });
    if (mine !== generation) return;
    useEntities.getState().ingestStatuses(page.items);
    update(spec, (current) => ({ ...current, pinnedIds: page.items.map((status) => status.id) }));
  } catch (error) {
    console.warn('pinned statuses could not be loaded', error);
  }
}

/**
 * Removes an account's posts (and repeats of them) from the timelines of these kinds: blocking
 * removes them from friends, public and the whole known network, unfollowing from friends.
 */
export function removeAuthorFromTimelines(
  accountId: string,
  kinds: readonly TimelineKind[] = BLOCK_REMOVES_FROM,
): void {
  const { statuses } = useEntities.getState();
  const byAuthor = (id: string) => {
    const status = statuses[id];
    if (!status) return false;
    if (status.accountId === accountId) return true;
    const reblog = status.reblogId ? statuses[status.reblogId] : undefined;
    return reblog?.accountId === accountId;
  };
  const kindOf = (key: string) => key.split(':')[0] as TimelineKind;
  useTimelines.setState((state) => {
    const next: Record<string, TimelineData> = {};
    for (const [key, timeline] of Object.entries(state.timelines)) {
      next[key] = kinds.includes(kindOf(key)) ? removeStatuses(timeline, byAuthor) : timeline;
    }
    return { timelines: next };
  });
}

/** Forgets every timeline (sign-in, sign-out, a changed filter); mounted screens fetch again. */
export function clearTimelines(): void {
  generation += 1;
  olderStartedAt.clear();
  failing.clear();
  useTimelines.setState({ timelines: {} });
}

// Timelines hold what the signed-in user may see (and with their filters): another user, another set.
useSession.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) clearTimelines();
});
usePreferences.subscribe((state, previous) => {
  if (
    state.replyVisibility !== previous.replyVisibility ||
    state.hideMutedPosts !== previous.hideMutedPosts
  ) {
    clearTimelines();
  }
});
