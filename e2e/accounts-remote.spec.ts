import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe.ts';
import { sentByPage, watchCredentials } from './credentialWatch.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, expect, instanceUrl, test } from './fixtures.ts';
import { startInstance, type RunningInstance } from './instance.ts';
import { signInWithForm, unique } from './session.ts';

/**
 * An account on another server (issue 26): signed in as dave on the page's instance, an account
 * on a second local instance (erin there) is added through that server's own sign-in page; its
 * home is that server's, and switching back gives dave's. No request carries a token to the
 * server that did not issue it.
 */

const storedToken = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('starling:oauth-token');
    return (raw === null ? {} : JSON.parse(raw)) as { token?: string; server?: string };
  });

const hostOf = (url: string) => new URL(url).host;

/** Everything this load sent with `token` went to `server`'s host; some of it to its home. */
async function expectTokenOnlyAt(page: Page, token: string, server: string): Promise<void> {
  await expect
    .poll(async () =>
      (await sentByPage(page)).some(
        (r) => r.url.includes('/api/v1/timelines/home') && r.credential.includes(token),
      ),
    )
    .toBe(true);
  const carrying = (await sentByPage(page)).filter((r) => r.credential.includes(token));
  expect(carrying.map((r) => hostOf(r.url.replace(/^ws/, 'http')))).toEqual(
    carrying.map(() => hostOf(server)),
  );
}

let other: RunningInstance;
let erinPost: string;

test.beforeAll(async () => {
  other = await startInstance();
  erinPost = unique('Erin writes from the other server');
  const token = await apiToken('erin', DEMO_PASSWORD, other.url);
  const response = await fetch(`${other.url}api/v1/statuses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status: erinPost, visibility: 'private' }),
  });
  expect(response.ok).toBe(true);
});
test.afterAll(async () => other?.stop());

const openAccounts = async (page: Page) => {
  await page.getByRole('button', { name: 'Accounts' }).click();
  return page.getByRole('dialog', { name: 'Accounts' });
};

test('dave adds erin from another server, her home comes from there, and back to dave', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.addInitScript(watchCredentials);
  await page.goto('/login');
  await signInWithForm(page, 'dave');
  await expect(page).toHaveURL(/\/main\/friends$/);
  await expect(page.getByRole('article').first()).toBeVisible();
  const dave = (await storedToken(page)).token ?? '';
  expect(dave).toBeTruthy();

  // Add account → on another server: the address, then that server's own sign-in page.
  await (await openAccounts(page)).getByRole('button', { name: 'Add account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Add an account on another server' }).click();
  const address = page.getByLabel('Server address');
  await address.fill('not a server');
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await expect(address).toHaveAccessibleDescription(/Enter a server’s domain/);
  await expectNoA11yViolations(page, 'the sign-in screen with the other-server form');
  await address.fill(other.url);
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`^${other.url}oauth/authorize\\?`));
  await page.getByLabel('Username or e-mail').fill('erin');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Authorize' }).click();

  // Back on this page: erin's home timeline, served by the other instance.
  await expect(page).toHaveURL(new RegExp(`^${instanceUrl()}main/friends$`));
  await expect(page.getByRole('article').filter({ hasText: erinPost })).toBeVisible();
  const erin = await storedToken(page);
  expect(erin.token).toBeTruthy();
  expect(erin.server).toBe(other.url.replace(/\/$/, ''));
  await expectTokenOnlyAt(page, erin.token ?? '', other.url);
  expect((await sentByPage(page)).filter((r) => r.credential.includes(dave))).toEqual([]);

  // Back to dave: a fresh start on the page's own instance, erin's token nowhere.
  const dialog = await openAccounts(page);
  await expect(dialog.locator('[aria-current="true"]')).toContainText(`@erin@${hostOf(other.url)}`);
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Switch to @dave' }).click();
  await reloaded;
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await storedToken(page)).toEqual({ token: dave });
  await expectTokenOnlyAt(page, dave, instanceUrl());
  await expect(page.getByRole('article').filter({ hasText: erinPost })).toHaveCount(0);
  expect((await sentByPage(page)).filter((r) => r.credential.includes(erin.token ?? ''))).toEqual(
    [],
  );
});
