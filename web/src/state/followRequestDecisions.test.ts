import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { parseNotification } from '../api/schemas/notification.ts';
import { rawAccount } from '../features/navigation/testSupport.ts';
import { useFollowRequests } from './followRequests.ts';
import {
  clearNotifications,
  decideFollowRequest,
  receiveNotifications,
  settleFollowRequest,
  useNotifications,
} from './notifications.ts';
import { useUnseen } from './unseen.ts';

const request = (id: string, accountId: string) =>
  parseNotification({
    id,
    type: 'follow_request',
    created_at: '2026-01-01T00:00:00.000Z',
    account: rawAccount({ id: accountId, username: `user${accountId}`, acct: `user${accountId}` }),
    pleroma: { is_seen: false },
  })!;

function server() {
  const calls: string[] = [];
  const fetchImpl = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    const body = url.pathname.includes('follow_requests')
      ? { id: url.pathname.split('/')[4], following: false, followed_by: false }
      : {};
    return new Response(JSON.stringify(body), { status: 200 });
  });
  return { api: createApiClient({ getToken: () => 't', fetchImpl }), calls };
}

const listed = () =>
  useNotifications
    .getState()
    .list.map((n) => `${n.id}:${n.type}`)
    .sort();

beforeEach(() => {
  clearNotifications();
  useUnseen.getState().reset();
  useFollowRequests.setState({ ids: ['7', '8'], error: null });
  receiveNotifications([request('n7', '7'), request('n8', '8')], false);
});
afterEach(() => vi.restoreAllMocks());

describe('a follow request and its notification go together', () => {
  it('denied on the requests screen, its notification is dismissed here and on the server', async () => {
    const { api, calls } = server();
    settleFollowRequest(api, '7', 'deny');
    expect(listed()).toEqual(['n8:follow_request']);
    await vi.waitFor(() => expect(calls).toContain('POST /api/v1/notifications/n7/dismiss'));
    expect(useFollowRequests.getState().ids).toEqual(['8']);
  });

  it('approved on the requests screen, its notification becomes a follow', () => {
    const { api } = server();
    settleFollowRequest(api, '8', 'approve');
    expect(listed()).toEqual(['n7:follow_request', 'n8:follow']);
    expect(useFollowRequests.getState().ids).toEqual(['7']);
  });

  it('approved from the notification that the socket already turned into a follow, it is seen', async () => {
    const { api, calls } = server();
    const turned = { ...request('n8', '8'), type: 'follow' as const };
    receiveNotifications([turned]);
    await decideFollowRequest(api, 'n8', 'approve');
    expect(calls).toContain('POST /api/v1/follow_requests/8/authorize');
    expect(useNotifications.getState().list.find((n) => n.id === 'n8')?.seen).toBe(true);
  });

  it('denied from the notification, the request leaves the pending list too', async () => {
    const { api, calls } = server();
    await decideFollowRequest(api, 'n7', 'deny');
    expect(calls).toContain('POST /api/v1/follow_requests/7/reject');
    expect(listed()).toEqual(['n8:follow_request']);
    expect(useFollowRequests.getState().ids).toEqual(['8']);
  });
});
