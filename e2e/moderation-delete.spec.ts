import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';
import { passwordGrant } from './oauth.ts';
import { ownInstanceTest } from './ownInstance.ts';
import { persistSession } from './session.ts';

/**
 * An admin deletes a user from the moderation menu of the user's profile: the app leaves the
 * deleted profile (spec part 2, §4), back to where the admin came from, or home when the
 * profile was where the page opened. Deleting users changes the seed: an instance of its own.
 */

const { test, instance } = ownInstanceTest();

async function deleteFromProfile(page: Page, acct: string) {
  await page.locator('main').getByRole('button', { name: 'Moderation' }).click();
  await page.getByRole('menuitem', { name: 'Delete account' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`delete ${acct}?`);
  await confirm.getByRole('button', { name: 'Delete account' }).click();
}

async function signedInAsAdmin(page: Page) {
  const scopes = 'read write follow admin';
  await persistSession(page, await passwordGrant(instance.url, 'admin', DEMO_PASSWORD, scopes));
}

test('deleting a user from their profile goes back to the screen the admin came from', async ({
  page,
}) => {
  await signedInAsAdmin(page);
  const erin = await passwordGrant(instance.url, 'erin', DEMO_PASSWORD);
  const text = `Erin was here ${Date.now()}`;
  await fetch(`${instance.url}api/v1/statuses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${erin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status: text }),
  });
  await page.goto('/main/public');
  const card = page.getByRole('article').filter({ hasText: text });
  await card.getByRole('link', { name: /@erin$/ }).click();
  // The name opens erin's card; from there, her full profile.
  await page.getByRole('button', { name: 'Open the full profile' }).click();
  await expect(page).toHaveURL(/\/users\/[^/]+$/);
  await expect(page.getByRole('heading', { name: /erin/i }).first()).toBeVisible();
  await deleteFromProfile(page, 'erin');
  await expect(page).toHaveURL(/\/main\/public$/);
});

test('deleting a user from a profile opened directly goes home, not off the site', async ({
  page,
}) => {
  await signedInAsAdmin(page);
  await page.goto('/dave');
  await expect(page.getByRole('heading', { name: /dave/i }).first()).toBeVisible();
  await deleteFromProfile(page, 'dave');
  await expect(page).toHaveURL(/\/main\/friends$/);
});
