import { test as base, expect } from '@playwright/test';

/** Journeys talk to the instance started by global-setup.ts. */
export const instanceUrl = (): string => {
  const url = process.env.STARLING_URL;
  if (!url) throw new Error('STARLING_URL is not set: run the journeys through `npm run test:e2e`');
  return url;
};

export const test = base.extend<{ consoleErrors: string[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
  baseURL: async ({}, use) => use(instanceUrl()),
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // The client asks once whether the server has announcements; the local instance's 404 is
      // the expected "no" (spec: announcements are then marked unsupported), not a failure.
      if (message.location().url.endsWith('/api/v1/announcements')) return;
      errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

export interface RegisteredApp {
  client_id: string;
  client_secret: string;
}

/** Registers an OAuth app on the instance at `url`, as any client would first. */
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

/**
 * Signs in through the instance's OAuth endpoints, as any client would, and returns a token.
 * `url`: another instance than the shared one (journeys that start their own).
 */
export async function apiToken(
  username: string,
  password: string,
  url = instanceUrl(),
): Promise<string> {
  const app = await registerApp(url);
  const token = (await (
    await fetch(`${url}oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username,
        password,
        client_id: app.client_id,
        client_secret: app.client_secret,
        scope: 'read write follow push',
      }),
    })
  ).json()) as { access_token?: string; error?: string };
  if (!token.access_token) throw new Error(`sign-in failed for ${username}: ${token.error}`);
  return token.access_token;
}

export async function postStatus(
  token: string,
  status: string,
  visibility = 'public',
): Promise<{ id: string }> {
  const response = await fetch(`${instanceUrl()}api/v1/statuses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status, visibility }),
  });
  if (!response.ok) throw new Error(`posting failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}
