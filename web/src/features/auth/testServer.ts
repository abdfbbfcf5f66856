import { vi } from 'vitest';

/** A stubbed HTTP server for the auth tests: routes by "METHOD /path", records every call. */
export interface StubCall {
  method: string;
  path: string;
  form: URLSearchParams | null;
  /** The parsed body of a JSON call. */
  json: unknown;
  query: URLSearchParams;
  authorization: string | null;
}

export type StubAnswer = { status: number; body?: unknown } | 'network-error';
export type StubRoutes = Record<string, (call: StubCall) => StubAnswer>;

export const TEST_ACCOUNT = {
  id: '7',
  username: 'alice',
  acct: 'alice',
  display_name: 'Alice :wave:',
  note: '',
  url: 'http://localhost/users/alice',
  avatar: 'http://localhost/a.png',
  avatar_static: 'http://localhost/a.png',
  header: '',
  header_static: '',
  locked: false,
  bot: false,
  created_at: '2024-01-01T00:00:00.000Z',
  followers_count: 0,
  following_count: 0,
  statuses_count: 0,
  emojis: [],
  fields: [],
};

export const tokenAnswer = (token: string): StubAnswer => ({
  status: 200,
  body: { access_token: token, token_type: 'Bearer', scope: 'read', created_at: 1 },
});

/** Everything a signed-in client touches in passing answers harmlessly unless overridden. */
export const BASE_ROUTES: StubRoutes = {
  'POST /api/v1/apps': () => ({
    status: 200,
    body: { name: 'Starling', client_id: 'cid', client_secret: 'csecret' },
  }),
  'GET /api/v1/accounts/verify_credentials': () => ({ status: 200, body: TEST_ACCOUNT }),
  'GET /api/pleroma/emoji.json': () => ({ status: 200, body: {} }),
  'GET /api/v1/custom_emojis': () => ({ status: 200, body: [] }),
  'GET /api/v1/notifications': () => ({ status: 200, body: [] }),
  'GET /api/v1/timelines/home': () => ({ status: 200, body: [] }),
  'GET /api/v1/mutes': () => ({ status: 200, body: [] }),
  'GET /api/v1/accounts/7/following': () => ({ status: 200, body: [] }),
  'POST /oauth/revoke': () => ({ status: 200, body: {} }),
};

export function stubServer(routes: StubRoutes) {
  const calls: StubCall[] = [];
  const all = { ...BASE_ROUTES, ...routes };
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body;
    const call: StubCall = {
      method,
      path: url.pathname,
      form: body instanceof URLSearchParams ? body : null,
      json: typeof body === 'string' ? (JSON.parse(body) as unknown) : null,
      query: url.searchParams,
      authorization: new Headers(init?.headers).get('Authorization'),
    };
    calls.push(call);
    const route = all[`${method} ${url.pathname}`];
    const answer: StubAnswer = route ? route(call) : { status: 404, body: { error: 'Not found' } };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

/**
 * Stands in for `window.location.assign` (happy-dom would navigate away): returns the mock, whose
 * calls name where the app sent the browser. `vi.restoreAllMocks()` puts the real one back.
 */
export function stubLocationAssign() {
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({
    ...window.location,
    origin: window.location.origin,
    host: window.location.host,
    assign,
  } as Location);
  return assign;
}
