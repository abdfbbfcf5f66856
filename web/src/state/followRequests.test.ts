import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client.ts';
import type { Account } from '../api/types.ts';
import { pollFollowRequests, useFollowRequests } from './followRequests.ts';
import { useSession } from './session.ts';
import { useUnseen } from './unseen.ts';

const client = createApiClient({ baseUrl: 'http://instance.test', getToken: () => 't' });
const raw = (id: string) => ({
  id,
  username: `u${id}`,
  acct: `u${id}`,
  url: `http://instance.test/users/u${id}`,
  created_at: '2024-01-01T00:00:00.000Z',
});

beforeEach(() => {
  useSession.setState({
    status: 'signedIn',
    token: 't',
    user: { id: 'me', followRequestsCount: 5 } as Account,
  });
  useFollowRequests.setState({ ids: null, error: null });
  useUnseen.getState().reset();
});
afterEach(() => vi.restoreAllMocks());

describe('follow requests', () => {
  it('polls the pending requests onto the badge, and a decided one leaves at once', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json([raw('1'), raw('2')]));
    await pollFollowRequests(client);
    expect(useFollowRequests.getState().ids).toEqual(['1', '2']);
    expect(useUnseen.getState().followRequests).toBe(2);
    useFollowRequests.getState().remove('1');
    useFollowRequests.getState().remove('2');
    expect(useUnseen.getState().followRequests).toBe(0);
    // The navigation falls back to the account's count: it must not show a stale one.
    expect(useSession.getState().user?.followRequestsCount).toBe(0);
  });

  it('keeps the error of a failed poll', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ error: 'boom' }, { status: 500 }),
    );
    await expect(pollFollowRequests(client)).rejects.toThrow();
    expect(useFollowRequests.getState().error).toBe('boom');
  });
});
