import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from './mastodon-sign-in.ts';
import { TEST_PASSWORD, type Client } from './test-helpers.ts';

/**
 * For server tests of the Mastodon flavour: a browser's walk through the server's own pages
 * (authorize, sign in, approve), keeping the session cookie between requests as a browser does.
 */
export class SignInBrowser {
  cookie: string | null = null;

  constructor(private readonly app: FastifyInstance) {}

  async request(
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, string>,
  ): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: this.cookie ? { cookie: `${SESSION_COOKIE}=${this.cookie}` } : {},
    });
    const set = response.headers['set-cookie'];
    const value = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(String(set ?? ''))?.[1];
    if (value) this.cookie = value;
    return response;
  }
}

/** The form token of a page's form. */
export function formToken(html: string): string {
  const token = /name="authenticity_token" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error(`no form token in ${html.slice(0, 200)}`);
  return token;
}

/** An authorization code the way a browser gets one from a Mastodon server. */
export async function codeThroughSignInPages(
  app: FastifyInstance,
  input: { client: Client; redirectUri: string; scope: string; username: string },
): Promise<string> {
  const browser = new SignInBrowser(app);
  const authorize = `/oauth/authorize?${new URLSearchParams({
    response_type: 'code',
    client_id: input.client.client_id,
    redirect_uri: input.redirectUri,
    scope: input.scope,
  }).toString()}`;
  const toSignIn = await browser.request('GET', authorize);
  const signInPage = await browser.request('GET', String(toSignIn.headers.location));
  const signedIn = await browser.request('POST', '/auth/sign_in', {
    authenticity_token: formToken(signInPage.body),
    username: input.username,
    password: TEST_PASSWORD,
  });
  const approval = await browser.request('GET', String(signedIn.headers.location));
  const approved = await browser.request('POST', '/oauth/authorize', {
    response_type: 'code',
    client_id: input.client.client_id,
    redirect_uri: input.redirectUri,
    scope: input.scope,
    authenticity_token: formToken(approval.body),
    decision: 'approve',
  });
  const code = new URL(String(approved.headers.location)).searchParams.get('code');
  if (!code) throw new Error(`no code for ${input.username}: ${approved.statusCode}`);
  return code;
}
