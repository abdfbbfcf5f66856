import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signedIn } from './session.ts';
import { DEMO_MEMBER } from './demo.ts';

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });
const thirdColumn = (page: Page) =>
  page.getByRole('complementary', { name: 'Notifications', exact: true });

test('mobile: the mobile bar with drawer toggle and notifications button, no sidebar', async ({
  page,
  consoleErrors,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page, DEMO_MEMBER.username);
  await page.goto('/main/public');
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  const notifications = page.getByRole('button', { name: /^Notifications/ });
  await expect(notifications).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Settings', exact: true })).toHaveCount(0);

  await notifications.click();
  const drawer = page.getByRole('dialog', { name: 'Notifications' });
  await expect(drawer).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(notifications).toBeFocused();

  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');

  // The drafts screen is a panel like the others and says what drafts are.
  await page.goto('/drafts');
  const drafts = page.getByRole('region', { name: 'Drafts' });
  await expect(drafts).toContainText('No drafts yet');
  await expect(drafts).toContainText('Whatever you write in the composer');
  const [screenColour, pageColour] = await drafts.evaluate((screen) => [
    getComputedStyle(screen).backgroundColor,
    getComputedStyle(document.documentElement).backgroundColor,
  ]);
  expect(screenColour).not.toBe('rgba(0, 0, 0, 0)');
  expect(screenColour).not.toBe(pageColour);
  // Resource 404s belong to endpoints other features call (e.g. mutes, lists); no script errors here.
  expect(consoleErrors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
});

test('wide: the third column shows for a signed-in user; at normal width the notifications move to the sidebar', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signedIn(page, DEMO_MEMBER.username);
  await page.goto('/main/public');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(sidebar(page)).toBeVisible();
  await expect(thirdColumn(page)).toBeVisible();

  await page.setViewportSize({ width: 1000, height: 800 });
  await expect(thirdColumn(page)).toHaveCount(0);
  await expect(sidebar(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  // Without a notifications column, the notifications sit in the sidebar (spec part 2, §2).
  await expect(
    sidebar(page).getByRole('region', { name: 'Notifications' }).getByRole('feed'),
  ).toBeVisible();
});

test('the settings modal is keyboard-operable from the desktop bar', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto('/main/public');
  const settingsButton = page.getByRole('button', { name: 'Settings', exact: true });
  await settingsButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'General' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  const focusInsideDialog = () =>
    page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
  for (let i = 0; i < 14; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInsideDialog()).toBe(true);
  }
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInsideDialog()).toBe(true);
  }

  // The tab list answers the arrow keys.
  await dialog.getByRole('tab', { name: 'General' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('tab', { name: 'Profile' })).toBeFocused();
  await expect(dialog.getByRole('tab', { name: 'Profile' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(settingsButton).toBeFocused();
});

test('the administration link is there for an administrator only, in a new tab', async ({
  browser,
}) => {
  const adminPage = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  await signedIn(adminPage, 'admin');
  await adminPage.goto(`${process.env.STARLING_URL}main/public`);
  const admin = adminPage.getByRole('link', { name: /Administration/ });
  await expect(admin).toBeVisible();
  await expect(admin).toHaveAttribute('target', '_blank');
  await expect(admin).toHaveAttribute('href', '/pleroma/admin/#/login-pleroma');
  await adminPage.close();

  const memberPage = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  await signedIn(memberPage, DEMO_MEMBER.username);
  await memberPage.goto(`${process.env.STARLING_URL}main/public`);
  await expect(memberPage.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(memberPage.getByRole('link', { name: /Administration/ })).toHaveCount(0);
  await memberPage.close();
});

test("the instance's background fills the window behind the page and stays put while it scrolls", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/main/public');
  await expect(page.getByRole('article').first()).toBeVisible();
  // The one element the instance's image is drawn on (its own layer: nothing repaints it on scroll).
  const wallpaper = page.locator('[style*="background-image"][aria-hidden="true"]');
  await expect(wallpaper).toHaveCount(1);
  await expect
    .poll(() => wallpaper.evaluate((el) => getComputedStyle(el).backgroundImage))
    .toMatch(/background\.png/);
  const covers = () =>
    wallpaper.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return (
        box.top === 0 && box.left === 0 && box.bottom >= innerHeight && box.right >= innerWidth
      );
    });
  expect(await covers()).toBe(true);
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
  expect(await covers()).toBe(true);
});
