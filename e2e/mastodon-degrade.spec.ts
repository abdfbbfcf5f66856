import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';
import { signInPagesGrant } from './oauth.ts';
import { ownInstanceTest } from './ownInstance.ts';
import { persistSession, unique } from './session.ts';
import { openSettings } from './settingsDialog.ts';

/**
 * Journeys against a smaller Mastodon-API server (`--flavour mastodon --no-conversations`, like
 * GoToSocial): no conversations or direct timeline, no Pleroma notification-read call, and profile
 * changes read from form data only. The client must find out what the server lacks from its
 * answers, say so plainly, and say "saved" only for what the server really kept.
 */

const { test, instance } = ownInstanceTest(['--flavour', 'mastodon', '--no-conversations']);

const WIDE = { width: 1400, height: 900 };
const NO_DIRECT_MESSAGES =
  'This server has no direct messages: it offers neither conversations nor a direct timeline.';

const token = (username: string) => signInPagesGrant(instance.url, username, DEMO_PASSWORD);

async function mention(from: string, text: string): Promise<void> {
  const response = await fetch(`${instance.url}api/v1/statuses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${from}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status: text }),
  });
  if (!response.ok) throw new Error(`posting failed: ${response.status}`);
}

const noticesRegion = (page: Page) => page.getByRole('region', { name: 'Notices' });
const directMessagesLinks = (page: Page) =>
  page.getByRole('link', { name: 'Direct messages', exact: true }).filter({ visible: true });

/** The unseen count the page title shows: "(N) ..." or 0. */
async function titleCount(page: Page): Promise<number> {
  return Number(/^\((\d+)\)/.exec(await page.title())?.[1] ?? 0);
}

test('direct messages on a server without any: a plain message, and the entry leaves for the session', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  await persistSession(page, await token('alice'));
  await page.goto('/main/friends');
  await expect(page.getByRole('article').first()).toBeVisible();

  // Until the server has answered, the entry is offered; visiting it finds out.
  await directMessagesLinks(page).first().click();
  await expect(page).toHaveURL(/\/users\/alice\/dms$/);
  const main = page.getByRole('main');
  await expect(main.getByText(NO_DIRECT_MESSAGES)).toBeVisible();
  await expect(page.getByRole('button', { name: /Could not load statuses/ })).toHaveCount(0);
  await expect(noticesRegion(page)).toHaveCount(0);
  await expect(directMessagesLinks(page)).toHaveCount(0);

  // Remembered: from now on no page shows the entry, not even while starting up...
  await page.addInitScript(() => {
    const w = window as unknown as { directMessagesLinkSeen: boolean };
    w.directMessagesLinkSeen = false;
    new MutationObserver(() => {
      const links = [...document.querySelectorAll('a')];
      const label = (a: HTMLAnchorElement) => `${a.textContent} ${a.getAttribute('aria-label')}`;
      if (links.some((a) => label(a).includes('Direct messages'))) w.directMessagesLinkSeen = true;
    }).observe(document, { childList: true, subtree: true });
  });
  const linkSeen = () =>
    page.evaluate(
      () => (window as unknown as { directMessagesLinkSeen: boolean }).directMessagesLinkSeen,
    );
  // ...and the page visited by its address says the same.
  await page.reload();
  await expect(main.getByText(NO_DIRECT_MESSAGES)).toBeVisible();
  await page.goto('/main/friends');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home timeline' }).first()).toBeVisible();
  await expect(directMessagesLinks(page)).toHaveCount(0);
  expect(await linkSeen()).toBe(false);
  await expect(noticesRegion(page)).toHaveCount(0);
});

test('mark all as seen holds after a reload, through the read marker', async ({ page }) => {
  await page.setViewportSize(WIDE);
  const bob = await token('bob');
  await mention(bob, unique('@carol first'));
  await mention(bob, unique('@carol second'));
  const pleromaRead: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/pleroma/')) pleromaRead.push(request.url());
  });
  await persistSession(page, await token('carol'));
  await page.goto('/main/friends');
  const panel = page.locator('[data-notifications-panel="column"]');
  await expect.poll(() => titleCount(page)).toBeGreaterThanOrEqual(2);

  await panel.getByRole('button', { name: 'Mark all as seen' }).click();
  await expect.poll(() => titleCount(page)).toBe(0);
  await expect(panel.getByRole('button', { name: 'Mark all as seen' })).toHaveCount(0);

  await page.reload();
  await expect(panel.locator('[data-notification-id]').first()).toBeVisible();
  await expect(panel.locator('[data-notification-id][data-seen="false"]')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Mark all as seen' })).toHaveCount(0);
  expect(await titleCount(page)).toBe(0);

  // Something new afterwards is unseen again.
  const later = unique('@carol third');
  await mention(bob, later);
  await expect(
    panel
      .locator('[data-notification-id][data-seen="false"]')
      .filter({ hasText: later.split(' ').pop()! }),
  ).toBeVisible({ timeout: 20_000 });
  expect(pleromaRead).toEqual([]);
});

test('saving the profile: the server keeps it, and "saved" is said only then', async ({ page }) => {
  await page.setViewportSize(WIDE);
  const dave = await token('dave');
  await persistSession(page, dave);
  await page.goto('/main/friends');
  const dialog = await openSettings(page, 'Profile');
  const name = unique('Dave the diver');
  await dialog.getByRole('textbox', { name: 'Display name' }).fill(name);
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  // The server has it, and after a reload the form starts from it.
  const me = (await (
    await fetch(`${instance.url}api/v1/accounts/verify_credentials`, {
      headers: { authorization: `Bearer ${dave}` },
    })
  ).json()) as { display_name: string };
  expect(me.display_name).toBe(name);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.reload();
  const again = await openSettings(page, 'Profile');
  await expect(again.getByRole('textbox', { name: 'Display name' })).toHaveValue(name);
});
