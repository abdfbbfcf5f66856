import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe.ts';
import { sentByPage, watchCredentials } from './credentialWatch.ts';
import { expect, test } from './fixtures.ts';
import { signInWithForm } from './session.ts';

/**
 * Several accounts (issue 26): alice adds bob without signing out, they switch back and forth,
 * each sees their own home timeline and notifications, no request made for one carries the
 * other's token, and signing out of bob leaves alice signed in.
 */

/** When a switch was asked for, to time it across the reload (an init script). */
function markSwitchClicks() {
  document.addEventListener(
    'click',
    (event) => {
      const text = (event.target as Element | null)?.closest?.('button')?.textContent ?? '';
      if (text.startsWith('Switch to')) sessionStorage.setItem('switchClicked', String(Date.now()));
    },
    true,
  );
}

const activeToken = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('starling:oauth-token');
    return raw === null ? '' : ((JSON.parse(raw) as { token?: string }).token ?? '');
  });

/**
 * This load asked for its home timeline and notifications with `own` token, and nothing it
 * sent carried `other`.
 */
async function expectOwnRequestsOnly(page: Page, own: string, other: string): Promise<void> {
  await expect
    .poll(async () => {
      const requests = await sentByPage(page);
      const mine = (path: string) =>
        requests.some((r) => r.what.includes(path) && r.credential.includes(own));
      return mine('/api/v1/timelines/home') && mine('/api/v1/notifications');
    })
    .toBe(true);
  expect((await sentByPage(page)).filter((r) => r.credential.includes(other))).toEqual([]);
}

const openAccounts = async (page: Page) => {
  await page.getByRole('button', { name: 'Accounts' }).click();
  return page.getByRole('dialog', { name: 'Accounts' });
};

async function expectInUse(page: Page, handle: string): Promise<void> {
  const dialog = await openAccounts(page);
  await expect(dialog.locator('[aria-current="true"]')).toContainText(handle);
  await dialog.getByRole('button', { name: 'Close' }).click();
}

test('alice adds bob, they switch back and forth with their own tokens, bob signs out and alice stays', async ({
  page,
}) => {
  await page.addInitScript(watchCredentials);
  await page.addInitScript(markSwitchClicks);
  await page.goto('/login');
  await signInWithForm(page, 'alice');
  await expect(page).toHaveURL(/\/main\/friends$/);
  await expect(page.getByRole('article').first()).toBeVisible();
  const aliceToken = await activeToken(page);
  expect(aliceToken).toBeTruthy();

  // Add bob: the sign-in screen opens with alice still offered, and bob signs in.
  let dialog = await openAccounts(page);
  await expectNoA11yViolations(page, 'the account switcher', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Add account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Switch to @alice' })).toBeVisible();
  await signInWithForm(page, 'bob');
  await expect(page).toHaveURL(/\/main\/friends$/);
  await expect(page.getByRole('article').first()).toBeVisible();
  const bobToken = await activeToken(page);
  expect(bobToken).toBeTruthy();
  expect(bobToken).not.toBe(aliceToken);
  await expectOwnRequestsOnly(page, bobToken, aliceToken);

  // Back to alice, then to bob again: each a fresh start with only its own token.
  for (const [handle, own, other] of [
    ['@alice', aliceToken, bobToken],
    ['@bob', bobToken, aliceToken],
  ] as const) {
    dialog = await openAccounts(page);
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: `Switch to ${handle}` }).click();
    await reloaded;
    await expect(page).toHaveURL(/\/main\/friends$/);
    await expect(page.getByRole('article').first()).toBeVisible();
    // From the click to the new account's first status on screen, on the page's clock.
    let took: number | null = null;
    await expect
      .poll(async () => {
        took = await page.evaluate(() => {
          const mark = performance.getEntriesByName('starling:first-status-painted')[0];
          const clicked = Number(sessionStorage.getItem('switchClicked'));
          return mark ? Math.round(performance.timeOrigin + mark.startTime - clicked) : null;
        });
        return took;
      })
      .not.toBeNull();
    test.info().annotations.push({
      type: 'switch',
      description: `to ${handle}: first status ${took} ms after the click`,
    });
    expect(await activeToken(page)).toBe(own);
    await expectOwnRequestsOnly(page, own, other);
    await expectInUse(page, handle);
  }

  // Signing out of bob keeps alice, who takes over.
  await page.getByRole('button', { name: 'Log out' }).first().click();
  const confirm = page.getByRole('alertdialog', { name: 'Log out' });
  const reloaded = page.waitForEvent('load');
  await confirm.getByRole('button', { name: 'Log out' }).click();
  await reloaded;
  expect(await activeToken(page)).toBe(aliceToken);
  await expect(page).toHaveURL(/\/main\/friends$/);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectOwnRequestsOnly(page, aliceToken, bobToken);
  dialog = await openAccounts(page);
  await expect(dialog.locator('[aria-current="true"]')).toContainText('@alice');
  await expect(dialog.getByRole('button', { name: /Switch to/ })).toHaveCount(0);
});
