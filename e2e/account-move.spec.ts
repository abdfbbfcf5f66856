import { expect, type Browser, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { ownInstanceTest } from './ownInstance.ts';
import { apiToken } from './fixtures.ts';
import { api, persistSession, unique } from './session.ts';
import { openSettings } from './settingsDialog.ts';

/**
 * Moving and deleting accounts. These change demo users for good (alice moves away, dave is
 * deleted), so they run against an instance of their own rather than the one the other journeys
 * share.
 */

const { test, instance } = ownInstanceTest();

const DIALOG = '[role="dialog"]';
const WIDE = { width: 1400, height: 900 };

const call = <T = Record<string, unknown>>(
  token: string | null,
  method: string,
  path: string,
  body?: object,
) => api<T>(token, method, path, body, instance.url);

const tokenFor = (username: string) => apiToken(username, DEMO_PASSWORD, instance.url);

/** A page in a browser context of its own, signed in as `username`. */
async function pageAs(browser: Browser, username: string): Promise<{ page: Page; token: string }> {
  const context = await browser.newContext({ baseURL: instance.url, viewport: WIDE });
  const page = await context.newPage();
  const token = await tokenFor(username);
  await persistSession(page, token);
  return { page, token };
}

/** The settings dialog on `tab`, opened from the public timeline. */
async function settingsAt(page: Page, tab: string) {
  await page.goto('/main/public');
  return openSettings(page, tab);
}

const openSecurity = (page: Page) => settingsAt(page, 'Security');

test('carol claims alice as an alias, alice moves to carol, and bob follows carol now', async ({
  browser,
  ownInstance,
}) => {
  test.setTimeout(90_000);
  const host = new URL(ownInstance.url).host;

  const carol = await pageAs(browser, 'carol');
  const carolsSettings = await openSecurity(carol.page);
  const aliases = carolsSettings.getByRole('region', { name: 'Account aliases' });
  await aliases.getByLabel('Account (name@host)').fill('alice');
  await aliases.getByRole('button', { name: 'Add alias' }).click();
  await expect(aliases.getByRole('list', { name: 'Account aliases' })).toContainText(
    `alice@${host}`,
  );
  await carol.page.context().close();

  const alice = await pageAs(browser, 'alice');
  const settings = await openSecurity(alice.page);
  const move = settings.getByRole('region', { name: 'Move account' });
  await move.getByLabel('New account (name@host)').fill('carol');
  await move.getByLabel('Current password').fill('not-the-password');
  await move.getByRole('button', { name: 'Move account' }).click();
  const confirm = alice.page.getByRole('alertdialog');
  await expect(confirm).toContainText('Move your followers to the other account?');
  await confirm.getByRole('button', { name: 'Move account' }).click();
  await expect(move.getByRole('alert')).toHaveText('Error moving the account: Invalid password.');

  await move.getByLabel('Current password').fill(DEMO_PASSWORD);
  await move.getByRole('button', { name: 'Move account' }).click();
  await alice.page.getByRole('alertdialog').getByRole('button', { name: 'Move account' }).click();
  await expect(move.getByRole('status')).toHaveText(
    'Moved to carol. Your followers have been told.',
  );
  await expect(move).toContainText('This account has moved to @carol.');
  await expectNoA11yViolations(alice.page, 'the Security tab after a move', DIALOG);
  await alice.page.context().close();

  // bob followed alice (demo data): he is told, and follows carol instead.
  const bob = await pageAs(browser, 'bob');
  await bob.page.goto('/bob/notifications');
  const screen = bob.page.locator('[data-notifications-panel="screen"]');
  const moved = screen
    .locator('[data-notification-id]')
    .filter({ hasText: 'moved to' })
    .filter({ hasText: '@carol' });
  await expect(moved.first()).toBeVisible();
  await expect(moved.first()).toContainText('Alice Lark');
  await expectNoA11yViolations(
    bob.page,
    'the notifications screen with a move',
    '[data-notifications-panel] > div:first-child, [data-notification-id]',
  );

  // alice's profile says where she went.
  await bob.page.goto('/users/alice');
  const notice = bob.page.locator('main').getByText('has moved to');
  await expect(notice).toBeVisible();
  await expectNoA11yViolations(bob.page, 'the profile of a moved account');
  await notice.getByRole('link', { name: '@carol' }).click();
  await expect(bob.page).toHaveURL(/\/users\/carol$/);
  await expect(
    bob.page.locator('main').getByRole('button', { name: /^(Following!|Unfollow)$/ }),
  ).toBeVisible();
  const carolId = (
    await call<{ id: string }>(bob.token, 'GET', 'api/v1/accounts/lookup?acct=carol')
  ).body.id;
  const aliceId = (
    await call<{ id: string }>(bob.token, 'GET', 'api/v1/accounts/lookup?acct=alice')
  ).body.id;
  const relations = await call<{ id: string; following: boolean }[]>(
    bob.token,
    'GET',
    `api/v1/accounts/relationships?id[]=${carolId}&id[]=${aliceId}`,
  );
  expect(relations.body.map((r) => [r.id, r.following])).toEqual([
    [carolId, true],
    [aliceId, false],
  ]);
  await bob.page.context().close();
});

test('dave deletes his account: a wrong password is refused, then his posts are gone and he is signed out', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const dave = await pageAs(browser, 'dave');
  const text = unique('Posted before leaving');
  const posted = await call<{ id: string }>(dave.token, 'POST', 'api/v1/statuses', {
    status: text,
  });
  expect(posted.status).toBe(200);

  const settings = await openSecurity(dave.page);
  const section = settings.getByRole('region', { name: 'Delete account' });
  await section.getByLabel('Current password').fill('not-the-password');
  await section.getByRole('button', { name: 'Delete account' }).click();
  await dave.page.getByRole('alertdialog').getByRole('button', { name: 'Delete account' }).click();
  await expect(section.getByRole('alert')).toContainText('contact the administrator');
  expect((await call(null, 'GET', `api/v1/statuses/${posted.body.id}`)).status).toBe(200);

  await section.getByLabel('Current password').fill(DEMO_PASSWORD);
  await section.getByRole('button', { name: 'Delete account' }).click();
  await dave.page.getByRole('alertdialog').getByRole('button', { name: 'Delete account' }).click();
  await expect(dave.page).toHaveURL(/\/account-deleted$/);
  await expect(dave.page.getByRole('heading', { name: 'Account deleted' })).toBeVisible();
  await expect(dave.page.getByRole('button', { name: 'Log in' }).first()).toBeVisible();
  await expectNoA11yViolations(dave.page, 'the account-deleted screen');

  // Gone from the public timeline and from erin's home (she followed dave), and signed out.
  await dave.page.getByRole('link', { name: 'Go to the public timeline' }).click();
  await expect(dave.page.getByRole('article').first()).toBeVisible();
  await expect(dave.page.getByRole('article').filter({ hasText: text })).toHaveCount(0);
  const erin = await tokenFor('erin');
  const home = await call<{ id: string }[]>(erin, 'GET', 'api/v1/timelines/home?limit=40');
  expect(home.body.some((s) => s.id === posted.body.id)).toBe(false);
  expect((await call(dave.token, 'GET', 'api/v1/accounts/verify_credentials')).status).toBe(401);
  await dave.page.context().close();
});

test('erin shows her birthday to others, then hides it again', async ({ browser }) => {
  test.setTimeout(60_000);
  const erin = await pageAs(browser, 'erin');
  const bob = await pageAs(browser, 'bob');
  const meta = (page: Page) => page.locator('main').getByText(/Joined /);

  const save = async (show: boolean) => {
    const dialog = await settingsAt(erin.page, 'Profile');
    const form = dialog.getByRole('form', { name: 'Profile' });
    await form.getByLabel('Birthday', { exact: true }).fill('1994-03-07');
    await form.getByLabel('Show my birthday on my profile').setChecked(show);
    await form.getByRole('button', { name: 'Save profile' }).click();
    await expect(form.getByRole('status')).toHaveText('Settings saved');
    return dialog;
  };

  const dialog = await save(true);
  await expectNoA11yViolations(erin.page, 'the Profile tab with show-birthday', DIALOG);
  await bob.page.goto('/users/erin');
  await expect(meta(bob.page)).toContainText('Birthday: 3/7/1994');

  await dialog.getByRole('button', { name: 'Close' }).click();
  await save(false);
  await bob.page.reload();
  await expect(meta(bob.page)).toBeVisible();
  await expect(meta(bob.page)).not.toContainText('Birthday');
  // erin still sees it on her own profile, marked as hers alone.
  await erin.page.goto('/users/erin');
  await expect(meta(erin.page)).toContainText('Birthday: 3/7/1994 (only you see it)');
  await erin.page.context().close();
  await bob.page.context().close();
});
