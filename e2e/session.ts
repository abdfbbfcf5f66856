import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, expect, instanceUrl } from './fixtures.ts';

/** Where the client keeps its token and its local preferences (web/src/state, features/auth). */
const TOKEN_KEY = 'starling:oauth-token';
const PREFERENCES_KEY = 'starling:preferences';

const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A text no other journey wrote, to find one's own post among everyone's. */
export const unique = (what: string): string => `${what} ${uniqueSuffix()}`;

/** A hashtag (without #) no other journey used. */
export const uniqueTag = (word: string): string => `${word}${uniqueSuffix()}`;

/** The login form: on /login the screen's, elsewhere the sidebar's (whichever shows first). */
export const loginForm = (page: Page) =>
  page.getByRole('form', { name: 'Log in' }).filter({ visible: true }).first();

/** Signs in through the login form on screen, as a person would. */
export async function signInWithForm(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  const form = loginForm(page);
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** Signs in on /login and waits for the home timeline it lands on. */
export async function signInAtLogin(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await signInWithForm(page, username);
  await expect(page).toHaveURL(/\/main\/friends$/);
}

/** Starts the page signed in with `token` (anonymous when null), with these local preferences. */
export async function persistSession(
  page: Page,
  token: string | null,
  preferences: object = {},
): Promise<void> {
  await page.addInitScript(
    ([tokenKey, tokenValue, preferencesKey, preferencesValue]) => {
      if (tokenValue) localStorage.setItem(tokenKey, tokenValue);
      localStorage.setItem(preferencesKey, preferencesValue);
    },
    [
      TOKEN_KEY,
      token ? JSON.stringify({ token }) : '',
      PREFERENCES_KEY,
      JSON.stringify(preferences),
    ] as const,
  );
}

/** Signs `username` in through the API and starts the page with that session. */
export async function signedIn(
  page: Page,
  username: string,
  preferences: object = {},
): Promise<string> {
  const token = await apiToken(username, DEMO_PASSWORD);
  // Preferences follow the account through the server-side settings store: a journey starts from
  // an empty one, so what an earlier journey chose as this user does not carry over.
  await api(token, 'PATCH', 'api/v1/accounts/update_credentials', {
    pleroma_settings_store: { starling: {} },
  });
  await persistSession(page, token, preferences);
  return token;
}

/**
 * One call to the local instance as `token`'s user; the answer's status and JSON body. `url`:
 * another instance than the shared one (journeys that start their own).
 */
export async function api<T = Record<string, unknown>>(
  token: string | null,
  method: string,
  path: string,
  body?: object,
  url = instanceUrl(),
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as T };
}
