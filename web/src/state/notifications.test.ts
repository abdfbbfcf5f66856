import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { rawAccount } from '../features/navigation/testSupport.ts';
import {
  clearNotifications,
  loadNewestNotifications,
  markAllNotificationsSeen,
  receiveNotifications,
  refreshUnseenCount,
  useNotifications,
} from './notifications.ts';
import { parseNotification } from '../api/schemas/notification.ts';
import { DEFAULT_INSTANCE_CONFIG, useInstance } from './instance.ts';
import { useUnseen } from './unseen.ts';

const raw = (id: string, seen = false) => ({
  id,
  type: 'follow',
  created_at: '2026-01-01T00:00:00.000Z',
  account: rawAccount(),
  pleroma: { is_seen: seen },
});

type Route = (url: URL) => { status: number; body: unknown };

function client(routes: Record<string, Route>) {
  const fetchImpl = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const route = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    const answer = route ? route(url) : { status: 404, body: { error: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return { api: createApiClient({ getToken: () => 't', fetchImpl }), fetchImpl };
}

const page = Array.from({ length: 20 }, (_, i) => raw(String(100 - i)));

/** The server's declared features, as start-up read them. */
const serverDeclares = (features: string[]) =>
  useInstance.setState({ loaded: true, config: { ...DEFAULT_INSTANCE_CONFIG, features } });

beforeEach(() => {
  clearNotifications();
  useUnseen.getState().reset();
  serverDeclares(['pleroma_api']);
});
afterEach(() => vi.restoreAllMocks());

describe('the unseen count', () => {
  it('follows the server’s count, not the 20 loaded, and grows with arrivals', async () => {
    let count = 35;
    const { api } = client({
      'GET /api/v1/notifications': () => ({ status: 200, body: page }),
      'GET /api/v1/notifications/unread_count': () => ({ status: 200, body: { count } }),
    });
    await loadNewestNotifications(api, ['follow']);
    await refreshUnseenCount(api, ['follow']);
    expect(useNotifications.getState().list).toHaveLength(20);
    expect(useUnseen.getState().notifications).toBe(35);
    receiveNotifications([parseNotification(raw('101'))!]);
    expect(useUnseen.getState().notifications).toBe(36);
    count = 3;
    await refreshUnseenCount(api, ['follow']);
    expect(useUnseen.getState().notifications).toBe(3);
  });

  it('keeps arrivals that come while the server’s count is on its way, which does not know them', async () => {
    let answerCount: () => void = () => undefined;
    const countHeld = new Promise<void>((resolve) => (answerCount = resolve));
    const { api } = client({
      'GET /api/v1/notifications': () => ({ status: 200, body: page }),
    });
    await loadNewestNotifications(api, ['follow']);
    useUnseen.getState().set({ notifications: 1 });
    // The server counted before the three below were made.
    const slowCount = createApiClient({
      getToken: () => 't',
      fetchImpl: async () => {
        await countHeld;
        return new Response(JSON.stringify({ count: 1 }), { status: 200 });
      },
    });
    const refreshing = refreshUnseenCount(slowCount, ['follow']);
    receiveNotifications(['101', '102', '103'].map((id) => parseNotification(raw(id))!));
    expect(useUnseen.getState().notifications).toBe(4);
    answerCount();
    await refreshing;
    expect(useUnseen.getState().notifications).toBe(4);
  });

  it('without the endpoint keeps the sign-in count, then marking all seen zeroes it', async () => {
    const read = vi.fn();
    const { api, fetchImpl } = client({
      'GET /api/v1/notifications': () => ({ status: 200, body: page }),
      'POST /api/v1/pleroma/notifications/read': () => {
        read();
        return { status: 200, body: [] };
      },
    });
    useUnseen.getState().set({ notifications: 35 });
    await loadNewestNotifications(api, ['follow']);
    await refreshUnseenCount(api, ['follow']);
    await refreshUnseenCount(api, ['follow']);
    expect(useUnseen.getState().notifications).toBe(35);
    // Asked once only.
    const asked = fetchImpl.mock.calls.filter(([url]) => String(url).includes('unread_count'));
    expect(asked).toHaveLength(1);
    await markAllNotificationsSeen(api);
    expect(useUnseen.getState().notifications).toBe(0);
    expect(useNotifications.getState().list.every((n) => n.seen)).toBe(true);
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe('mark all as seen on a server without Pleroma’s read call', () => {
  const marker = (lastReadId: string) => ({
    notifications: { last_read_id: lastReadId, version: 1, updated_at: '2026-01-01T00:00:00Z' },
  });

  it('sets the notifications read marker instead, where the server declares no Pleroma API', async () => {
    serverDeclares([]);
    const { api, fetchImpl } = client({
      'GET /api/v1/notifications': () => ({ status: 200, body: page }),
      'GET /api/v1/markers': () => ({ status: 200, body: {} }),
      'POST /api/v1/markers': () => ({ status: 200, body: marker('100') }),
    });
    await loadNewestNotifications(api, ['follow']);
    await markAllNotificationsSeen(api);
    const posted = fetchImpl.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posted.map(([url]) => new URL(String(url), 'http://x').pathname)).toEqual([
      '/api/v1/markers',
    ]);
    expect(decodeURIComponent(String(posted[0]?.[1]?.body))).toBe(
      'notifications[last_read_id]=100',
    );
  });

  it('falls back to the marker when Pleroma’s call answers 404, and stays with it', async () => {
    const { api, fetchImpl } = client({
      'GET /api/v1/notifications': () => ({ status: 200, body: page }),
      'POST /api/v1/markers': () => ({ status: 200, body: marker('100') }),
    });
    await loadNewestNotifications(api, ['follow']);
    await markAllNotificationsSeen(api);
    await markAllNotificationsSeen(api);
    const posted = fetchImpl.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([url]) => new URL(String(url), 'http://x').pathname);
    expect(posted).toEqual([
      '/api/v1/pleroma/notifications/read',
      '/api/v1/markers',
      '/api/v1/markers',
    ]);
  });

  it('reads the marker back at sign-in: what it covers stays seen, polls included', async () => {
    serverDeclares([]);
    const { api } = client({
      'GET /api/v1/notifications': () => ({ status: 200, body: page }),
      'GET /api/v1/markers': (url) => ({
        status: 200,
        body: url.searchParams.getAll('timeline[]').includes('notifications') ? marker('95') : {},
      }),
    });
    await loadNewestNotifications(api, ['follow']);
    await loadNewestNotifications(api, ['follow']);
    const seen = (id: string) => useNotifications.getState().list.find((n) => n.id === id)?.seen;
    expect(seen('100')).toBe(false);
    expect(seen('96')).toBe(false);
    expect(seen('95')).toBe(true);
    expect(seen('81')).toBe(true);
  });
});
