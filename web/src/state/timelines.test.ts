import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, ApiResponse, RequestOptions } from '../api/client.ts';
import { FLUSH_AT, SHOW_NEW_COUNT } from '../lib/timelineQueue.ts';
import { useEntities } from './entities.ts';
import { useNotices } from './notices.ts';
import { usePreferences } from './preferences.ts';
import { useSession } from './session.ts';
import {
  adoptFirstPage,
  catchUpOnce,
  fetchTimelinePage,
  clearTimelines,
  getTimeline,
  loadNewer,
  loadOlder,
  loadPinned,
  receiveStatus,
  removeAuthorFromTimelines,
  showNewStatuses,
  TIMELINE_ERROR_NOTICE_MS,
  timelineKey,
  type TimelineSpec,
} from './timelines.ts';

const id = (n: number) => String(n).padStart(4, '0');
const rawStatus = (n: number, author = `a${n % 3}`, extra: object = {}) => ({
  id: id(n),
  content: `<p>${n}</p>`,
  created_at: '2026-01-01T00:00:00.000Z',
  visibility: 'public',
  account: { id: author, username: author, acct: author, display_name: author },
  ...extra,
});

interface Call {
  path: string;
  query: Record<string, unknown>;
}

/**
 * A stub server holding statuses `total` down to 1 (newest first), paging by max_id / since_id like
 * Mastodon, 20 at a time.
 */
function stubServer(total: number) {
  const calls: Call[] = [];
  let newest = total;
  let failNext: Error | null = null;
  const get = vi.fn(async (path: string, options: RequestOptions = {}): Promise<ApiResponse> => {
    const query = (options.query ?? {}) as Record<string, string | number | undefined>;
    calls.push({ path, query });
    if (failNext) {
      const error = failNext;
      failNext = null;
      throw error;
    }
    const limit = Number(query.limit ?? 20);
    const maxId = query.max_id === undefined ? Infinity : Number(query.max_id);
    const sinceId = query.since_id === undefined ? 0 : Number(query.since_id);
    const items = [];
    for (let n = newest; n >= 1 && items.length < limit; n -= 1) {
      if (n < maxId && n > sinceId) items.push(rawStatus(n));
    }
    return { data: items, status: 200, headers: new Headers(), link: { next: null, prev: null } };
  });
  const client = { get } as unknown as ApiClient;
  return {
    client,
    calls,
    post(count: number) {
      newest += count;
    },
    failNextWith(error: Error) {
      failNext = error;
    },
  };
}

const PUBLIC: TimelineSpec = { kind: 'public' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(1_000_000);
  clearTimelines();
  useEntities.getState().clear();
  useNotices.getState().clear();
});
afterEach(() => {
  vi.useRealTimers();
});

const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

describe('timeline store', () => {
  it('keys timelines by kind and parameters', () => {
    expect(timelineKey({ kind: 'tag', tag: 'Birds' })).toBe('tag:birds');
    expect(timelineKey({ kind: 'list', listId: '7' })).toBe('list:7');
    expect(timelineKey({ kind: 'user', userId: '9' })).toBe('user:9');
    expect(timelineKey({ kind: 'favorites' })).toBe('favorites');
  });

  it('loads the first page into the entity store and keeps only ids', async () => {
    const server = stubServer(50);
    await loadOlder(server.client, PUBLIC, { force: true });
    const timeline = getTimeline(PUBLIC);
    expect(timeline.visibleStatuses).toHaveLength(20);
    expect(timeline.visibleStatuses[0]).toBe(id(50));
    expect(useEntities.getState().statuses[id(50)]?.content).toContain('50');
    expect(server.calls[0]).toMatchObject({
      path: '/api/v1/timelines/public',
      query: { local: true, with_muted: true },
    });
  });

  it('adopts a first page asked for elsewhere: at once when it has arrived, else when it answers', async () => {
    const server = stubServer(50);
    const HOME: TimelineSpec = { kind: 'friends' };
    const page = await fetchTimelinePage(server.client, HOME);
    adoptFirstPage(server.client, HOME, Promise.resolve(page), page);
    expect(getTimeline(HOME).visibleStatuses[0]).toBe(id(50));

    let answer!: (value: typeof page) => void;
    adoptFirstPage(server.client, PUBLIC, new Promise((done) => (answer = done)), undefined);
    expect(getTimeline(PUBLIC).loading).toBe(true);
    // The screen's own first-page request waits for that one instead of asking again.
    await loadOlder(server.client, PUBLIC, { force: true });
    answer(page);
    await vi.waitFor(() => expect(getTimeline(PUBLIC).visibleStatuses).toHaveLength(20));
    expect(server.calls).toHaveLength(1);
  });

  it('pages older statuses with max_id, throttled to once a second, until one comes back empty', async () => {
    const server = stubServer(45);
    await loadOlder(server.client, PUBLIC, { force: true });
    await loadOlder(server.client, PUBLIC); // within the second: ignored
    expect(server.calls).toHaveLength(1);
    later(1000);
    await loadOlder(server.client, PUBLIC);
    expect(server.calls[1]?.query.max_id).toBe(id(26));
    later(1000);
    await loadOlder(server.client, PUBLIC);
    expect(getTimeline(PUBLIC).visibleStatuses).toHaveLength(45);
    expect(getTimeline(PUBLIC).bottomedOut).toBe(false);
    later(1000);
    await loadOlder(server.client, PUBLIC);
    expect(getTimeline(PUBLIC).bottomedOut).toBe(true);
    later(1000);
    await loadOlder(server.client, PUBLIC);
    expect(server.calls).toHaveLength(4);
  });

  it('polls with since_id; new statuses wait in the queue until shown', async () => {
    const server = stubServer(30);
    await loadOlder(server.client, PUBLIC, { force: true });
    server.post(3);
    await loadNewer(server.client, PUBLIC);
    expect(server.calls[1]?.query.since_id).toBe(id(30));
    let timeline = getTimeline(PUBLIC);
    expect(timeline.newStatusCount).toBe(3);
    expect(timeline.visibleStatuses[0]).toBe(id(30));
    await showNewStatuses(server.client, PUBLIC);
    timeline = getTimeline(PUBLIC);
    expect(timeline.newStatusCount).toBe(0);
    expect(timeline.visibleStatuses.slice(0, 4)).toEqual([id(33), id(32), id(31), id(30)]);
  });

  it('catching up when the stream takes over asks once for what came since the newest held', async () => {
    const server = stubServer(30);
    await loadOlder(server.client, PUBLIC, { force: true });
    server.post(2);
    catchUpOnce(server.client, PUBLIC);
    await vi.waitFor(() => expect(getTimeline(PUBLIC).newStatusCount).toBe(2));
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.query.since_id).toBe(id(30));
  });

  it('catching up waits for a first page still on its way, then asks once', async () => {
    const server = stubServer(30);
    const firstPage = loadOlder(server.client, PUBLIC, { force: true });
    catchUpOnce(server.client, PUBLIC);
    server.post(1);
    await firstPage;
    await vi.waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.calls[1]?.query.since_id).toBeDefined();
    await loadOlder(server.client, PUBLIC, { force: true });
    expect(server.calls.filter((call) => call.query.since_id !== undefined)).toHaveLength(1);
  });

  it('a cancelled catch-up asks nothing', async () => {
    const server = stubServer(30);
    const firstPage = loadOlder(server.client, PUBLIC, { force: true });
    const cancel = catchUpOnce(server.client, PUBLIC);
    cancel();
    await firstPage;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.calls).toHaveLength(1);
  });

  it('a streamed status already shown is not queued twice', async () => {
    const server = stubServer(30);
    await loadOlder(server.client, PUBLIC, { force: true });
    receiveStatus(PUBLIC, id(30));
    expect(getTimeline(PUBLIC).newStatusCount).toBe(0);
    receiveStatus(PUBLIC, id(31));
    receiveStatus(PUBLIC, id(31));
    expect(getTimeline(PUBLIC).newStatusCount).toBe(1);
  });

  it(`with ${FLUSH_AT} or more waiting, showing them clears and refetches the timeline`, async () => {
    const server = stubServer(30);
    await loadOlder(server.client, PUBLIC, { force: true });
    server.post(FLUSH_AT);
    await loadNewer(server.client, PUBLIC);
    expect(getTimeline(PUBLIC).flushMarker).not.toBe(0);
    await showNewStatuses(server.client, PUBLIC);
    const timeline = getTimeline(PUBLIC);
    expect(server.calls.at(-1)?.query.max_id).toBeUndefined();
    expect(server.calls.at(-1)?.query.since_id).toBeUndefined();
    expect(timeline.flushMarker).toBe(0);
    expect(timeline.newStatusCount).toBe(0);
    expect(timeline.visibleStatuses[0]).toBe(id(30 + FLUSH_AT));
    expect(timeline.visibleStatuses).toHaveLength(20);
  });

  it(`showing new statuses keeps the newest ${SHOW_NEW_COUNT}`, async () => {
    const server = stubServer(100);
    await loadOlder(server.client, PUBLIC, { force: true });
    for (let page = 0; page < 3; page += 1) {
      later(1000);
      await loadOlder(server.client, PUBLIC);
    }
    expect(getTimeline(PUBLIC).visibleStatuses).toHaveLength(80);
    server.post(2);
    await loadNewer(server.client, PUBLIC);
    await showNewStatuses(server.client, PUBLIC);
    const timeline = getTimeline(PUBLIC);
    expect(timeline.visibleStatuses).toHaveLength(SHOW_NEW_COUNT);
    later(1000);
    await loadOlder(server.client, PUBLIC);
    expect(server.calls.at(-1)?.query.max_id).toBe(timeline.visibleStatuses.at(-1));
  });

  it('a failed fetch shows the timeline error notice for 5 s and can be retried', async () => {
    const server = stubServer(30);
    server.failNextWith(new Error('Bad gateway'));
    await loadOlder(server.client, PUBLIC, { force: true });
    expect(getTimeline(PUBLIC).error).toBe('Bad gateway');
    expect(getTimeline(PUBLIC).loading).toBe(false);
    expect(useNotices.getState().notices).toEqual([
      expect.objectContaining({
        level: 'error',
        messageKey: 'timeline.error',
        messageArgs: ['Bad gateway'],
        timeoutMs: TIMELINE_ERROR_NOTICE_MS,
      }),
    ]);
    await loadOlder(server.client, PUBLIC, { force: true });
    expect(getTimeline(PUBLIC).error).toBeNull();
    expect(getTimeline(PUBLIC).visibleStatuses).toHaveLength(20);
  });

  it('a poll failing again and again reports once', async () => {
    const server = stubServer(30);
    await loadOlder(server.client, PUBLIC, { force: true });
    server.failNextWith(new Error('down'));
    await loadNewer(server.client, PUBLIC);
    server.failNextWith(new Error('down'));
    await loadNewer(server.client, PUBLIC);
    expect(useNotices.getState().notices).toHaveLength(1);
  });

  it('removes a blocked author from friends, public and the whole network, not from tags', async () => {
    const server = stubServer(9);
    const tag: TimelineSpec = { kind: 'tag', tag: 'birds' };
    await loadOlder(server.client, PUBLIC, { force: true });
    await loadOlder(server.client, tag, { force: true });
    removeAuthorFromTimelines('a0');
    expect(getTimeline(PUBLIC).visibleStatuses).toEqual([id(8), id(7), id(5), id(4), id(2), id(1)]);
    expect(getTimeline(tag).visibleStatuses).toHaveLength(9);
    removeAuthorFromTimelines('a1', ['friends']);
    expect(getTimeline(PUBLIC).visibleStatuses).toHaveLength(6);
  });

  it('removes repeats of the author too', async () => {
    const items = [rawStatus(3, 'r'), rawStatus(2, 'r', { reblog: rawStatus(1, 'blocked') })];
    const get = vi.fn(async () => ({ data: items, status: 200, link: { next: null, prev: null } }));
    await loadOlder({ get } as unknown as ApiClient, PUBLIC, { force: true });
    removeAuthorFromTimelines('blocked');
    expect(getTimeline(PUBLIC).visibleStatuses).toEqual([id(3)]);
  });

  it('a streamed status before the first page arrived waits for that page', () => {
    receiveStatus(PUBLIC, 'x');
    expect(getTimeline(PUBLIC).newStatusCount).toBe(0);
  });

  it('loads pinned statuses for a profile timeline', async () => {
    const server = stubServer(5);
    const user: TimelineSpec = { kind: 'user', userId: '42' };
    await loadPinned(server.client, user);
    expect(server.calls[0]).toMatchObject({
      path: '/api/v1/accounts/42/statuses',
      query: { pinned: true },
    });
    expect(getTimeline(user).pinnedIds).toHaveLength(5);
  });

  it('asks for media only, and Pleroma account favourites, on profile tabs', async () => {
    const server = stubServer(5);
    await loadOlder(server.client, { kind: 'media', userId: '42' }, { force: true });
    await loadOlder(server.client, { kind: 'favorites', userId: '42' }, { force: true });
    await loadOlder(server.client, { kind: 'favorites' }, { force: true });
    expect(server.calls.map((call) => call.path)).toEqual([
      '/api/v1/accounts/42/statuses',
      '/api/v1/pleroma/accounts/42/favourites',
      '/api/v1/favourites',
    ]);
    expect(server.calls[0]?.query.only_media).toBe(true);
  });

  it('sends the reply-visibility filter and forgets timelines when it changes', async () => {
    const server = stubServer(5);
    usePreferences.getState().setPreference('replyVisibility', 'following');
    await loadOlder(server.client, { kind: 'friends' }, { force: true });
    expect(server.calls[0]).toMatchObject({
      path: '/api/v1/timelines/home',
      query: { reply_visibility: 'following' },
    });
    usePreferences.getState().setPreference('replyVisibility', 'all');
    expect(getTimeline({ kind: 'friends' }).loaded).toBe(false);
  });

  it('drops an answer that arrives after another user signed in', async () => {
    const server = stubServer(5);
    const pending = loadOlder(server.client, PUBLIC, { force: true });
    useSession.setState({ user: { id: 'someone-else' } as never });
    await pending;
    expect(getTimeline(PUBLIC).loaded).toBe(false);
    expect(getTimeline(PUBLIC).loading).toBe(false);
    useSession.setState({ user: null });
  });
});
