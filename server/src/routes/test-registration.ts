import type { FastifyInstance } from 'fastify';
import { readOutbox, type StoredMail } from '../registration/outbox.ts';
import { bearer, registerClient, type Client, type TestApp } from './test-helpers.ts';

/** The sign-up tests' helpers: an app's own token, a sign-up, the outbox. */

/** The environment that turns the test hooks on (buildApp's `env`). */
export const HOOKS_ON = { STARLING_TEST_HOOKS: '1' };

export async function appToken(
  app: FastifyInstance,
  scopes = 'read write follow push',
): Promise<{ client: Client; token: string }> {
  const client = await registerClient(app, scopes);
  const response = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: {
      grant_type: 'client_credentials',
      client_id: client.client_id,
      client_secret: client.client_secret,
    },
  });
  if (response.statusCode !== 200) throw new Error(`app token failed: ${response.body}`);
  return { client, token: (response.json() as { access_token: string }).access_token };
}

export function signUp(app: FastifyInstance, token: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/v1/accounts', headers: bearer(token), payload });
}

/** A captcha and its answer, read through the test hook (the instance needs HOOKS_ON). */
export async function solvedCaptcha(app: FastifyInstance): Promise<Record<string, string>> {
  const captcha = (await app.inject({ url: '/api/v1/pleroma/captcha' })).json() as {
    token: string;
    answer_data: string;
  };
  const hook = await app.inject({
    url: `/api/starling/test/captcha-answer?token=${encodeURIComponent(captcha.token)}`,
  });
  if (hook.statusCode !== 200) throw new Error(`captcha hook failed: ${hook.body}`);
  return {
    captcha_token: captcha.token,
    captcha_answer_data: captcha.answer_data,
    captcha_solution: (hook.json() as { answer: string }).answer,
  };
}

/** The mails written to one address, oldest first. */
export function mailsTo(t: TestApp, address: string): StoredMail[] {
  return readOutbox(t.dir).filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
}

export function passwordGrant(
  app: FastifyInstance,
  client: Client,
  username: string,
  password: string,
) {
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: {
      grant_type: 'password',
      username,
      password,
      client_id: client.client_id,
      client_secret: client.client_secret,
    },
  });
}
