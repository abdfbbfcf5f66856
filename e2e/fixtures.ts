import { test as base, expect } from '@playwright/test';
import { passwordGrant } from './oauth.ts';

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
      errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };

export { registerApp, type RegisteredApp } from './oauth.ts';

/**
 * Signs in through the instance's OAuth endpoints, as any client would, and returns a token.
 * `url`: another instance than the shared one (journeys that start their own).
 */
export function apiToken(username: string, password: string, url = instanceUrl()): Promise<string> {
  return passwordGrant(url, username, password);
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
