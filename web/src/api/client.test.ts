import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, serverErrorText } from './client.ts';
import { parseLinkHeader } from './link.ts';
import * as instanceApi from './instance.ts';
import * as oauth from './oauth.ts';
import * as timelines from './timelines.ts';

interface Seen {
  url: string;
  init: RequestInit;
}

function stub(response: () => Response | Promise<Response>) {
  const calls: Seen[] = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return response();
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });

const header = (call: Seen | undefined, name: string) => new Headers(call?.init.headers).get(name);

describe('createApiClient', () => {
  it('sends the bearer token when there is one, and none otherwise', async () => {
    let token: string | null = 'secret';
    const { calls, fetchImpl } = stub(() => json({}));
    const client = createApiClient({
      baseUrl: 'https://pl.example/',
      getToken: () => token,
      fetchImpl,
    });
    await client.get('/api/v1/accounts/verify_credentials');
    token = null;
    await client.get('/api/v1/instance');
    expect(calls[0]?.url).toBe('https://pl.example/api/v1/accounts/verify_credentials');
    expect(header(calls[0], 'Authorization')).toBe('Bearer secret');
    expect(header(calls[1], 'Authorization')).toBeNull();
  });

  it('sends JSON bodies as JSON and form bodies as form data', async () => {
    const { calls, fetchImpl } = stub(() => json({}));
    const client = createApiClient({ getToken: () => null, fetchImpl });
    await client.post('/api/v1/statuses', { body: { status: 'hi', media_ids: ['1'] } });
    await client.post('/oauth/token', {
      form: true,
      body: { grant_type: 'password', username: 'a b' },
    });
    const upload = new FormData();
    await client.post('/api/v1/media', { body: upload });

    expect(calls[0]?.url).toBe('/api/v1/statuses');
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ status: 'hi', media_ids: ['1'] });
    expect(calls[1]?.init.body).toBeInstanceOf(URLSearchParams);
    expect(String(calls[1]?.init.body)).toBe('grant_type=password&username=a+b');
    expect(header(calls[1], 'Content-Type')).toBeNull();
    expect(calls[2]?.init.body).toBe(upload);
  });

  it('writes array query params as key[]=v and drops empty ones', async () => {
    const { calls, fetchImpl } = stub(() => json([]));
    const client = createApiClient({ getToken: () => null, fetchImpl });
    await client.get('/api/v1/notifications', {
      query: {
        'include_types[]': ['mention', 'pleroma:chat_mention'],
        exclude_visibilities: ['direct'],
        max_id: undefined,
        limit: 20,
      },
    });
    const url = new URL(calls[0]?.url ?? '', 'http://x');
    expect(url.searchParams.getAll('include_types[]')).toEqual(['mention', 'pleroma:chat_mention']);
    expect(url.searchParams.getAll('exclude_visibilities[]')).toEqual(['direct']);
    expect(url.searchParams.has('max_id')).toBe(false);
    expect(url.searchParams.get('limit')).toBe('20');
  });

  it("throws ApiError with status, parsed body and the server's error message", async () => {
    const { fetchImpl } = stub(() =>
      json({ error: 'Record not found' }, { status: 404, statusText: 'Not Found' }),
    );
    const client = createApiClient({ getToken: () => null, fetchImpl });
    const error = await client.get('/api/v1/statuses/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 404,
      kind: 'http',
      message: 'Record not found',
      body: { error: 'Record not found' },
    });
  });

  it('keeps a text body when the error is not JSON', async () => {
    const { fetchImpl } = stub(
      () => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }),
    );
    const client = createApiClient({ getToken: () => null, fetchImpl });
    await expect(client.get('/x')).rejects.toMatchObject({
      status: 502,
      body: 'Bad gateway',
      message: 'Bad gateway',
    });
  });

  it('never makes an HTML error page the message: the JSON error, else the HTTP status', async () => {
    const { fetchImpl } = stub(
      () =>
        new Response('<html>bad gateway</html>', {
          status: 502,
          statusText: '',
          headers: { 'content-type': 'text/html' },
        }),
    );
    const client = createApiClient({ getToken: () => null, fetchImpl });
    const error = await client.get('/api/v1/accounts/1').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, kind: 'http', message: 'HTTP 502' });
    expect(serverErrorText(error)).toBeUndefined();
    expect(serverErrorText(new ApiError('x', 404, { error: 'Record not found' }, 'http'))).toBe(
      'Record not found',
    );
  });

  it('turns a network failure into an ApiError of kind network and status 0', async () => {
    const { fetchImpl } = stub(() => Promise.reject(new TypeError('Failed to fetch')));
    const client = createApiClient({ getToken: () => 'token', fetchImpl });
    await expect(client.get('/api/v1/timelines/home')).rejects.toMatchObject({
      status: 0,
      kind: 'network',
    });
  });

  it('reads an empty 200 answer as null data', async () => {
    const { fetchImpl } = stub(() => new Response('', { status: 200 }));
    const client = createApiClient({ getToken: () => null, fetchImpl });
    expect((await client.post('/api/v1/announcements/1/dismiss')).data).toBeNull();
  });
});

describe('parseLinkHeader', () => {
  it("reads Mastodon's next and prev links", () => {
    const pages = parseLinkHeader(
      '<https://x/api/v1/timelines/home?max_id=1>; rel="next", <https://x/api/v1/timelines/home?min_id=2>; rel="prev"',
    );
    expect(pages).toEqual({
      next: { url: 'https://x/api/v1/timelines/home?max_id=1', maxId: '1' },
      prev: { url: 'https://x/api/v1/timelines/home?min_id=2', minId: '2' },
    });
  });

  it('reads since_id, relative URLs, unquoted rels, and nothing from a missing header', () => {
    expect(parseLinkHeader('</api/v1/bookmarks?since_id=9&limit=20>; rel=prev').prev).toEqual({
      url: '/api/v1/bookmarks?since_id=9&limit=20',
      sinceId: '9',
    });
    expect(parseLinkHeader(null)).toEqual({ next: null, prev: null });
    expect(parseLinkHeader('garbage')).toEqual({ next: null, prev: null });
  });
});

describe('resource functions', () => {
  it('timelines.publicTimeline asks for local media and returns a parsed page', async () => {
    const status = { id: '1', content: 'x', account: { id: 'a', acct: 'alice' } };
    const { calls, fetchImpl } = stub(() =>
      json([status, { no: 'id' }], {
        headers: { Link: '<https://x/api/v1/timelines/public?max_id=1>; rel="next"' },
      }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = createApiClient({ getToken: () => null, fetchImpl });
    const page = await timelines.publicTimeline(client, {
      local: true,
      onlyMedia: true,
      maxId: '5',
    });
    warn.mockRestore();
    const url = new URL(calls[0]?.url ?? '', 'http://x');
    expect(url.pathname).toBe('/api/v1/timelines/public');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      local: 'true',
      only_media: 'true',
      max_id: '5',
      limit: '20',
    });
    expect(page.items.map((s) => s.account.acct)).toEqual(['alice']);
    expect(page.next?.maxId).toBe('1');
    expect(page.prev).toBeNull();
  });

  it('oauth.tokenByPassword posts form data and exposes an mfa_required answer', async () => {
    const { calls, fetchImpl } = stub(() =>
      json(
        { error: 'mfa_required', mfa_token: 'MFA', supported_challenge_types: ['totp'] },
        { status: 403 },
      ),
    );
    const client = createApiClient({ getToken: () => 'stale', fetchImpl });
    const error = await oauth
      .tokenByPassword(client, {
        app: { clientId: 'c', clientSecret: 's' },
        username: 'u',
        password: 'p',
      })
      .catch((e: unknown) => e);
    expect(String(calls[0]?.init.body)).toContain('grant_type=password');
    expect(header(calls[0], 'Authorization')).toBeNull();
    expect(oauth.oauthError(error)).toMatchObject({
      kind: 'mfa_required',
      mfaToken: 'MFA',
      supportedChallengeTypes: ['totp'],
    });
  });

  it('oauth.authorizeUrl builds the browser redirect', () => {
    const client = createApiClient({ baseUrl: 'https://pl.example', getToken: () => null });
    const url = new URL(
      oauth.authorizeUrl(client, { clientId: 'c', redirectUri: 'https://app/cb' }),
    );
    expect(url.origin + url.pathname).toBe('https://pl.example/oauth/authorize');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('read write follow push admin');
  });

  it('fails with kind invalid when an answer cannot be understood', async () => {
    const { fetchImpl } = stub(() => json({ nothing: true }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = createApiClient({ getToken: () => null, fetchImpl });
    await expect(
      oauth.registerApp(client, {
        clientName: 'Starling',
        redirectUris: 'urn:ietf:wg:oauth:2.0:oob',
      }),
    ).rejects.toMatchObject({ kind: 'invalid', status: 200 });
    warn.mockRestore();
  });

  it('instance.nodeinfo follows /.well-known/nodeinfo on the same origin, else falls back to 2.0', async () => {
    const doc = {
      version: '2.1',
      software: { name: 'pleroma', version: '2.7' },
      metadata: { features: ['chat'] },
    };
    const seen: string[] = [];
    const fetchImpl = (async (url: string | URL | Request) => {
      seen.push(String(url));
      if (String(url).endsWith('/.well-known/nodeinfo')) {
        return json({
          links: [
            {
              rel: 'http://nodeinfo.diaspora.software/ns/schema/2.1',
              href: 'https://pl.example/nodeinfo/2.1.json',
            },
          ],
        });
      }
      return json(doc);
    }) as typeof fetch;
    const client = createApiClient({
      baseUrl: 'https://pl.example',
      getToken: () => null,
      fetchImpl,
    });
    expect((await instanceApi.nodeinfo(client)).features).toEqual(['chat']);
    expect(seen[1]).toBe('https://pl.example/nodeinfo/2.1.json');

    const missing = createApiClient({
      getToken: () => null,
      fetchImpl: (async (url: string | URL | Request) => {
        seen.push(String(url));
        return String(url).includes('well-known')
          ? json({ error: 'Not found' }, { status: 404 })
          : json(doc);
      }) as typeof fetch,
    });
    expect((await instanceApi.nodeinfo(missing)).softwareName).toBe('pleroma');
    expect(seen.at(-1)).toBe('/nodeinfo/2.0.json');
  });
});
