import type { Page } from '@playwright/test';
import { totpCode } from '../server/src/auth/totp.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { expect, instanceUrl, test } from './fixtures.ts';
import { loginForm, signInWithForm } from './session.ts';

/** Seeded two-factor account (server/src/seed): its TOTP secret and single-use recovery codes. */
const TESSA = { username: 'tessa', secret: 'STARLINGDEMOTOTPSECRETKEYABCDEFG' };
/** Where the client keeps its OAuth app and token (web/src/features/auth). */
const APP_KEY = 'starling:oauth-app';
const TOKEN_KEY = 'starling:oauth-token';

/** The sidebar's user card ("Your account") shows the signed-in account's @acct. */
const userCard = (page: Page, username: string) =>
  page.getByRole('region', { name: 'Your account' }).getByText(`@${username}`, { exact: true });

/** The app's stored OAuth client and token, as the page keeps them. */
async function storedCredentials(page: Page) {
  return page.evaluate(
    ([appKey, tokenKey]) => ({
      app: JSON.parse(localStorage.getItem(appKey) ?? '{}') as Record<string, string>,
      token: JSON.parse(localStorage.getItem(tokenKey) ?? '{}') as Record<string, string>,
    }),
    [APP_KEY, TOKEN_KEY] as const,
  );
}

/** Revokes a token through the instance's API with the app's own client, as another tab could. */
async function revokeBehindTheAppsBack(stored: Awaited<ReturnType<typeof storedCredentials>>) {
  const response = await fetch(`${instanceUrl()}oauth/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: stored.app.clientId ?? '',
      client_secret: stored.app.clientSecret ?? '',
      token: stored.token.token ?? '',
    }),
  });
  expect(response.ok).toBe(true);
}

test('password sign-in lands on the home timeline and a reload keeps the session', async ({
  page,
}) => {
  await page.goto('/login');
  await signInWithForm(page, 'alice');
  await expect(page).toHaveURL(/\/main\/friends$/);
  await expect(page.getByRole('link', { name: /Alice Lark/ }).first()).toBeVisible();
  await page.reload();
  await expect(userCard(page, 'alice')).toBeVisible();
  await expect(page).toHaveURL(/\/main\/friends$/);
});

test("a wrong password shows the server's message and selects the password", async ({ page }) => {
  await page.goto('/login');
  await signInWithForm(page, 'alice', 'not-the-password');
  const form = loginForm(page);
  await expect(form.getByRole('alert')).toContainText('Invalid credentials');
  const password = form.getByLabel('Password');
  await expect(password).toBeFocused();
  const selection = await password.evaluate((input: HTMLInputElement) => [
    input.selectionStart,
    input.selectionEnd,
    input.value.length,
  ]);
  expect(selection).toEqual([0, 'not-the-password'.length, 'not-the-password'.length]);
  await expect(page).toHaveURL(/\/login$/);
});

test('TOTP sign-in: a wrong code is cleared, the right one signs in', async ({ page }) => {
  await page.goto('/login');
  await signInWithForm(page, TESSA.username);
  const code = page.getByLabel('Authentication code').filter({ visible: true }).first();
  await expect(code).toBeFocused();
  const right = totpCode(TESSA.secret);
  const wrong = right === '000000' ? '111111' : '000000';
  await code.fill(wrong);
  await page.getByRole('button', { name: 'Verify' }).first().click();
  await expect(page.getByRole('alert').first()).toContainText('Invalid code');
  await expect(code).toHaveValue('');
  await code.fill(totpCode(TESSA.secret));
  await page.getByRole('button', { name: 'Verify' }).first().click();
  await expect(page).toHaveURL(/\/main\/friends$/);
  await expect(userCard(page, TESSA.username)).toBeVisible();
});

test('recovery-code sign-in', async ({ page }) => {
  await page.goto('/login');
  await signInWithForm(page, TESSA.username);
  await page.getByRole('button', { name: 'Enter a recovery code' }).first().click();
  await page
    .getByRole('textbox', { name: 'Recovery code', exact: true })
    .first()
    .fill('chirp-22222');
  await page.getByRole('button', { name: 'Verify' }).first().click();
  await expect(page).toHaveURL(/\/main\/friends$/);
  await expect(userCard(page, TESSA.username)).toBeVisible();
});

test('the second factor switches between code and recovery, and cancel goes back', async ({
  page,
}) => {
  await page.goto('/login');
  await signInWithForm(page, TESSA.username);
  await expect(page.getByLabel('Authentication code').first()).toBeVisible();
  await page.getByRole('button', { name: 'Enter a recovery code' }).first().click();
  await expect(
    page.getByRole('textbox', { name: 'Recovery code', exact: true }).first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Enter a two-factor code' }).first().click();
  await expect(page.getByLabel('Authentication code').first()).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(loginForm(page).getByLabel('Password')).toBeVisible();
});

test("OAuth code flow through the instance's sign-in page", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const redirectUri = `${origin}/oauth-callback`;
  // The app the client would register for itself (POST /api/v1/apps, once per origin).
  const app = (await (
    await fetch(`${instanceUrl()}api/v1/apps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Starling',
        redirect_uris: redirectUri,
        scopes: 'read write follow push admin',
      }),
    })
  ).json()) as { client_id: string; client_secret: string };
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    APP_KEY,
    JSON.stringify({ clientId: app.client_id, clientSecret: app.client_secret, origin }),
  ] as const);
  const authorize = new URL('/oauth/authorize', origin);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: app.client_id,
    redirect_uri: redirectUri,
    scope: 'read write follow push',
  }).toString();
  await page.goto(authorize.toString());
  await page.getByLabel('Username or e-mail').fill('bob');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page).toHaveURL(/\/main\/friends$/);
  await expect(userCard(page, 'bob')).toBeVisible();
  await page.reload();
  await expect(userCard(page, 'bob')).toBeVisible();
});

test('logout asks first; cancel keeps the session, accept signs out for good', async ({ page }) => {
  await page.goto('/login');
  await signInWithForm(page, 'carol');
  await expect(userCard(page, 'carol')).toBeVisible();

  const logout = page.getByRole('button', { name: 'Log out' }).first();
  await logout.click();
  const dialog = page.getByRole('alertdialog', { name: 'Log out' });
  await expect(dialog).toContainText('Are you sure you want to log out?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(logout).toBeFocused();
  await expect(userCard(page, 'carol')).toBeVisible();
  // Escape is a cancel too.
  await logout.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(userCard(page, 'carol')).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).first().click();
  await page
    .getByRole('alertdialog', { name: 'Log out' })
    .getByRole('button', { name: 'Log out' })
    .click();
  await expect(page).toHaveURL(/\/main\/public$/);
  await expect(loginForm(page)).toBeVisible();
  await expect(userCard(page, 'carol')).toBeHidden();
  await page.reload();
  await expect(loginForm(page)).toBeVisible();
  await expect(userCard(page, 'carol')).toBeHidden();
});

test('a token revoked behind the app’s back signs out with a notice at the next start', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await signInWithForm(page, 'dave');
  await expect(userCard(page, 'dave')).toBeVisible();
  const stored = await storedCredentials(page);
  // Closed first: an open page would notice the revocation on its next call, before the reload.
  await page.close();
  await revokeBehindTheAppsBack(stored);

  const reopened = await context.newPage();
  await reopened.goto('/main/friends');
  await expect(reopened.getByText('Your session has expired, please sign in again')).toBeVisible();
  await expect(loginForm(reopened)).toBeVisible();
  await expect(userCard(reopened, 'dave')).toBeHidden();
});

test('a token revoked while the app is open signs out at its next call', async ({ page }) => {
  await page.goto('/login');
  await signInWithForm(page, 'erin');
  await expect(userCard(page, 'erin')).toBeVisible();
  const stored = await storedCredentials(page);
  await revokeBehindTheAppsBack(stored);
  // Opening another timeline is the next call (the notifications poll would be, within 10 s).
  await page.locator('a[href="/main/public"]').first().click();
  await expect(page.getByText('Your session has expired, please sign in again')).toBeVisible();
  await expect(loginForm(page)).toBeVisible();
  await expect(userCard(page, 'erin')).toBeHidden();
});
