/** OAuth the way any client does it, for journeys and benchmarks (no Playwright in here). */

export interface RegisteredApp {
  client_id: string;
  client_secret: string;
}

/** Registers an OAuth app on the instance at `url` (ending in a slash), as any client would first. */
export async function registerApp(
  url: string,
  options: { redirectUri?: string; scopes?: string } = {},
): Promise<RegisteredApp> {
  const response = await fetch(`${url}api/v1/apps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'starling-e2e',
      redirect_uris: options.redirectUri ?? 'urn:ietf:wg:oauth:2.0:oob',
      scopes: options.scopes ?? 'read write follow push',
    }),
  });
  return (await response.json()) as RegisteredApp;
}

/** A token for `username` through the password grant, from a new app with `scopes`. */
export async function passwordGrant(
  url: string,
  username: string,
  password: string,
  scopes = 'read write follow push',
): Promise<string> {
  const app = await registerApp(url, { scopes });
  const response = await fetch(`${url}oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username,
      password,
      client_id: app.client_id,
      client_secret: app.client_secret,
      scope: scopes,
    }),
  });
  const token = (await response.json()) as { access_token?: string; error?: string };
  if (!token.access_token) {
    throw new Error(`sign-in failed for ${username}: ${response.status} ${token.error ?? ''}`);
  }
  return token.access_token;
}
