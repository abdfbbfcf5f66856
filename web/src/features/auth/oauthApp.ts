import { ApiError, type ApiClient } from '../../api/client.ts';
import { clientCredentials, listedScopes, OAUTH_SCOPES, registerApp } from '../../api/oauth.ts';
import { chooseOAuthScopes, sameScopes } from '../../lib/oauthScopes.ts';
import { activeApiBase } from '../../state/activeServer.ts';
import { useInstance, whenInstanceLoaded } from '../../state/instance.ts';
import { readStored, removeStored, writeStored } from '../../state/storage.ts';

/**
 * Spec part 1, §6–7: one OAuth app per server, registered once and kept (persisted state: OAuth).
 * The page's own server's app keeps the original entry; another server's (an account added
 * there, issue 26) has an entry of its own, `starling:oauth-app:<origin>`. Every app's redirect
 * address is this page's /oauth-callback.
 */
export const OAUTH_APP_STORAGE_KEY = 'starling:oauth-app';
export const appStorageKey = (server: string): string =>
  server === currentOrigin() ? OAUTH_APP_STORAGE_KEY : `${OAUTH_APP_STORAGE_KEY}:${server}`;
/** The server a client reaches: its base, or the page's own origin for relative paths. */
export const serverOf = (client: Pick<ApiClient, 'baseUrl'>): string =>
  client.baseUrl || currentOrigin();
export const OAUTH_CLIENT_NAME = 'Starling';
export const OAUTH_CALLBACK_PATH = '/oauth-callback';
/**
 * A sign-in under way at another server (features/accounts/remoteSignIn.ts): which server, and
 * the `state` its answer must bring back.
 */
export const PENDING_REMOTE_KEY = 'starling:oauth-pending-server';

export interface AppCredentials {
  clientId: string;
  clientSecret: string;
  /** The scopes the app was registered with; every grant asks for exactly these. */
  scopes: string;
}

interface StoredApp extends AppCredentials {
  origin: string;
}

export function currentOrigin(): string {
  return window.location.origin;
}

/** Spec part 1, §2: the OAuth redirect address is {origin}/oauth-callback. */
export function oauthRedirectUri(origin = currentOrigin()): string {
  return `${origin}${OAUTH_CALLBACK_PATH}`;
}

/** The app stored for `origin`, by default the active account's server. */
export function storedApp(origin = activeApiBase() || currentOrigin()): AppCredentials | null {
  const stored = readStored<Partial<StoredApp>>(appStorageKey(origin));
  if (!stored || stored.origin !== origin || !stored.clientId || !stored.clientSecret) return null;
  // Apps stored before scopes were chosen per server were registered with the full set.
  const scopes = typeof stored.scopes === 'string' && stored.scopes ? stored.scopes : OAUTH_SCOPES;
  return { clientId: stored.clientId, clientSecret: stored.clientSecret, scopes };
}

/**
 * The scopes this server accepts (lib/oauthScopes): admin only on Pleroma and Akkoma, or when
 * the server lists admin scopes in its OAuth metadata (asked only of servers that are not Pleroma).
 */
export async function wantedScopes(client: ApiClient): Promise<string> {
  // Another server than the one start-up described: only its own published list is known.
  if (client.baseUrl !== activeApiBase()) {
    const listed = await listedScopes(client).catch(() => null);
    return chooseOAuthScopes({ flavour: null, listedScopes: listed });
  }
  await whenInstanceLoaded();
  const flavour = useInstance.getState().config.serverFlavour;
  const pleroma = flavour === 'pleroma' || flavour === 'akkoma';
  const listed = pleroma ? null : await listedScopes(client).catch(() => null);
  return chooseOAuthScopes({ flavour, listedScopes: listed });
}

export function forgetApp(origin = activeApiBase() || currentOrigin()): void {
  removeStored(appStorageKey(origin));
}

const pending = new Map<string, Promise<AppCredentials>>();

/**
 * The stored app for the server `client` reaches, registering one there (once, even when asked
 * twice at a time), with this page's redirect address. An app registered with other scopes than
 * the server accepts (one from before the server was known) is replaced.
 */
export function ensureApp(client: ApiClient, origin = serverOf(client)): Promise<AppCredentials> {
  let registering = pending.get(origin);
  if (!registering) {
    registering = (async () => {
      const scopes = await wantedScopes(client);
      const known = storedApp(origin);
      if (known && sameScopes(known.scopes, scopes)) return known;
      const app = await registerApp(client, {
        clientName: OAUTH_CLIENT_NAME,
        redirectUris: oauthRedirectUri(),
        scopes,
      });
      const credentials = { clientId: app.clientId, clientSecret: app.clientSecret, scopes };
      writeStored(appStorageKey(origin), { ...credentials, origin } satisfies StoredApp);
      return credentials;
    })().finally(() => pending.delete(origin));
    pending.set(origin, registering);
  }
  return registering;
}

/**
 * Whether the server still knows the stored app: a client-credentials grant succeeds only for
 * a known client. Used after a failed token call, where a forgotten app and a wrong password
 * can read alike ('Invalid credentials').
 */
export async function storedAppStillValid(
  client: ApiClient,
  app: AppCredentials,
): Promise<boolean> {
  try {
    await clientCredentials(client, { app, scope: app.scopes });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http') return false;
    throw error;
  }
}
