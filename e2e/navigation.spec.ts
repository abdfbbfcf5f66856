import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, expect, instanceUrl, test } from './fixtures.ts';
import { signInWithForm } from './session.ts';

/**
 * Journeys for the navigation: what anonymous visitors are offered, pins and collapse following
 * the user to another browser through the server-side settings store, and the mobile drawer.
 * Members other than alice are used so that their changed navigation cannot surprise other
 * journeys sharing the instance.
 */

const SWIPE_PX = 60;

const navPanel = (page: Page) =>
  page.getByRole('navigation', { name: 'Navigation' }).filter({ visible: true }).first();

/** The panel's own entries, without the pinned shortcuts at its top. */
const panelEntryNames = (page: Page) =>
  navPanel(page)
    .locator('a')
    .evaluateAll((links) =>
      links
        .filter((link) => !link.closest('[aria-label="Pinned items"]'))
        .filter((link) => link.textContent?.trim() !== 'Manage lists')
        .map((link) => link.textContent?.trim()),
    );

/** Signs in with the form on screen and waits for the home timeline it lands on. */
async function signIn(page: Page, username: string) {
  await signInWithForm(page, username);
  await expect(page).toHaveURL(/\/main\/friends$/);
}

/** Resolves with the settings store of the first push that satisfies `accept`. */
function settingsPush(page: Page, accept: (store: StoreShape) => boolean) {
  return page.waitForResponse((response) => {
    const request = response.request();
    if (request.method() !== 'PATCH' || !request.url().includes('update_credentials')) return false;
    const body = request.postDataJSON() as { pleroma_settings_store?: { starling?: StoreShape } };
    const store = body.pleroma_settings_store?.starling;
    return response.ok() && store !== undefined && accept(store);
  });
}

interface StoreShape {
  prefsStorage: { simple: { collapseNav?: boolean }; collections: { pinnedNavItems: string[] } };
}

/** Puts the account's navigation settings back to the defaults, for later runs. */
async function resetSettingsStore(username: string) {
  const token = await apiToken(username, DEMO_PASSWORD);
  const response = await fetch(`${instanceUrl()}api/v1/accounts/update_credentials`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pleroma_settings_store: { starling: {} } }),
  });
  expect(response.ok).toBe(true);
}

test('anonymous visitors are offered only the public timelines and about', async ({ page }) => {
  await page.goto('/main/public');
  await expect(navPanel(page)).toBeVisible();
  expect(await panelEntryNames(page)).toEqual([
    'Public timeline',
    'The whole known network',
    'About',
  ]);
  await expect(navPanel(page).getByRole('button', { name: 'Edit pins' })).toHaveCount(0);
  await expect(navPanel(page).getByRole('link', { name: 'Public timeline' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('a pin and a collapsed group follow the user to a new browser', async ({ page, browser }) => {
  const username = 'erin';
  await resetSettingsStore(username);
  try {
    await page.goto('/main/public');
    await signIn(page, username);
    const panel = navPanel(page);
    await expect(panel.getByRole('link', { name: 'Home timeline' }).last()).toBeVisible();

    const pushed = settingsPush(
      page,
      (store) =>
        store.prefsStorage.collections.pinnedNavItems.includes('bookmarks') &&
        store.prefsStorage.simple.collapseNav === true,
    );
    const editToggle = panel.getByRole('button', { name: 'Edit pins' });
    await editToggle.click();
    await expect(editToggle).toHaveAttribute('aria-pressed', 'true');
    const pin = panel.getByRole('button', { name: 'Pin Bookmarks' });
    await expect(pin).toHaveAttribute('aria-pressed', 'false');
    await pin.click();
    await expect(pin).toHaveAttribute('aria-pressed', 'true');
    const pinned = panel.getByRole('list', { name: 'Pinned items' });
    await expect(pinned.getByRole('link', { name: 'Bookmarks' })).toBeVisible();

    const timelines = panel.getByRole('button', { name: 'Timelines' });
    await timelines.click();
    await expect(timelines).toHaveAttribute('aria-expanded', 'false');
    expect(await panelEntryNames(page)).not.toContain('Bookmarks');
    await pushed;

    await page.getByRole('button', { name: 'Log out' }).filter({ visible: true }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/main\/public$/);
    await expect(navPanel(page).getByRole('list', { name: 'Pinned items' })).toHaveCount(0);

    const context = await browser.newContext({ baseURL: instanceUrl() });
    try {
      const other = await context.newPage();
      await other.goto('/main/public');
      await signIn(other, username);
      const otherPanel = navPanel(other);
      await expect(
        otherPanel.getByRole('list', { name: 'Pinned items' }).getByRole('link', {
          name: 'Bookmarks',
        }),
      ).toBeVisible();
      await expect(otherPanel.getByRole('button', { name: 'Timelines' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      expect(await panelEntryNames(other)).not.toContain('Home timeline');
      expect(await panelEntryNames(other)).toContain('Interactions');
    } finally {
      await context.close();
    }
  } finally {
    await resetSettingsStore(username);
  }
});

test.describe('the mobile side drawer', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  const toggle = (page: Page) => page.getByRole('button', { name: 'Menu' });
  const drawer = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

  async function swipeLeft(page: Page, distance: number) {
    await drawer(page).evaluate((element, dx) => {
      const touch = (x: number) =>
        new Touch({ identifier: 1, target: element, clientX: x, clientY: 300 });
      const fire = (type: string, x: number) =>
        element.dispatchEvent(
          new TouchEvent(type, {
            bubbles: true,
            cancelable: true,
            touches: type === 'touchend' ? [] : [touch(x)],
            changedTouches: [touch(x)],
          }),
        );
      fire('touchstart', 200);
      fire('touchend', 200 - dx);
    }, distance);
  }

  test('opens from the toggle with its entries, closes on Escape and on a left swipe', async ({
    page,
  }) => {
    await page.goto('/main/public');
    await toggle(page).click();
    await expect(drawer(page)).toBeVisible();
    const items = drawer(page).getByRole('listitem');
    await expect(items).toHaveText(['Log in', 'Timelines', 'Search', 'Settings', 'About']);
    // Focus starts on the first entry, not on Close.
    expect(
      await drawer(page).evaluate((panel) =>
        panel.querySelector('li')?.contains(document.activeElement),
      ),
    ).toBe(true);

    await page.keyboard.press('Escape');
    await expect(drawer(page)).toHaveCount(0);
    await expect(toggle(page)).toBeFocused();

    await toggle(page).click();
    await swipeLeft(page, 10);
    await expect(drawer(page)).toBeVisible();
    await swipeLeft(page, SWIPE_PX);
    await expect(drawer(page)).toHaveCount(0);
  });

  test('a signed-in member gets the member entries, and a link closes the drawer', async ({
    page,
  }) => {
    await page.goto('/login');
    await signIn(page, 'dave');
    await toggle(page).click();
    // The signed-in accounts come first, then the navigation, which starts with the timelines.
    await expect(drawer(page).getByRole('listitem').first()).toContainText('@dave');
    const items = drawer(page).getByRole('navigation').getByRole('listitem');
    await expect(items.first()).toHaveText('Timelines');
    for (const name of ['Lists', 'Interactions', 'Edit navigation']) {
      await expect(drawer(page).getByRole('link', { name })).toBeVisible();
    }
    await expect(drawer(page).getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(drawer(page).getByRole('link', { name: /Administration/ })).toHaveCount(0);
    await drawer(page).getByRole('link', { name: 'Edit navigation' }).click();
    await expect(page).toHaveURL(/\/nav-edit$/);
    await expect(drawer(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Edit navigation' }).first()).toBeVisible();
  });
});
