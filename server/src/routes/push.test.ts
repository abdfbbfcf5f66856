import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addUser, bearer, makeTestApp, passwordToken, type TestApp } from './test-helpers.ts';

let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await makeTestApp();
  addUser(t, 'alice');
  token = await passwordToken(t.app, 'alice', { scope: 'read write push' });
});
afterEach(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', payload?: object, as = token) =>
  t.app.inject({
    method,
    url: '/api/v1/push/subscription',
    headers: bearer(as),
    ...(payload ? { payload } : {}),
  });

describe('push subscriptions', () => {
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
