/** A token for `username` through the password grant, as a client of the instance at `origin`. */
export async function passwordToken(
  origin: string,
  username: string,
  password: string,
  scopes: string,
): Promise<string> {
  const app = (await (
    await fetch(`${origin}/api/v1/apps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'bench',
        redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
        scopes,
      }),
    })
  ).json()) as { client_id: string; client_secret: string };
  const response = await fetch(`${origin}/oauth/token`, {
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
  const token = (await response.json()) as { access_token?: string };
  if (!token.access_token) throw new Error(`no token for ${username}: ${response.status}`);
  return token.access_token;
}
