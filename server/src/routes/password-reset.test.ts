import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../db/index.ts';
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
import { mailsTo, passwordGrant } from './test-registration.ts';

const NEW_PASSWORD = 'a brand new password';
const ORIGIN = 'http://127.0.0.1:4000';

let t: TestApp;
let client: Client;

beforeEach(async () => {
  t = await makeTestApp(undefined, {
    limits: { passwordResets: { max: 3, windowMs: 10 * 60 * 1000 } },
  });
  addUser(t, 'alice', { email: 'alice@starling.example' });
  addUser(t, 'nomail');
  client = await registerClient(t.app);
});
afterEach(async () => t.close());

const requestReset = (query: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/auth/password?${query}`,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** Asks for a reset for alice and returns the path of the link in her mail. */
async function resetLink(): Promise<string> {
  expect((await requestReset('email=alice@starling.example')).statusCode).toBe(204);
  const mails = mailsTo(t, 'alice@starling.example');
  const link = mails[mails.length - 1]!.links[0]!;
  expect(link.startsWith(`${ORIGIN}/api/v1/pleroma/password_reset/`)).toBe(true);
  return link.slice(ORIGIN.length);
}

const tokenOf = (path: string) => path.split('/').pop()!;

const submit = (payload: string | Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/pleroma/password_reset',
    ...(typeof payload === 'string'
      ? { payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
      : { payload }),
  });

const form = (token: string, password: string, confirmation = password) =>
  new URLSearchParams({
    'data[token]': token,
    'data[password]': password,
    'data[password_confirmation]': confirmation,
  }).toString();

describe('asking for a password reset', () => {
  it('answers 204 and writes a mail with the link', async () => {
    const path = await resetLink();
    const [mail] = mailsTo(t, 'alice@starling.example');
    expect(mail).toMatchObject({ subject: 'Password reset for Starling local' });
    expect(mail!.text).toContain('@alice');
    expect(mail!.text).toContain(`${ORIGIN}${path}`);
    expect(path).toMatch(/^\/api\/v1\/pleroma\/password_reset\/[\w-]{40,}$/);
  });

  it('takes a nickname, a form or JSON body, and answers 204 for unknown people too', async () => {
    const byNickname = await t.app.inject({
      method: 'POST',
      url: '/auth/password',
      payload: { nickname: 'alice' },
    });
    expect(byNickname.statusCode).toBe(204);
    const byForm = await t.app.inject({
      method: 'POST',
      url: '/auth/password',
      payload: 'email=ALICE%40starling.example',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(byForm.statusCode).toBe(204);
    expect(mailsTo(t, 'alice@starling.example')).toHaveLength(2);
    for (const query of ['email=nobody@starling.example', 'nickname=nomail', '']) {
      const response = await requestReset(query, '10.0.0.2');
      expect(response.statusCode, query).toBe(204);
      expect(response.body).toBe('');
    }
    expect(mailsTo(t, 'nobody@starling.example')).toEqual([]);
  });

  it('is throttled per address and per account asked for', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await requestReset(`email=someone${i}@starling.example`)).statusCode);
    expect(statuses).toEqual([204, 204, 204, 429]);
    const throttled = await requestReset('email=alice@starling.example');
    expect(throttled.json()).toEqual({ error: 'Throttled' });

    // The same account asked for from many addresses is throttled too.
    const perAccount = [];
    for (let i = 0; i < 4; i++)
      perAccount.push((await requestReset('nickname=alice', `10.0.1.${i}`)).statusCode);
    expect(perAccount).toEqual([204, 204, 204, 429]);
  });
});

describe('the reset link', () => {
  it('shows an accessible form for a new password', async () => {
    const path = await resetLink();
    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(page.body).toContain('<form method="post" action="/api/v1/pleroma/password_reset">');
    expect(page.body).toContain('<label for="password">New password</label>');
    expect(page.body).toContain('<label for="password_confirmation">New password again</label>');
    expect(page.body).toContain('name="data[password_confirmation]"');
    expect(page.body).toContain(`name="data[token]" value="${tokenOf(path)}"`);
    expect(page.body).not.toMatch(/<script/);
  });

  it('sets the new password, ends every session and works once', async () => {
    const session = await passwordToken(t.app, 'alice');
    sql(t.ctx.db, 'UPDATE accounts SET password_reset_required = 1').run();
    const older = await resetLink();
    const path = await resetLink();
    const changed = await submit(form(tokenOf(path), NEW_PASSWORD));
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Password changed');

    const me = await t.app.inject({
      url: '/api/v1/accounts/verify_credentials',
      headers: bearer(session),
    });
    expect(me.statusCode).toBe(401);
    expect((await passwordGrant(t.app, client, 'alice', TEST_PASSWORD)).statusCode).toBe(400);
    // The reset also lifts a required reset.
    expect((await passwordGrant(t.app, client, 'alice', NEW_PASSWORD)).statusCode).toBe(200);

    for (const used of [path, older]) {
      const page = await t.app.inject({ url: used });
      expect(page.statusCode, used).toBe(404);
      expect(page.body).toContain('This password reset link does not work');
      const again = await submit(form(tokenOf(used), 'yet another password'));
      expect(again.statusCode).toBe(404);
    }
  });

  it('takes a JSON body as Pleroma does', async () => {
    const path = await resetLink();
    const response = await submit({
      data: { token: tokenOf(path), password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expect((await passwordGrant(t.app, client, 'alice', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('asks again when the passwords differ or are too short, tying the error to the field', async () => {
    const path = await resetLink();
    const differ = await submit(form(tokenOf(path), NEW_PASSWORD, 'something else entirely'));
    expect(differ.statusCode).toBe(400);
    expect(differ.body).toContain('The two passwords are not the same.');
    expect(differ.body).toMatch(
      /id="password_confirmation"[^>]*aria-describedby="reset-error" aria-invalid="true"/,
    );
    const short = await submit(form(tokenOf(path), 'short'));
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('at least 8 characters');
    // Nothing changed, and the link still works.
    expect((await passwordGrant(t.app, client, 'alice', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await t.app.inject({ url: path })).statusCode).toBe(200);
  });

  it('does not work after a day, or when made up', async () => {
    const path = await resetLink();
    sql(t.ctx.db, "UPDATE email_tokens SET expires_at = '2001-01-01T00:00:00.000Z'").run();
    expect((await t.app.inject({ url: path })).statusCode).toBe(404);
    expect((await submit(form(tokenOf(path), NEW_PASSWORD))).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/pleroma/password_reset/made-up' })).statusCode).toBe(
      404,
    );
    expect((await submit(form('', NEW_PASSWORD))).statusCode).toBe(404);
    expect((await passwordGrant(t.app, client, 'alice', TEST_PASSWORD)).statusCode).toBe(200);
  });
});
