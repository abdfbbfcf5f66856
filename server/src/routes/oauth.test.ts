import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../db/index.ts';
import { enableTotp } from '../db/mfa.ts';
import { totpCode } from '../auth/totp.ts';
import {
  TEST_PASSWORD,
  addUser,
  bearer,
  makeTestApp,
  passwordToken,
  registerClient,
  type Client,
  type TestApp,
} from './test-helpers.ts';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = ['aaaaa-11111', 'bbbbb-22222'];

let t: TestApp;
let client: Client;

beforeEach(async () => {
  t = await makeTestApp();
  addUser(t, 'alice', { email: 'alice@example.org' });
  client = await registerClient(t.app);
});
afterEach(async () => t.close());

const tokenRequest = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { client_id: client.client_id, client_secret: client.client_secret, ...payload },
  });

describe('apps', () => {
  it('registers an app in Pleroma shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/apps',
      payload:
        'client_name=Form%20App&redirect_uris=https%3A%2F%2Fapp.example%2Fcb&scopes=read+write&website=https%3A%2F%2Fapp.example',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'Form App',
      website: 'https://app.example',
      redirect_uri: 'https://app.example/cb',
    });
    expect(typeof body.id).toBe('string');
    expect(body.client_id).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.client_secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(Buffer.from(body.vapid_key, 'base64url')).toHaveLength(65);
  });

  it('refuses an app without a name', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/apps',
      payload: { redirect_uris: 'x' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: 'Missing field: client_name.' });
  });
});

describe('password grant', () => {
  it('issues a token that works, with Pleroma id and me', async () => {
    const response = await tokenRequest({
      grant_type: 'password',
      username: 'alice',
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const token = response.json();
    expect(token).toMatchObject({
      token_type: 'Bearer',
      scope: 'read write follow push',
      me: 'http://127.0.0.1:4000/users/alice',
    });
    expect(typeof token.id).toBe('string');
    expect(token.expires_in).toBeGreaterThan(0);
    expect(Number.isInteger(token.created_at)).toBe(true);
    const me = await t.app.inject({
      url: '/api/v1/accounts/verify_credentials',
      headers: bearer(token.access_token),
    });
    expect(me.json().username).toBe('alice');
  });

  it('accepts the e-mail address as the username', async () => {
    const response = await tokenRequest({
      grant_type: 'password',
      username: 'alice@example.org',
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers 400 Invalid credentials for a wrong password or client', async () => {
    const wrong = await tokenRequest({
      grant_type: 'password',
      username: 'alice',
      password: 'nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'Invalid credentials' });
    const badClient = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'password',
        username: 'alice',
        password: TEST_PASSWORD,
        client_id: client.client_id,
        client_secret: 'x',
      },
    });
    expect(badClient.statusCode).toBe(400);
  });

  it('refuses a scope the app did not register', async () => {
    const limited = await registerClient(t.app, 'read');
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'password',
        username: 'alice',
        password: TEST_PASSWORD,
        scope: 'write',
        ...limited,
      },
    });
    expect(response.statusCode).toBe(400);
  });

  it('requires a password reset when the account is flagged', async () => {
    sql(t.ctx.db, "UPDATE accounts SET password_reset_required = 1 WHERE nickname = 'alice'").run();
    const response = await tokenRequest({
      grant_type: 'password',
      username: 'alice',
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'Password reset is required',
      identifier: 'password_reset_required',
    });
  });
});

describe('two-factor sign-in', () => {
  beforeEach(() => {
    const id = (
      sql(t.ctx.db, "SELECT id FROM accounts WHERE nickname = 'alice'").get() as { id: string }
    ).id;
    enableTotp(t.ctx.db, id, SECRET, CODES);
  });

  async function mfaToken(): Promise<string> {
    const response = await tokenRequest({
      grant_type: 'password',
      username: 'alice',
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(403);
    const body = response.json();
    expect(body.error).toBe('mfa_required');
    expect(body.supported_challenge_types).toBe('totp');
    expect(typeof body.mfa_token).toBe('string');
    expect(body.access_token).toBeUndefined();
    return body.mfa_token;
  }

  const challenge = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/oauth/mfa/challenge',
      payload: { client_id: client.client_id, client_secret: client.client_secret, ...payload },
    });

  it('finishes with a TOTP code', async () => {
    const token = await mfaToken();
    const bad = await challenge({ mfa_token: token, challenge_type: 'totp', code: '000000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'Invalid code' });
    const good = await challenge({
      mfa_token: token,
      challenge_type: 'totp',
      code: totpCode(SECRET),
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().me).toBe('http://127.0.0.1:4000/users/alice');
    // The mfa token is single-use.
    const again = await challenge({
      mfa_token: token,
      challenge_type: 'totp',
      code: totpCode(SECRET),
    });
    expect(again.statusCode).toBe(400);
  });

  it('accepts a recovery code exactly once', async () => {
    const first = await challenge({
      mfa_token: await mfaToken(),
      challenge_type: 'recovery',
      code: 'AAAAA-11111',
    });
    expect(first.statusCode).toBe(200);
    const second = await challenge({
      mfa_token: await mfaToken(),
      challenge_type: 'recovery',
      code: 'aaaaa-11111',
    });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ error: 'Invalid code' });
  });

  it('asks for the code on the authorize page too', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/oauth/authorize',
      payload: {
        client_id: client.client_id,
        redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
        scope: 'read',
        username: 'alice',
        password: TEST_PASSWORD,
      },
    });
    expect(form.statusCode).toBe(200);
    const mfa = /name="mfa_token" value="([^"]+)"/.exec(form.body)?.[1];
    expect(mfa).toBeTruthy();
    const done = await t.app.inject({
      method: 'POST',
      url: '/oauth/authorize',
      payload: {
        client_id: client.client_id,
        redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
        scope: 'read',
        mfa_token: mfa,
        code: totpCode(SECRET),
      },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toMatch(/<output class="code">[A-Za-z0-9_-]+<\/output>/);
  });
});

describe('authorization code grant', () => {
  it('signs in on the HTML page, redirects with code and state, and exchanges the code once', async () => {
    const web = await registerClient(t.app, 'read write', 'https://client.example/callback');
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: web.client_id,
      redirect_uri: 'https://client.example/callback',
      scope: 'read',
      state: 'xyz 1',
    });
    const page = await t.app.inject({ url: `/oauth/authorize?${query}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post" action="/oauth/authorize">');
    expect(page.body).not.toMatch(/<script|style="/);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/oauth/authorize',
      payload: { ...Object.fromEntries(query), username: 'alice', password: 'wrong' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Invalid username or password.');
    expect(wrong.body).toContain('value="alice"');

    const ok = await t.app.inject({
      method: 'POST',
      url: '/oauth/authorize',
      payload: { ...Object.fromEntries(query), username: 'alice', password: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(302);
    const location = new URL(ok.headers.location as string);
    expect(location.origin + location.pathname).toBe('https://client.example/callback');
    expect(location.searchParams.get('state')).toBe('xyz 1');
    const code = location.searchParams.get('code')!;

    const exchange = () =>
      t.app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: {
          grant_type: 'authorization_code',
          code,
          redirect_uri: 'https://client.example/callback',
          ...web,
        },
      });
    const first = await exchange();
    expect(first.statusCode).toBe(200);
    expect(first.json().scope).toBe('read');
    expect((await exchange()).statusCode).toBe(400);
  });

  it('refuses an unknown client or a foreign redirect_uri', async () => {
    expect((await t.app.inject({ url: '/oauth/authorize?client_id=nope' })).statusCode).toBe(400);
    const bad = await t.app.inject({
      url: `/oauth/authorize?client_id=${client.client_id}&redirect_uri=https://evil.example`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('redirect_uri');
  });
});

describe('other grants, revocation and scopes', () => {
  it('issues app-only tokens that cannot act as a user', async () => {
    const response = await tokenRequest({ grant_type: 'client_credentials' });
    expect(response.statusCode).toBe(200);
    expect(response.json().me).toBeUndefined();
    const me = await t.app.inject({
      url: '/api/v1/accounts/verify_credentials',
      headers: bearer(response.json().access_token),
    });
    expect(me.statusCode).toBe(403);
    const publicTimeline = await t.app.inject({
      url: '/api/v1/timelines/public',
      headers: bearer(response.json().access_token),
    });
    expect(publicTimeline.statusCode).toBe(200);
  });

  it('refreshes a token, retiring the old one', async () => {
    const first = (
      await tokenRequest({ grant_type: 'password', username: 'alice', password: TEST_PASSWORD })
    ).json();
    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().access_token).not.toBe(first.access_token);
    const old = await t.app.inject({
      url: '/api/v1/accounts/verify_credentials',
      headers: bearer(first.access_token),
    });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      url: '/api/v1/accounts/verify_credentials',
      headers: bearer(refreshed.json().access_token),
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('revokes a token so it stops working at once, also for ctx.authenticate', async () => {
    const token = await passwordToken(t.app, 'alice', { client });
    expect(t.ctx.authenticate(token)?.scopes).toEqual(['read', 'write', 'follow', 'push']);
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      payload: { client_id: client.client_id, client_secret: client.client_secret, token },
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json()).toEqual({});
    expect(t.ctx.authenticate(token)).toBeNull();
    const me = await t.app.inject({
      url: '/api/v1/accounts/verify_credentials',
      headers: bearer(token),
    });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ error: 'The access token is invalid' });
    const timeline = await t.app.inject({
      url: '/api/v1/timelines/public',
      headers: bearer(token),
    });
    expect(timeline.statusCode).toBe(401);
  });

  it('treats expired tokens as invalid', async () => {
    const token = await passwordToken(t.app, 'alice', { client });
    sql(t.ctx.db, "UPDATE oauth_tokens SET valid_until = '2000-01-01T00:00:00.000Z'").run();
    expect(t.ctx.authenticate(token)).toBeNull();
    expect(
      (await t.app.inject({ url: '/api/v1/accounts/verify_credentials', headers: bearer(token) }))
        .statusCode,
    ).toBe(401);
  });

  it('enforces scopes: a read-only token cannot post', async () => {
    const token = await passwordToken(t.app, 'alice', { client, scope: 'read' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: bearer(token),
      payload: { status: 'hello' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Insufficient permissions: write:statuses.' });
    const count = sql(t.ctx.db, 'SELECT count(*) AS n FROM statuses').get() as { n: number };
    expect(count.n).toBe(0);
    const narrow = await passwordToken(t.app, 'alice', { client, scope: 'read:statuses' });
    const me = await t.app.inject({
      url: '/api/v1/accounts/verify_credentials',
      headers: bearer(narrow),
    });
    expect(me.statusCode).toBe(403);
    expect(me.json().error).toBe('Insufficient permissions: read:accounts.');
  });

  it('answers 401 without a token where sign-in is needed', async () => {
    const response = await t.app.inject({ url: '/api/v1/timelines/home' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'The access token is invalid' });
  });
});
