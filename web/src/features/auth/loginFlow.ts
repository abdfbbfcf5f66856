import { verifyCredentials } from '../../api/accounts.ts';
import { ApiError, createApiClient } from '../../api/client.ts';
import {
  authorizeUrl,
  mfaChallenge,
  oauthError,
  tokenByCode,
  tokenByPassword,
} from '../../api/oauth.ts';
import type { Account } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { useInstance } from '../../state/instance.ts';
import {
  loginErrorMessageKey,
  type LoginErrorMessage,
  type LoginFailure,
} from '../../lib/authStrategy.ts';
import {
  ensureApp,
  forgetApp,
  oauthRedirectUri,
  PENDING_REMOTE_KEY,
  storedApp,
  storedAppStillValid,
} from './oauthApp.ts';
import { beginSession } from './sessionLifecycle.ts';
import { readAccountList } from '../accounts/accountStore.ts';
import { readStored, removeStored } from '../../state/storage.ts';

/**
 * Sign-in (spec part 1, §4 "Login runs: begin, verify credentials, end" and §5 messages).
 * begin = the token call (password, second factor or authorization code); verify = GET
 * verify_credentials with the new token; end = sign in and start the side effects.
 */
export type LoginOutcome =
  | { kind: 'signedIn'; user: Account }
  | { kind: 'mfaRequired'; mfaToken: string }
  /** The server takes no password here: the browser is on its way to the server's own page. */
  | { kind: 'redirecting' }
  /** The server asks for a new password first (`identifier: password_reset_required`). */
  | { kind: 'passwordResetRequired' }
  | { kind: 'failed'; message: LoginErrorMessage };

/** What a server without the password grant answers the token call with (RFC 6749 §5.2). */
const UNSUPPORTED_GRANT_TYPE = 'unsupported_grant_type';

const HTTP_BAD_REQUEST = 400;
const HTTP_UNAUTHORIZED = 401;

function failure(step: LoginFailure['step'], error: unknown): LoginOutcome {
  if (!(error instanceof ApiError)) {
    console.warn('sign-in failed', error);
    return { kind: 'failed', message: loginErrorMessageKey({ step, status: -1 }) };
  }
  const status = error.kind === 'network' ? 0 : error.status;
  return { kind: 'failed', message: loginErrorMessageKey({ step, status, body: error.body }) };
}

/** verify + end: the token is only kept once the server confirms whose it is. */
async function finish(token: string): Promise<LoginOutcome> {
  let user: Account;
  try {
    user = await verifyCredentials(
      createApiClient({ baseUrl: api.baseUrl, getToken: () => token }),
    );
  } catch (error) {
    return failure('verify', error);
  }
  beginSession(token, user);
  return { kind: 'signedIn', user };
}

const mayBeUnknownApp = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === HTTP_BAD_REQUEST || error.status === HTTP_UNAUTHORIZED) &&
  oauthError(error)?.kind !== 'mfa_required';

export async function loginWithPassword(username: string, password: string): Promise<LoginOutcome> {
  for (let attempt = 0; ; attempt += 1) {
    let app;
    try {
      app = await ensureApp(api);
      const token = await tokenByPassword(api, { app, username, password, scope: app.scopes });
      return await finish(token.accessToken);
    } catch (error) {
      const body = oauthError(error);
      if (body?.kind === 'mfa_required' && body.mfaToken) {
        return { kind: 'mfaRequired', mfaToken: body.mfaToken };
      }
      if (body?.kind === 'password_reset_required') return { kind: 'passwordResetRequired' };
      // Only the authorization-code flow is offered: from now on the login screen says so, and
      // this attempt continues on the server's own sign-in page.
      if (body?.error === UNSUPPORTED_GRANT_TYPE) {
        useInstance.getState().update({ loginMethod: 'token' });
        return (await startTokenLogin()) ?? { kind: 'redirecting' };
      }
      // A stored app the server forgot (a reset instance) answers like a wrong password:
      // check once, register afresh and try again.
      if (attempt === 0 && app && mayBeUnknownApp(error)) {
        const valid = await storedAppStillValid(api, app).catch(() => true);
        if (!valid) {
          forgetApp();
          continue;
        }
      }
      return failure('token', error);
    }
  }
}

export async function loginWithSecondFactor(
  mfaToken: string,
  code: string,
  challengeType: 'totp' | 'recovery',
): Promise<LoginOutcome> {
  let token;
  try {
    const app = await ensureApp(api);
    token = await mfaChallenge(api, { app, mfaToken, code: code.trim(), challengeType });
  } catch (error) {
    return failure('mfa', error);
  }
  return finish(token.accessToken);
}

/** A token obtained elsewhere (a new account's, from registration): verify it and sign in. */
export function loginWithToken(token: string): Promise<LoginOutcome> {
  return finish(token);
}

const exchanges = new Map<string, Promise<LoginOutcome>>();

/** The answer of a sign-in at another server: exchanged there (a chunk of its own). */
async function remoteExchange(code: string, state: string | null): Promise<LoginOutcome> {
  const remote = await import('../accounts/remoteSignIn.ts');
  const pending = remote.takePendingRemote();
  if (!pending) return failure('token', null);
  const outcome = await remote.finishRemoteSignIn(pending, code, state);
  return outcome.kind === 'done' ? { kind: 'redirecting' } : failure(outcome.step, outcome.error);
}

/** /oauth-callback: a code is good for one exchange, so asks made while it runs share it. */
export function loginWithAuthorizationCode(
  code: string,
  state: string | null = null,
): Promise<LoginOutcome> {
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = (async (): Promise<LoginOutcome> => {
      if (readStored(PENDING_REMOTE_KEY)) return remoteExchange(code, state);
      const app = storedApp();
      if (!app) return failure('token', null);
      let token;
      try {
        token = await tokenByCode(api, {
          app,
          code,
          redirectUri: oauthRedirectUri(),
          scope: app.scopes,
        });
      } catch (error) {
        return failure('token', error);
      }
      return finish(token.accessToken);
    })().finally(() => exchanges.delete(code));
    exchanges.set(code, exchange);
  }
  return exchange;
}

/** loginMethod 'token': send the browser to the instance's own sign-in page. */
export async function startTokenLogin(): Promise<LoginOutcome | null> {
  try {
    const app = await ensureApp(api);
    // A sign-in started at another server and abandoned: the answer that comes now is this one's.
    removeStored(PENDING_REMOTE_KEY);
    window.location.assign(
      authorizeUrl(api, {
        clientId: app.clientId,
        redirectUri: oauthRedirectUri(),
        scope: app.scopes,
        // Another account is signed in here already: the server's own sign-in page must not
        // simply approve again as whoever its browser session still holds (Mastodon's force_login).
        forceLogin: readAccountList().accounts.length > 0,
      }),
    );
    return null;
  } catch (error) {
    return failure('token', error);
  }
}
