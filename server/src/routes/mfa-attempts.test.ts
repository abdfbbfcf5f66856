import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../db/index.ts';
import { enableTotp } from '../db/mfa.ts';
import { totpCode } from '../auth/totp.ts';
import {
  TEST_PASSWORD,
  addUser,
  makeTestApp,
  registerClient,
  type Client,
  type TestApp,
} from './test-helpers.ts';

/** Two-factor codes cannot be guessed: 5 wrong per sign-in, 10 per account in 15 minutes. */

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const RECOVERY_CODES = ['aaaaa-11111', 'bbbbb-22222'];
const WRONG_TOTP = '000000';

let t: TestApp;
let client: Client;
let alice: string;

beforeEach(async () => {
  t = await makeTestApp();
  alice = addUser(t, 'alice');
  enableTotp(t.ctx.db, alice, SECRET, RECOVERY_CODES);
  client = await registerClient(t.app);
});
afterEach(async () => t.close());

async function mfaToken(): Promise<string> {
  const response = await t.app.inject({
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
  expect(response.json().error).toBe('mfa_required');
  return response.json().mfa_token as string;
}

const challenge = async (mfa_token: string, challenge_type: 'totp' | 'recovery', code: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/oauth/mfa/challenge',
    payload: {
      client_id: client.client_id,
      client_secret: client.client_secret,
      mfa_token,
      challenge_type,
      code,
    },
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};

/** Spends `count` wrong codes on the token, each answered as an invalid code. */
async function guessWrong(token: string, count: number, type: 'totp' | 'recovery' = 'totp') {
  for (let i = 0; i < count; i++) {
    const answer = await challenge(token, type, type === 'totp' ? WRONG_TOTP : `zzzzz-0000${i}`);
    expect(answer).toEqual({ status: 400, body: { error: 'Invalid code' } });
  }
}

describe('second-factor attempt limits', () => {
  it('still signs in with the right code after a few wrong ones', async () => {
    const token = await mfaToken();
    await guessWrong(token, 4);
    const right = await challenge(token, 'totp', totpCode(SECRET));
    expect(right.status).toBe(200);
    expect(right.body.access_token).toEqual(expect.any(String));
  });

  it('spends a token after 5 wrong codes: the right code on the 6th attempt is refused', async () => {
    const token = await mfaToken();
    await guessWrong(token, 5);
    const right = await challenge(token, 'totp', totpCode(SECRET));
    expect(right).toEqual({ status: 429, body: { error: 'Throttled' } });
    expect(right.body.access_token).toBeUndefined();
  });

  it('counts recovery codes too, and a spent token does not use up the right recovery code', async () => {
    const token = await mfaToken();
    await guessWrong(token, 3, 'recovery');
    await guessWrong(token, 2, 'totp');
    expect(await challenge(token, 'recovery', RECOVERY_CODES[0]!)).toEqual({
      status: 429,
      body: { error: 'Throttled' },
    });
    // Refused before checking: the code is still good on a fresh sign-in.
    const fresh = await challenge(await mfaToken(), 'recovery', RECOVERY_CODES[0]!);
    expect(fresh.status).toBe(200);
  });

  it('refuses a fresh token after 10 wrong codes on the account, until the window passes', async () => {
    await guessWrong(await mfaToken(), 5);
    await guessWrong(await mfaToken(), 5, 'recovery');
    const fresh = await mfaToken();
    expect(await challenge(fresh, 'totp', totpCode(SECRET))).toEqual({
      status: 429,
      body: { error: 'Throttled' },
    });
    expect(await challenge(fresh, 'recovery', RECOVERY_CODES[1]!)).toMatchObject({ status: 429 });
    // Fifteen minutes later the failures no longer count.
    const longAgo = new Date(Date.now() - 16 * 60 * 1000).toISOString();
    sql(t.ctx.db, 'UPDATE mfa_failures SET failed_at = ?').run(longAgo);
    const later = await challenge(await mfaToken(), 'totp', totpCode(SECRET));
    expect(later.status).toBe(200);
  });

  it('limits the authorize page the same way', async () => {
    const authorize = (payload: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/oauth/authorize',
        payload: {
          client_id: client.client_id,
          redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
          scope: 'read',
          ...payload,
        },
      });
    const form = await authorize({ username: 'alice', password: TEST_PASSWORD });
    const token = /name="mfa_token" value="([^"]+)"/.exec(form.body)![1]!;
    for (let i = 0; i < 5; i++) {
      const wrong = await authorize({ mfa_token: token, code: WRONG_TOTP });
      expect(wrong.statusCode).toBe(400);
    }
    const right = await authorize({ mfa_token: token, code: totpCode(SECRET) });
    expect(right.statusCode).toBe(429);
    expect(right.body).toContain('Too many wrong codes');
    expect(right.body).not.toMatch(/<output class="code">/);
  });
});
