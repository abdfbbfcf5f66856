import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, expect, postStatus, test } from './fixtures.ts';
import { uniqueTag } from './session.ts';

/** Journeys through the shell's routes as an anonymous visitor of the local instance. */

test('an anonymous visitor landing on / goes to /main/all and sees statuses', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/main\/all$/);
  await expect(page.getByRole('heading', { name: 'The whole known network' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page).toHaveTitle(/The whole known network/);
  expect(consoleErrors).toEqual([]);
});

test('a login-required route sends an anonymous visitor to /main/all', async ({ page }) => {
  await page.goto('/main/friends');
  await expect(page).toHaveURL(/\/main\/all$/);
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('an unknown path shows the not-found screen with a way home', async ({ page }) => {
  await page.goto('/definitely/not/a/route');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await main.getByRole('link', { name: 'Go to the start page' }).click();
  await expect(page).toHaveURL(/\/main\/all$/);
});

test('the about page shows the staff by role, the terms of service, and the limits in MiB', async ({
  page,
}) => {
  await page.goto('/about');
  const main = page.getByRole('main');
  const staff = main.getByRole('region', { name: 'Staff' });
  await expect(staff.getByRole('region', { name: 'Administrators' })).toContainText('@admin');
  await expect(staff.getByRole('region', { name: 'Moderators' })).toContainText('@moderator');
  const terms = main.getByRole('region', { name: 'Terms of service' });
  await expect(terms).toContainText('Be kind to the demo birds.');
  await expect(main.getByRole('region', { name: 'About this instance' })).toContainText(
    'Welcome to Starling',
  );
  const features = page.getByRole('region', { name: 'Features' }).first();
  await expect(features).toContainText('Text limit: 5000 characters');
  await expect(features).toContainText('Upload limit: 15.26 MiB');
});

test('going back restores the scroll position of the timeline', async ({ page }) => {
  // A first page long enough to scroll, however few statuses the instance had before.
  const token = await apiToken('bob', DEMO_PASSWORD);
  const tag = uniqueTag('scrollback');
  for (let n = 1; n <= 20; n += 1) await postStatus(token, `Scroll-back filler ${n} of #${tag}`);

  await page.setViewportSize({ width: 1000, height: 600 });
  await page.goto('/main/all');
  await expect(page.getByRole('article').first()).toContainText(`Scroll-back filler 20 of #${tag}`);
  await expect(page.getByRole('button', { name: 'Load older statuses' })).toBeAttached();
  const position = 600;
  const room = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  expect(room).toBeGreaterThan(position);
  await page.evaluate((y) => window.scrollTo(0, y), position);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(position);

  // An in-app link, clicked where it is (dispatching avoids scrolling it into view first).
  await page.getByRole('link', { name: 'About' }).first().dispatchEvent('click');
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/main\/all$/);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(position);
});
