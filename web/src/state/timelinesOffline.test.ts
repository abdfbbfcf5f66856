import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiClient } from '../api/client.ts';
import type { Account, Status } from '../api/types.ts';
import { useEntities } from './entities.ts';
import { useSession } from './session.ts';
import { clearTimelines, getTimeline, loadOlder, type TimelineSpec } from './timelines.ts';

/** The offline store, in memory: what the timeline keeps and reads (features/offline). */
const kept = new Map<string, { savedAt: number; statuses: Status[] }>();
vi.mock('../features/offline/offlineStore.ts', () => ({
  keepCopy: async (kind: string, key: string, statuses: Status[]) => {
    kept.set(`${kind}|${key}`, { savedAt: Date.now(), statuses });
  },
  readCopy: async (kind: string, key: string) => kept.get(`${kind}|${key}`) ?? null,
}));

const HOME: TimelineSpec = { kind: 'friends' };
const raw = (n: number) => ({
  id: String(n),
  content: `<p>post ${n}</p>`,
  created_at: '2026-01-01T00:00:00.000Z',
  visibility: 'public',
  account: { id: 'a', username: 'a', acct: 'a', display_name: 'a' },
});

let failure: Error | null = null;
const client = {
  get: vi.fn(async () => {
    if (failure) throw failure;
    return {
      data: [raw(3), raw(2), raw(1)],
      status: 200,
      headers: new Headers(),
      link: { next: null, prev: null },
    };
  }),
} as unknown as ApiClient;

const networkDown = new ApiError('Failed to fetch', 0, null, 'network');
const settle = () => vi.waitFor(() => expect(kept.size).toBeGreaterThan(0));

beforeEach(() => {
  kept.clear();
  failure = null;
  clearTimelines();
  useEntities.getState().clear();
  useSession.getState().signIn('token', { id: 'me', username: 'dave' } as Account);
});
afterEach(() => useSession.getState().signOut());

describe('a timeline read offline', () => {
  it('keeps the first page it loads and shows it, marked with when, when the server cannot be reached', async () => {
    vi.setSystemTime(new Date('2026-11-28T09:41:00Z'));
    await loadOlder(client, HOME, { force: true });
    await settle();
    expect(getTimeline(HOME).offlineSavedAt).toBeUndefined();

    clearTimelines();
    useEntities.getState().clear();
    failure = networkDown;
    await loadOlder(client, HOME, { force: true });
    const timeline = getTimeline(HOME);
    expect(timeline.visibleStatuses).toEqual(['3', '2', '1']);
    expect(timeline.offlineSavedAt).toBe(Date.parse('2026-11-28T09:41:00Z'));
    expect(timeline.error).toBeNull();
    expect(useEntities.getState().statuses['3']?.content).toContain('post 3');
    vi.useRealTimers();
  });

  it('reports a server error as one: a copy is for when the server cannot be reached', async () => {
    await loadOlder(client, HOME, { force: true });
    await settle();
    clearTimelines();
    failure = new ApiError('Internal error', 500, null, 'http');
    await loadOlder(client, HOME, { force: true });
    expect(getTimeline(HOME).offlineSavedAt).toBeUndefined();
    expect(getTimeline(HOME).error).toBeTruthy();
  });

  it('keeps nothing for an anonymous visitor, and shows nothing of the last account’s', async () => {
    await loadOlder(client, HOME, { force: true });
    await settle();
    useSession.getState().signOut();
    failure = networkDown;
    await loadOlder(client, { kind: 'public' }, { force: true });
    expect(getTimeline({ kind: 'public' }).offlineSavedAt).toBeUndefined();
    expect([...kept.keys()]).toEqual(['timeline|friends']);
  });
});
