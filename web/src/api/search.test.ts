import { describe, expect, it, vi } from 'vitest';
import { rawAccount } from '../features/navigation/testSupport.ts';
import { createApiClient } from './client.ts';
import { SEARCH_LIMIT, searchAccounts, searchHashtags } from './search.ts';

function stub(answer: unknown) {
  const fetchImpl = vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(JSON.stringify(answer), { status: 200 }),
  );
  const client = createApiClient({ getToken: () => 'secret', fetchImpl });
  const url = () => new URL(String(fetchImpl.mock.calls[0]?.[0]), 'http://x');
  const init = () => fetchImpl.mock.calls[0]?.[1];
  return { client, url, init };
}

describe('searchAccounts', () => {
  it('searches local knowledge only, with the limit, and skips unreadable accounts', async () => {
    const { client, url } = stub([
      rawAccount({ id: '1', username: 'alice', acct: 'alice' }),
      { nonsense: true },
      rawAccount({ id: '2', username: 'alina', acct: 'alina@far.example' }),
    ]);
    const accounts = await searchAccounts(client, 'ali', { limit: 5 });
    expect(accounts.map((a) => a.acct)).toEqual(['alice', 'alina@far.example']);
    expect(url().pathname).toBe('/api/v1/accounts/search');
    expect(Object.fromEntries(url().searchParams)).toEqual({
      q: 'ali',
      resolve: 'false',
      limit: '5',
    });
  });

  it('asks for the default number of matches and passes the abort signal', async () => {
    const { client, url, init } = stub([]);
    const controller = new AbortController();
    expect(await searchAccounts(client, 'bo', { signal: controller.signal })).toEqual([]);
    expect(url().searchParams.get('limit')).toBe(String(SEARCH_LIMIT));
    expect(init()?.signal).toBe(controller.signal);
  });
});

describe('searchHashtags', () => {
  it('answers the tag names, each once, from tag objects or bare strings', async () => {
    const { client, url } = stub({
      accounts: [],
      statuses: [],
      hashtags: [
        { name: 'cats', url: 'http://localhost/tag/cats', history: [] },
        'catsofstarling',
        { url: 'no name' },
        { name: 'cats', url: 'http://localhost/tag/cats' },
      ],
    });
    expect(await searchHashtags(client, 'cat')).toEqual(['cats', 'catsofstarling']);
    expect(url().pathname).toBe('/api/v2/search');
    expect(url().searchParams.get('type')).toBe('hashtags');
    expect(url().searchParams.get('q')).toBe('cat');
  });

  it('answers nothing when the server sends no hashtags', async () => {
    const { client } = stub({ accounts: [] });
    expect(await searchHashtags(client, 'cat')).toEqual([]);
  });
});
