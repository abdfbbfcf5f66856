import { ApiError, type ApiClient } from '../../api/client.ts';
import { clientCredentials, OAUTH_SCOPES, registerApp } from '../../api/oauth.ts';
import { readStored, removeStored, writeStored } from '../../state/storage.ts';

/** Spec part 1, §6–7: one OAuth app per origin, registered once and kept (persisted state: OAuth). */
export const OAUTH_APP_STORAGE_KEY = 'starling:oauth-app';
export const OAUTH_CLIENT_NAME = 'Starling';
export const OAUTH_CALLBACK_PATH = '/oauth-callback';

export interface AppCredentials {
  clientId: string;
  clientSecret: string;
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

export function storedApp(origin = currentOrigin()): AppCredentials | null {
  const stored = readStored<StoredApp>(OAUTH_APP_STORAGE_KEY);
  if (!stored || stored.origin !== origin || !stored.clientId || !stored.clientSecret) return null;
  return { clientId: stored.clientId, clientSecret: stored.clientSecret };
}

export function forgetApp(): void {
  removeStored(OAUTH_APP_STORAGE_KEY);
}

const pending = new Map<string, Promise<AppCredentials>>();

/** The stored app for this origin, registering one (once, even when asked twice at a time). */
export function ensureApp(client: ApiClient, origin = currentOrigin()): Promise<AppCredentials> {
  const known = storedApp(origin);
  if (known) return Promise.resolve(known);
  let registering = pending.get(origin);
  if (!registering) {
    registering = registerApp(client, {
      clientName: OAUTH_CLIENT_NAME,
      redirectUris: oauthRedirectUri(origin),
      scopes: OAUTH_SCOPES,
    })
      .then((app) => {
        const credentials = { clientId: app.clientId, clientSecret: app.clientSecret };
        writeStored(OAUTH_APP_STORAGE_KEY, { ...credentials, origin } satisfies StoredApp);
        return credentials;
      })
      .finally(() => pending.delete(origin));
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
    await clientCredentials(client, { app });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'http') return false;
    throw error;
  }
}
