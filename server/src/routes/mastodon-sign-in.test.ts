import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type StarlingApp } from '../app.ts';
import { totpCode } from '../auth/totp.ts';
import { enableTotp, MFA_ACCOUNT_MAX_FAILURES } from '../db/mfa.ts';
import { CODE_ATTEMPTS } from './mastodon-sign-in.ts';
import { TEST_ORIGIN, TEST_PASSWORD, addUser, bearer, registerClient } from './test-helpers.ts';
import { SignInBrowser, codeThroughSignInPages, formToken } from './test-mastodon-sign-in.ts';

let t: StarlingApp;
let dir: string;
const REDIRECT = 'https://client.example/oauth-callback';
const SCOPE = 'read write';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'starling-mastodon-sign-in-'));
  t = await buildApp({ dataDir: dir, origin: TEST_ORIGIN, flavour: 'mastodon' });
  addUser(t, 'alice');
  enableTotp(t.ctx.db, addUser(t, 'tessa'), SECRET, ['chirp-11111']);
  enableTotp(t.ctx.db, addUser(t, 'tilda'), SECRET, ['chirp-22222']);
});
afterAll(async () => {
  await t.app.close();
  rmSync(dir, { recursive: true, force: true });
});

const authorizeQuery = (client: { client_id: string }, state = 'st 1') =>
  new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    scope: SCOPE,
    state,
  });

async function exchange(client: { client_id: string; client_secret: string }, code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...client },
  });
}

describe('signing a browser in on a Mastodon-flavoured instance', () => {
  it('sends authorize to its own sign-in page, then back to approve, then to the app with a code', async () => {
    const client = await registerClient(t.app, SCOPE, REDIRECT);
    const browser = new SignInBrowser(t.app);
    const query = authorizeQuery(client);

    const toSignIn = await browser.request('GET', `/oauth/authorize?${query.toString()}`);
    expect(toSignIn.statusCode).toBe(302);
    expect(toSignIn.headers.location).toBe('/auth/sign_in');
    expect(browser.cookie).toBeTruthy();

    const signInPage = await browser.request('GET', '/auth/sign_in');
    expect(signInPage.statusCode).toBe(200);
    expect(signInPage.body).toContain('<form method="post" action="/auth/sign_in">');
    const wrong = await browser.request('POST', '/auth/sign_in', {
      authenticity_token: formToken(signInPage.body),
      username: 'alice',
      password: 'wrong',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Invalid username or password.');

    const before = browser.cookie;
    const signedIn = await browser.request('POST', '/auth/sign_in', {
      authenticity_token: formToken(wrong.body),
      username: 'alice',
      password: TEST_PASSWORD,
    });
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe(`/oauth/authorize?${query.toString()}`);
    expect(browser.cookie).not.toBe(before);

    const approval = await browser.request('GET', String(signedIn.headers.location));
    expect(approval.statusCode).toBe(200);
    expect(approval.body).toContain('@alice');
    expect(approval.body).toContain('value="approve"');
    const approved = await browser.request('POST', '/oauth/authorize', {
      ...Object.fromEntries(query),
      authenticity_token: formToken(approval.body),
      decision: 'approve',
    });
    expect(approved.statusCode).toBe(302);
    const target = new URL(String(approved.headers.location));
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT);
    expect(target.searchParams.get('state')).toBe('st 1');

    const token = await exchange(client, target.searchParams.get('code')!);
    expect(token.statusCode).toBe(200);
    const me = await t.app.inject({
      url: '/api/v1/accounts/verify_credentials',
      headers: bearer(token.json().access_token),
    });
    expect(me.json().username).toBe('alice');
  });

  it('with force_login, asks a signed-in browser to sign in afresh (adding another account)', async () => {
    const client = await registerClient(t.app, SCOPE, REDIRECT);
    const browser = new SignInBrowser(t.app);
    const query = authorizeQuery(client);
    await browser.request('GET', `/oauth/authorize?${query.toString()}`);
    const signInPage = await browser.request('GET', '/auth/sign_in');
    await browser.request('POST', '/auth/sign_in', {
      authenticity_token: formToken(signInPage.body),
      username: 'alice',
      password: TEST_PASSWORD,
    });
    const approval = await browser.request('GET', `/oauth/authorize?${query.toString()}`);
    expect(approval.body).toContain('@alice');

    const forced = new URLSearchParams(query);
    forced.set('force_login', 'true');
    const again = await browser.request('GET', `/oauth/authorize?${forced.toString()}`);
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/auth/sign_in');
    const fresh = await browser.request('GET', '/auth/sign_in');
    expect(fresh.body).toContain('<form method="post" action="/auth/sign_in">');
    // Back from signing in, the address it returns to no longer forces a sign-in.
    const signedIn = await browser.request('POST', '/auth/sign_in', {
      authenticity_token: formToken(fresh.body),
      username: 'alice',
      password: TEST_PASSWORD,
    });
    expect(signedIn.headers.location).toBe(`/oauth/authorize?${query.toString()}`);
  });

  it('takes no password on the authorize page: without a session it goes to sign in', async () => {
    const client = await registerClient(t.app, SCOPE, REDIRECT);
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/authorize',
      payload: {
        ...Object.fromEntries(authorizeQuery(client)),
        username: 'alice',
        password: TEST_PASSWORD,
      },
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth/sign_in');
  });

  it('refuses forms without the session’s form token', async () => {
    const client = await registerClient(t.app, SCOPE, REDIRECT);
    const browser = new SignInBrowser(t.app);
    await browser.request('GET', `/oauth/authorize?${authorizeQuery(client).toString()}`);
    const forged = await browser.request('POST', '/auth/sign_in', {
      authenticity_token: 'forged',
      username: 'alice',
      password: TEST_PASSWORD,
    });
    expect(forged.statusCode).toBe(422);
    expect(forged.headers['content-type']).toContain('text/html');
    const noCookie = await t.app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      payload: { username: 'alice', password: TEST_PASSWORD },
    });
    expect(noCookie.statusCode).toBe(422);
  });

  it('returns access_denied when the user denies', async () => {
    const client = await registerClient(t.app, SCOPE, REDIRECT);
    const browser = new SignInBrowser(t.app);
    const query = authorizeQuery(client, 'deny-me');
    await browser.request('GET', `/oauth/authorize?${query.toString()}`);
    const signInPage = await browser.request('GET', '/auth/sign_in');
    const signedIn = await browser.request('POST', '/auth/sign_in', {
      authenticity_token: formToken(signInPage.body),
      username: 'alice',
      password: TEST_PASSWORD,
    });
    const approval = await browser.request('GET', String(signedIn.headers.location));
    const denied = await browser.request('POST', '/oauth/authorize', {
      ...Object.fromEntries(query),
      authenticity_token: formToken(approval.body),
      decision: 'deny',
    });
    const target = new URL(String(denied.headers.location));
    expect(target.searchParams.get('error')).toBe('access_denied');
    expect(target.searchParams.get('code')).toBeNull();
    expect(target.searchParams.get('state')).toBe('deny-me');
  });

  it(`asks a two-factor account for its code, and starts over after ${CODE_ATTEMPTS} wrong ones`, async () => {
    const client = await registerClient(t.app, SCOPE, REDIRECT);
    const browser = new SignInBrowser(t.app);
    await browser.request('GET', `/oauth/authorize?${authorizeQuery(client).toString()}`);
    let html = (await browser.request('GET', '/auth/sign_in')).body;
    const signIn = () =>
      browser.request('POST', '/auth/sign_in', {
        authenticity_token: formToken(html),
        username: 'tessa',
        password: TEST_PASSWORD,
      });
    const codeStep = await signIn();
    expect(codeStep.statusCode).toBe(200);
    expect(codeStep.body).toContain('name="code"');
    html = codeStep.body;
    for (let attempt = 1; attempt <= CODE_ATTEMPTS; attempt += 1) {
      const wrong = await browser.request('POST', '/auth/sign_in', {
        authenticity_token: formToken(html),
        code: '000000',
      });
      expect(wrong.statusCode).toBe(401);
      html = wrong.body;
    }
    // Spent: the page asks for the password again, and a right code alone no longer signs in.
    expect(html).toContain('name="password"');
    const late = await browser.request('POST', '/auth/sign_in', {
      authenticity_token: formToken(html),
      code: totpCode(SECRET),
    });
    expect(late.statusCode).toBe(401);

    html = (await signIn()).body;
    const done = await browser.request('POST', '/auth/sign_in', {
      authenticity_token: formToken(html),
      code: totpCode(SECRET),
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toMatch(/^\/oauth\/authorize\?/);
  });

  it("counts the code step's wrong codes against the account's limit, across sign-ins", async () => {
    const client = await registerClient(t.app, SCOPE, REDIRECT);
    const browser = new SignInBrowser(t.app);
    await browser.request('GET', `/oauth/authorize?${authorizeQuery(client).toString()}`);
    let html = (await browser.request('GET', '/auth/sign_in')).body;
    const signIn = async () => {
      html = (
        await browser.request('POST', '/auth/sign_in', {
          authenticity_token: formToken(html),
          username: 'tilda',
          password: TEST_PASSWORD,
        })
      ).body;
    };
    // Each sign-in takes CODE_ATTEMPTS wrong codes; over sign-ins they reach the account's limit.
    for (let wrongs = 0; wrongs < MFA_ACCOUNT_MAX_FAILURES;) {
      await signIn();
      for (
        let attempt = 0;
        attempt < CODE_ATTEMPTS && wrongs < MFA_ACCOUNT_MAX_FAILURES;
        attempt++
      ) {
        const wrong = await browser.request('POST', '/auth/sign_in', {
          authenticity_token: formToken(html),
          code: '000000',
        });
        expect(wrong.statusCode).toBe(401);
        html = wrong.body;
        wrongs += 1;
      }
    }
    if (!html.includes('name="code"')) await signIn();
    const right = await browser.request('POST', '/auth/sign_in', {
      authenticity_token: formToken(html),
      code: totpCode(SECRET),
    });
    expect(right.statusCode).toBe(429);
    expect(right.headers.location).toBeUndefined();
  });

  it('gives a code the token grant accepts, through the test helper', async () => {
    const client = await registerClient(t.app, SCOPE, REDIRECT);
    const code = await codeThroughSignInPages(t.app, {
      client,
      redirectUri: REDIRECT,
      scope: SCOPE,
      username: 'alice',
    });
    expect((await exchange(client, code)).statusCode).toBe(200);
  });
});
