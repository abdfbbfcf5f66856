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

/** A form's hidden authenticity_token (the CSRF token of a Mastodon server's pages). */
function formToken(html: string): string {
  const token = /name="authenticity_token" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('the page has no form token');
  return token;
}

/**
 * A token for `username` through the authorization-code flow of a server that signs browsers in
 * on pages of its own (`--flavour mastodon`): authorize, its sign-in page, the approval, then
 * the code grant, keeping the session cookie as a browser would.
 */
export async function signInPagesGrant(
  url: string,
  username: string,
  password: string,
  scopes = 'read write follow push',
): Promise<string> {
  const redirectUri = `${url}oauth-callback`;
  const app = await registerApp(url, { redirectUri, scopes });
  let cookie = '';
  const visit = async (path: string, form?: Record<string, string>) => {
    const response = await fetch(new URL(path, url), {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie,
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form) } : {}),
    });
    const set = response.headers.getSetCookie()[0];
    if (set) cookie = set.split(';', 1)[0]!;
    return response;
  };
  const authorize = {
    response_type: 'code',
    client_id: app.client_id,
    redirect_uri: redirectUri,
    scope: scopes,
  };
  const toSignIn = await visit(`oauth/authorize?${new URLSearchParams(authorize).toString()}`);
  const signInPage = await visit(toSignIn.headers.get('location') ?? '');
  const signedIn = await visit('auth/sign_in', {
    authenticity_token: formToken(await signInPage.text()),
    username,
    password,
  });
  const approval = await visit(signedIn.headers.get('location') ?? '');
  const approved = await visit('oauth/authorize', {
    ...authorize,
    authenticity_token: formToken(await approval.text()),
    decision: 'approve',
  });
  const code = new URL(approved.headers.get('location') ?? '', url).searchParams.get('code');
  if (!code) throw new Error(`sign-in pages refused ${username}: ${approved.status}`);
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
