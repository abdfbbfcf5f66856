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

/**
 * A token for `username` through the authorization-code flow, posting the server's own authorize
 * form as a browser would: the only grant a Mastodon-flavoured instance offers.
 */
export async function codeGrant(
  url: string,
  username: string,
  password: string,
  scopes = 'read write follow push',
): Promise<string> {
  const redirectUri = `${url}oauth-callback`;
  const app = await registerApp(url, { redirectUri, scopes });
  const authorized = await fetch(`${url}oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: app.client_id,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: scopes,
      username,
      password,
    }),
  });
  const code = new URL(authorized.headers.get('location') ?? '', url).searchParams.get('code');
  if (!code) throw new Error(`authorize refused ${username}: ${authorized.status}`);
  const response = await fetch(`${url}oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: app.client_id,
      client_secret: app.client_secret,
    }),
  });
  const token = (await response.json()) as { access_token?: string };
  if (!token.access_token) throw new Error(`no token for ${username}: ${response.status}`);
  return token.access_token;
}
