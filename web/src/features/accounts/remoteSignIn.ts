import { verifyCredentials } from '../../api/accounts.ts';
import { ApiError, createApiClient } from '../../api/client.ts';
import { authorizeUrl, tokenByCode } from '../../api/oauth.ts';
import { serverOriginFrom } from '../../lib/serverAddress.ts';
import { readStored, removeStored, writeStored } from '../../state/storage.ts';
import {
  currentOrigin,
  ensureApp,
  oauthRedirectUri,
  PENDING_REMOTE_KEY,
  storedApp,
} from '../auth/oauthApp.ts';
import { persistToken } from '../auth/persistedSession.ts';
import { AFTER_SWITCH_PATH, rememberSignedIn, type Reload } from './accountStore.ts';

/**
 * Adding an account on another server (issue 26): its app is registered there with this page's
 * /oauth-callback, the browser goes to that server's own sign-in page, and the code that comes
 * back is exchanged at that server. The new token is kept with its server's origin and the page
 * starts afresh as that account, so every request of the load goes to that server.
 */

interface PendingRemote {
  server: string;
  state: string;
}

export type RemoteStartProblem =
  | { kind: 'invalid' }
  | { kind: 'this_server' }
  | { kind: 'unreachable' }
  | { kind: 'refused'; message: string };

const reloadAt: Reload = (path) => window.location.assign(path);

function randomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Registers the app at the typed server and sends the browser to its sign-in page. Resolves
 * with the problem when it cannot (the browser then stays on this page).
 */
export async function startRemoteSignIn(
  typed: string,
  go: Reload = reloadAt,
): Promise<RemoteStartProblem | null> {
  const server = serverOriginFrom(typed);
  if (!server) return { kind: 'invalid' };
  if (server === currentOrigin()) return { kind: 'this_server' };
  // Anonymous: no token of this page ever goes to the other server.
  const client = createApiClient({ baseUrl: server, getToken: () => null });
  // A Mastodon-API server answers its instance document to anyone.
  try {
    const answer = await client.get('/api/v1/instance', { anonymous: true });
    if (!answer.data || typeof answer.data !== 'object') return { kind: 'unreachable' };
  } catch {
    return { kind: 'unreachable' };
  }
  let app;
  try {
    app = await ensureApp(client, server);
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http')
      return { kind: 'refused', message: error.message };
    return { kind: 'unreachable' };
  }
  const state = randomState();
  writeStored(PENDING_REMOTE_KEY, { server, state } satisfies PendingRemote);
  go(
    authorizeUrl(client, {
      clientId: app.clientId,
      redirectUri: oauthRedirectUri(),
      scope: app.scopes,
      state,
      forceLogin: true,
    }),
  );
  return null;
}

/** The sign-in under way at another server, taken (it is good for one answer). */
export function takePendingRemote(): PendingRemote | null {
  const pending = readStored<Partial<PendingRemote>>(PENDING_REMOTE_KEY);
  removeStored(PENDING_REMOTE_KEY);
  return pending && typeof pending.server === 'string' && typeof pending.state === 'string'
    ? { server: pending.server, state: pending.state }
    : null;
}

export type RemoteFinish =
  { kind: 'done' } | { kind: 'failed'; step: 'token' | 'verify'; error: unknown };

/**
 * /oauth-callback for a sign-in at `pending.server`: the code is exchanged there, the account
 * verified there, and the app starts afresh as it. A `state` other than the one sent is refused.
 */
export async function finishRemoteSignIn(
  pending: PendingRemote,
  code: string,
  state: string | null,
  reload: Reload = reloadAt,
): Promise<RemoteFinish> {
  const { server } = pending;
  const app = storedApp(server);
  if (!app || state !== pending.state) return { kind: 'failed', step: 'token', error: null };
  let token: string;
  try {
    const anonymous = createApiClient({ baseUrl: server, getToken: () => null });
    token = (
      await tokenByCode(anonymous, {
        app,
        code,
        redirectUri: oauthRedirectUri(),
        scope: app.scopes,
      })
    ).accessToken;
  } catch (error) {
    return { kind: 'failed', step: 'token', error };
  }
  let user;
  try {
    user = await verifyCredentials(createApiClient({ baseUrl: server, getToken: () => token }));
  } catch (error) {
    return { kind: 'failed', step: 'verify', error };
  }
  persistToken(token, server);
  rememberSignedIn(user, true, server);
  reload(AFTER_SWITCH_PATH);
  return { kind: 'done' };
}
