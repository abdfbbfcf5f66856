import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowsCrossOrigin } from './cors.ts';
import { contentSecurityPolicy } from './serve-client.ts';
import { sql } from './db/index.ts';
import {
  TEST_PASSWORD,
  addUser,
  bearer,
  makeTestApp,
  passwordToken,
  registerClient,
  type TestApp,
} from './routes/test-helpers.ts';

const OTHER_PAGE = 'https://starling.elsewhere.example';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
  addUser(t, 'erin');
});
afterEach(async () => t.close());

const preflight = (url: string, method = 'POST') =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin: OTHER_PAGE,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type, idempotency-key',
    },
  });

describe('cross-origin access for a client served elsewhere', () => {
  it.each([
    '/api/v1/statuses',
    '/api/v1/apps',
    '/oauth/token',
    '/oauth/revoke',
    '/nodeinfo/2.1.json',
    '/api/v1/timelines/home?limit=20',
  ])('answers the preflight of %s with 204 and what a bearer call needs', async (url) => {
    const response = await preflight(url);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const methods = String(response.headers['access-control-allow-methods']);
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
      expect(methods).toContain(method);
    const headers = String(response.headers['access-control-allow-headers']).toLowerCase();
    for (const header of ['authorization', 'content-type', 'idempotency-key'])
      expect(headers).toContain(header);
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('never runs a handler for a preflight', async () => {
    const handler = vi.fn(() => ({ ran: true }));
    t.app.route({ method: 'OPTIONS', url: '/api/v1/probe', handler });
    const probe = await preflight('/api/v1/probe');
    expect(probe.statusCode).toBe(204);
    expect(handler).not.toHaveBeenCalled();

    // A preflight for app registration or a post registers or posts nothing.
    const count = (table: string) =>
      (sql(t.ctx.db, `SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    const apps = count('apps');
    const statuses = count('statuses');
    expect((await preflight('/api/v1/apps')).statusCode).toBe(204);
    expect((await preflight('/api/v1/statuses')).statusCode).toBe(204);
    expect(count('apps')).toBe(apps);
    expect(count('statuses')).toBe(statuses);
  });

  it('lets another origin read the answers of the calls a second account makes', async () => {
    const client = await registerClient(t.app, 'read write', `${OTHER_PAGE}/oauth-callback`);
    const tokenResponse = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { origin: OTHER_PAGE },
      payload: {
        grant_type: 'password',
        username: 'erin',
        password: TEST_PASSWORD,
        client_id: client.client_id,
        client_secret: client.client_secret,
      },
    });
    expect(tokenResponse.statusCode).toBe(200);
    expect(tokenResponse.headers['access-control-allow-origin']).toBe('*');
    const token = await passwordToken(t.app, 'erin');

    for (const url of ['/api/v1/instance', '/nodeinfo/2.0.json', '/api/v1/timelines/home']) {
      const response = await t.app.inject({
        url,
        headers: { origin: OTHER_PAGE, ...bearer(token) },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['access-control-allow-origin'], url).toBe('*');
      expect(response.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
    const home = await t.app.inject({
      url: '/api/v1/timelines/home',
      headers: { origin: OTHER_PAGE, ...bearer(token) },
    });
    expect(String(home.headers['access-control-expose-headers'])).toContain('Link');
  });

  it('keeps the header on refusals, so the page can read why', async () => {
    const refused = await t.app.inject({
      url: '/api/v1/accounts/verify_credentials',
      headers: { origin: OTHER_PAGE, ...bearer('not-a-token') },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    const unknown = await t.app.inject({
      url: '/api/v1/no-such-thing',
      headers: { origin: OTHER_PAGE },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
  });

  it('keeps the sign-in pages and everything else same-origin only', async () => {
    for (const url of ['/oauth/authorize?client_id=x', '/', '/main/friends']) {
      const response = await t.app.inject({ url, headers: { origin: OTHER_PAGE } });
      expect(response.headers['access-control-allow-origin'], url).toBeUndefined();
    }
    const authorizePreflight = await preflight('/oauth/authorize');
    expect(authorizePreflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(authorizePreflight.statusCode).not.toBe(204);
  });
});

describe('allowsCrossOrigin', () => {
  it('covers the API, token endpoints and instance documents, not the pages', () => {
    expect(allowsCrossOrigin('/api/v1/instance')).toBe(true);
    expect(allowsCrossOrigin('/oauth/token?x=1')).toBe(true);
    expect(allowsCrossOrigin('/oauth/token/')).toBe(true);
    expect(allowsCrossOrigin('/.well-known/nodeinfo')).toBe(true);
    expect(allowsCrossOrigin('/static/config.json')).toBe(true);
    expect(allowsCrossOrigin('/oauth/authorize')).toBe(false);
    expect(allowsCrossOrigin('/oauth/tokens')).toBe(false);
    expect(allowsCrossOrigin('/apix/v1')).toBe(false);
    expect(allowsCrossOrigin('/static/assets/app.js')).toBe(false);
  });
});

describe('the client page’s Content-Security-Policy', () => {
  const directive = (name: string) =>
    contentSecurityPolicy()
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `)) ?? '';

  it('lets the page reach an account’s own server, over https or on this machine', () => {
    const connect = directive('connect-src').split(' ');
    for (const source of [
      'https:',
      'wss:',
      'http://127.0.0.1:*',
      'ws://127.0.0.1:*',
      'http://localhost:*',
    ])
      expect(connect).toContain(source);
    expect(connect).not.toContain('http:');
    expect(connect).not.toContain('*');
  });

  it('loosens nothing about scripts or forms', () => {
    expect(directive('script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(directive('form-action')).toBe("form-action 'self'");
    expect(directive('default-src')).toBe("default-src 'self'");
  });
});
