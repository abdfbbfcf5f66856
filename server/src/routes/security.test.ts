import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { totpCode, TOTP_STEP_SECONDS } from '../auth/totp.ts';
import {
  addUser,
  bearer,
  makeTestApp,
  passwordToken,
  registerClient,
  TEST_PASSWORD,
  type TestApp,
} from './test-helpers.ts';

let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await makeTestApp();
  addUser(t, 'alice');
  token = await passwordToken(t.app, 'alice');
});
afterEach(async () => t.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  as = token,
) => t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

describe('account security', () => {
  it('changes the password only with the current one and a matching confirmation', async () => {
    const wrong = await call('POST', '/api/pleroma/change_password', {
      password: 'nope',
      new_password: 'a new long password',
      new_password_confirmation: 'a new long password',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: 'Invalid password.' });
    const mismatch = await call('POST', '/api/pleroma/change_password', {
      password: TEST_PASSWORD,
      new_password: 'a new long password',
      new_password_confirmation: 'something else',
    });
    expect(mismatch.statusCode).toBe(400);
    const ok = await call('POST', '/api/pleroma/change_password', {
      password: TEST_PASSWORD,
      new_password: 'a new long password',
      new_password_confirmation: 'a new long password',
    });
    expect(ok.json()).toEqual({ status: 'success' });
    await expect(passwordToken(t.app, 'alice')).rejects.toThrow();
    await passwordToken(t.app, 'alice', { password: 'a new long password' });
  });

  it('sets up TOTP with a real code, then login needs the second factor', async () => {
    const setup = (await call('GET', '/api/pleroma/accounts/mfa/setup/totp')).json() as {
      key: string;
      provisioning_uri: string;
    };
    expect(setup.provisioning_uri).toContain(`secret=${setup.key}`);
    const bad = await call('POST', '/api/pleroma/accounts/mfa/confirm/totp', {
      password: TEST_PASSWORD,
      code: '000000',
    });
    expect(bad.statusCode).toBe(422);
    // A code from the previous step is accepted (clock drift); the next one stays unused.
    const code = totpCode(setup.key, Date.now() - TOTP_STEP_SECONDS * 1000);
    const ok = await call('POST', '/api/pleroma/accounts/mfa/confirm/totp', {
      password: TEST_PASSWORD,
      code,
    });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/api/pleroma/accounts/mfa')).json()).toEqual({
      settings: { enabled: true, totp: true },
    });
    const codes = (await call('GET', '/api/pleroma/accounts/mfa/backup_codes')).json() as {
      codes: string[];
    };
    expect(codes.codes).toHaveLength(5);
    const client = await registerClient(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'password',
        username: 'alice',
        password: TEST_PASSWORD,
        client_id: client.client_id,
        client_secret: client.client_secret,
      },
    });
    expect(login.json()).toMatchObject({ error: 'mfa_required' });
    const off = await call('DELETE', '/api/pleroma/accounts/mfa/totp', { password: TEST_PASSWORD });
    expect(off.statusCode).toBe(200);
    expect((await call('GET', '/api/pleroma/accounts/mfa')).json()).toEqual({
      settings: { enabled: false, totp: false },
    });
  });

  it('lists the sessions and revokes another one, whose token is then refused', async () => {
    const other = await passwordToken(t.app, 'alice');
    const list = (await call('GET', '/api/oauth_tokens')).json() as { id: number }[];
    expect(list).toHaveLength(2);
    const newest = list[0]!;
    expect((await call('DELETE', `/api/oauth_tokens/${newest.id}`)).statusCode).toBe(201);
    const refused = await call('GET', '/api/v1/accounts/verify_credentials', undefined, other);
    expect(refused.statusCode).toBe(401);
    expect((await call('GET', '/api/oauth_tokens')).json()).toHaveLength(1);
    expect((await call('DELETE', '/api/oauth_tokens/999999')).statusCode).toBe(404);
  });

  it('keeps notification settings, and strangers no longer notify when asked', async () => {
    addUser(t, 'bob');
    const bobToken = await passwordToken(t.app, 'bob');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/pleroma/notification_settings?block_from_strangers=true',
      headers: bearer(token),
    });
    expect(put.json()).toEqual({ status: 'success' });
    const me = (await call('GET', '/api/v1/accounts/verify_credentials')).json() as {
      pleroma: { notification_settings: object };
    };
    expect(me.pleroma.notification_settings).toEqual({
      block_from_strangers: true,
      hide_notification_contents: false,
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: bearer(bobToken),
      payload: { status: 'hello @alice' },
    });
    expect((await call('GET', '/api/v1/notifications')).json()).toEqual([]);
  });

  it('adds, lists and removes aliases', async () => {
    addUser(t, 'bob');
    const put = await call('PUT', '/api/pleroma/aliases', { alias: 'bob' });
    expect(put.json()).toEqual({ status: 'success' });
    const aliases = (await call('GET', '/api/pleroma/aliases')).json() as { aliases: string[] };
    expect(aliases.aliases).toEqual([expect.stringMatching(/\/users\/bob$/)]);
    const me = (await call('GET', '/api/v1/accounts/verify_credentials')).json() as {
      pleroma: { also_known_as: string[] };
    };
    expect(me.pleroma.also_known_as).toEqual(aliases.aliases);
    expect((await call('PUT', '/api/pleroma/aliases', { alias: 'nobody' })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/pleroma/aliases', { alias: 'bob' })).statusCode).toBe(200);
    expect((await call('GET', '/api/pleroma/aliases')).json()).toEqual({ aliases: [] });
  });
});
