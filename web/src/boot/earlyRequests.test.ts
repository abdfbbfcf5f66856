import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { EARLY_ANSWER_MAX_AGE_MS } from './earlyRequests.ts';

const HOME = '/api/v1/timelines/home?limit=20&with_muted=true';
const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body)));

let networkCalls: string[];
beforeEach(() => {
  networkCalls = [];
  // The page's clock starts at navigation: a moment after it.
  vi.spyOn(performance, 'now').mockReturnValue(500);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      networkCalls.push(url);
      return new Response('"from the network"');
    }),
  );
  window.__starlingEarly = [
    { path: HOME, token: 'tok', response: answer('from the starter') },
    { path: '/api/v1/accounts/verify_credentials', token: 'tok', response: answer({ id: '1' }) },
  ];
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete window.__starlingEarly;
});

const get = (token: string | null) =>
  createApiClient({ getToken: () => token })
    .get('/api/v1/timelines/home', { query: { limit: 20, with_muted: true } })
    .then((response) => response.data);

describe("the starter's early answers", () => {
  it('answer the first GET of the same path and token, once', async () => {
    expect(await get('tok')).toBe('from the starter');
    expect(networkCalls).toEqual([]);
    expect(await get('tok')).toBe('from the network');
    expect(networkCalls).toEqual([HOME]);
  });

  it('are never given to another token or to no token', async () => {
    expect(await get('other')).toBe('from the network');
    expect(await get(null)).toBe('from the network');
    expect(await get('tok')).toBe('from the starter');
  });

  it('are not given once start-up is long past', async () => {
    vi.spyOn(performance, 'now').mockReturnValue(EARLY_ANSWER_MAX_AGE_MS + 1);
    expect(await get('tok')).toBe('from the network');
    expect(window.__starlingEarly).toEqual([]);
  });

  it('carry a refusal through as the server gave it', async () => {
    window.__starlingEarly = [
      {
        path: HOME,
        token: 'tok',
        response: Promise.resolve(new Response('{"error":"Invalid token"}', { status: 401 })),
      },
    ];
    const onUnauthorized = vi.fn();
    await expect(
      createApiClient({ getToken: () => 'tok', onUnauthorized }).get('/api/v1/timelines/home', {
        query: { limit: 20, with_muted: true },
      }),
    ).rejects.toMatchObject({ status: 401, message: 'Invalid token' });
    expect(onUnauthorized).toHaveBeenCalledWith('tok');
  });
});
