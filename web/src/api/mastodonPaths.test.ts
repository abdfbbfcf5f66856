import { describe, expect, it, vi } from 'vitest';
import { rawAccount } from '../features/navigation/testSupport.ts';
import { createApiClient } from './client.ts';
import { react, unreact } from './reactions.ts';
import { conversations } from './timelines.ts';

/** The calls a Mastodon-API server without Pleroma's endpoints is asked instead. */
function stub(answer: unknown) {
  const fetchImpl = vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(JSON.stringify(answer), { status: 200 }),
  );
  const client = createApiClient({ getToken: () => 'secret', fetchImpl });
  const call = (n = 0) => ({
    url: new URL(String(fetchImpl.mock.calls[n]?.[0]), 'http://x'),
    method: fetchImpl.mock.calls[n]?.[1]?.method ?? 'GET',
  });
  return { client, call };
}

const rawStatus = (id: string, createdAt: string) => ({
  id,
  content: `<p>${id}</p>`,
  created_at: createdAt,
  visibility: 'direct',
  account: rawAccount({ id: 'b', username: 'bob', acct: 'bob' }),
});

describe('reactions on the alias path', () => {
  it('adds and removes a reaction at /api/v1/statuses/:id/emoji_reactions/:emoji', async () => {
    const { client, call } = stub(rawStatus('9', '2026-01-01T00:00:00.000Z'));
    await react(client, '9', '👍', 'alias');
    await unreact(client, '9', '👍', 'alias');
    expect(call(0).method).toBe('PUT');
    expect(call(0).url.pathname).toBe(
      `/api/v1/statuses/9/emoji_reactions/${encodeURIComponent('👍')}`,
    );
    expect(call(1).method).toBe('DELETE');
    expect(call(1).url.pathname).toBe(call(0).url.pathname);
  });

  it("keeps Pleroma's own path by default", async () => {
    const { client, call } = stub(rawStatus('9', '2026-01-01T00:00:00.000Z'));
    await react(client, '9', 'blob');
    expect(call().url.pathname).toBe('/api/v1/pleroma/statuses/9/reactions/blob');
  });
});

describe('direct messages from /api/v1/conversations', () => {
  it("gives each conversation's latest status, newest first, paged like a timeline", async () => {
    const { client, call } = stub([
      {
        id: 'c1',
        unread: false,
        accounts: [],
        last_status: rawStatus('5', '2026-01-01T00:00:00Z'),
      },
      { id: 'c2', unread: true, accounts: [], last_status: null },
      {
        id: 'c3',
        unread: false,
        accounts: [],
        last_status: rawStatus('8', '2026-02-01T00:00:00Z'),
      },
    ]);
    const page = await conversations(client, { maxId: '10' });
    expect(page.items.map((status) => status.id)).toEqual(['8', '5']);
    expect(call().url.pathname).toBe('/api/v1/conversations');
    expect(call().url.searchParams.get('max_id')).toBe('10');
  });
});
