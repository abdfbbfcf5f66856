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

beforeEach(() => {
  clearNotifications();
  useUnseen.getState().reset();
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
