import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LookupAddress } from 'node:dns';
import { sql } from '../db/index.ts';
import { parseCommandLine } from '../main.ts';
import { addUser, bearer, makeTestApp, passwordToken, type TestApp } from './test-helpers.ts';

let t: TestApp;
let token: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', payload?: object, as = token) =>
  t.app.inject({
    method,
    url: '/api/v1/push/subscription',
    headers: bearer(as),
    ...(payload ? { payload } : {}),
  });

describe('push subscriptions', () => {
  beforeEach(async () => {
    t = await makeTestApp();
    addUser(t, 'alice');
    token = await passwordToken(t.app, 'alice', { scope: 'read write push' });
  });
  afterEach(async () => t.close());

  it('are created, read, updated and deleted per token', async () => {
    expect((await call('GET')).statusCode).toBe(404);
    const created = await call('POST', {
      subscription: {
        endpoint: 'https://push.example/abc',
        keys: { p256dh: 'key', auth: 'secret' },
      },
      data: { alerts: { follow: true, mention: true } },
    });
    expect(created.json()).toMatchObject({
      endpoint: 'https://push.example/abc',
      alerts: { follow: true, mention: true, favourite: false },
    });
    expect(typeof (created.json() as { server_key: unknown }).server_key).toBe('string');
    const other = await passwordToken(t.app, 'alice', { scope: 'read write push' });
    expect((await call('GET', undefined, other)).statusCode).toBe(404);
    const updated = await call('PUT', { data: { alerts: { favourite: true } } });
    expect(updated.json()).toMatchObject({ alerts: { follow: true, favourite: true } });
    expect((await call('DELETE')).json()).toEqual({});
    expect((await call('GET')).statusCode).toBe(404);
  });

  it('refuses a subscription without an https endpoint and keys', async () => {
    const response = await call('POST', { subscription: { endpoint: 'http://x' } });
    expect(response.statusCode).toBe(400);
  });
});

/** Names the tests resolve without DNS: each maps to the addresses it answers with. */
const DNS: Record<string, string[]> = {
  'push.example': ['93.184.215.14'],
  'both.example': ['93.184.215.14', '10.0.0.7'],
  'internal.example': ['192.168.1.20'],
  'six.example': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'ula.example': ['fd12:3456::1'],
  localhost: ['127.0.0.1', '::1'],
};
const fakeResolve = (hostname: string): Promise<LookupAddress[]> => {
  const addresses = DNS[hostname.replace(/\.$/, '')];
  if (!addresses)
    return Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
  return Promise.resolve(
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
  );
};

const subscription = (endpoint: string) => ({
  subscription: { endpoint, keys: { p256dh: 'key', auth: 'secret' } },
  data: { alerts: { follow: true } },
});

describe('push endpoints that are not public addresses', () => {
  let guarded: TestApp;
  let guardedToken: string;

  beforeAll(async () => {
    guarded = await makeTestApp(undefined, { resolveHost: fakeResolve });
    addUser(guarded, 'carol');
    guardedToken = await passwordToken(guarded.app, 'carol', { scope: 'read write push' });
  });
  afterEach(async () => {
    await guarded.app.inject({
      method: 'DELETE',
      url: '/api/v1/push/subscription',
      headers: bearer(guardedToken),
    });
  });
  afterAll(async () => guarded.close());

  const subscribe = (endpoint: string) =>
    guarded.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscription',
      headers: bearer(guardedToken),
      payload: subscription(endpoint),
    });

  it.each([
    ['IPv4 loopback', 'https://127.0.0.1/push'],
    ['IPv4 loopback, elsewhere in 127/8', 'https://127.0.0.2:8443/push'],
    ['IPv6 loopback', 'https://[::1]/push'],
    ['localhost', 'https://localhost/push'],
    ['localhost with a trailing dot', 'https://LOCALHOST./push'],
    ['a name under localhost', 'https://push.localhost/push'],
    ['private 10/8', 'https://10.1.2.3/push'],
    ['private 172.16/12', 'https://172.20.0.1/push'],
    ['private 192.168/16', 'https://192.168.0.1/push'],
    ['cloud metadata', 'https://169.254.169.254/latest/meta-data'],
    ['carrier-grade NAT', 'https://100.64.0.1/push'],
    ['unspecified IPv4', 'https://0.0.0.0/push'],
    ['unspecified IPv6', 'https://[::]/push'],
    ['broadcast', 'https://255.255.255.255/push'],
    ['multicast', 'https://224.0.0.1/push'],
    ['IPv6 multicast', 'https://[ff02::1]/push'],
    ['unique-local IPv6', 'https://[fd00::1]/push'],
    ['link-local IPv6', 'https://[fe80::1]/push'],
    ['an integer host', 'https://2130706433/push'],
    ['a hex host', 'https://0x7f.1/push'],
    ['a short host', 'https://127.1/push'],
    ['an octal host', 'https://017700000001/push'],
    ['IPv4-mapped IPv6', 'https://[::ffff:127.0.0.1]/push'],
    ['IPv4-mapped private IPv6', 'https://[::ffff:10.0.0.1]/push'],
    ['a metadata host name', 'https://metadata.google.internal/computeMetadata/v1/'],
    ['a single-label name', 'https://metadata/push'],
    ['a name resolving to a private address', 'https://internal.example/push'],
    ['a name with one private address among public ones', 'https://both.example/push'],
    ['a name resolving to a unique-local IPv6 address', 'https://ula.example/push'],
  ])('refuses %s with a 422 JSON error', async (_what, endpoint) => {
    const response = await subscribe(endpoint);
    expect(response.statusCode, endpoint).toBe(422);
    expect(response.json()).toEqual({ error: expect.stringMatching(/public address/) });
    const stored = await guarded.app.inject({
      url: '/api/v1/push/subscription',
      headers: bearer(guardedToken),
    });
    expect(stored.statusCode).toBe(404);
  });

  it.each([
    ['a public name', 'https://push.example/abc'],
    ['a public IPv6 name', 'https://six.example/abc'],
    ['a public address', 'https://93.184.215.14/abc'],
    ['a public IPv4-mapped IPv6 address', 'https://[::ffff:93.184.215.14]/abc'],
    ['a name that does not resolve yet (checked again when sending)', 'https://nowhere.example/'],
  ])('accepts %s', async (_what, endpoint) => {
    const response = await subscribe(endpoint);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses to update a subscription stored with a private endpoint before endpoints were checked', async () => {
    expect((await subscribe('https://push.example/abc')).statusCode).toBe(200);
    sql(guarded.ctx.db, 'UPDATE push_subscriptions SET endpoint = ?').run('https://10.0.0.1/abc');
    const response = await guarded.app.inject({
      method: 'PUT',
      url: '/api/v1/push/subscription',
      headers: bearer(guardedToken),
      payload: { data: { alerts: { mention: true } } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: expect.stringMatching(/public address/) });
  });

  it('keeps the old endpoint when an update asks for a private one', async () => {
    expect((await subscribe('https://push.example/abc')).statusCode).toBe(200);
    expect((await subscribe('https://10.0.0.1/abc')).statusCode).toBe(422);
    const stored = await guarded.app.inject({
      url: '/api/v1/push/subscription',
      headers: bearer(guardedToken),
    });
    expect(stored.json()).toMatchObject({ endpoint: 'https://push.example/abc' });
  });
});

describe('the loopback switch for development', () => {
  it('is off unless given on the command line', () => {
    expect(parseCommandLine([], {}).allowLoopbackPush).toBe(false);
    expect(parseCommandLine(['--allow-loopback-push'], {}).allowLoopbackPush).toBe(true);
  });

  it('lets loopback endpoints through only when on, and nothing else private', async () => {
    for (const allowLoopbackPush of [false, true]) {
      const instance = await makeTestApp(undefined, {
        allowLoopbackPush,
        resolveHost: fakeResolve,
      });
      addUser(instance, 'dana');
      const own = await passwordToken(instance.app, 'dana', { scope: 'read write push' });
      const answer = async (endpoint: string) =>
        (
          await instance.app.inject({
            method: 'POST',
            url: '/api/v1/push/subscription',
            headers: bearer(own),
            payload: subscription(endpoint),
          })
        ).statusCode;
      const expected = allowLoopbackPush ? 200 : 422;
      expect(await answer('https://127.0.0.1:9/push')).toBe(expected);
      expect(await answer('https://[::1]:9/push')).toBe(expected);
      expect(await answer('https://localhost:9/push')).toBe(expected);
      expect(await answer('https://192.168.0.1/push')).toBe(422);
      expect(await answer('https://169.254.169.254/push')).toBe(422);
      await instance.close();
    }
  });
});
