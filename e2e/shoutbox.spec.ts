import type { Browser, Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe.ts';
import { expect, instanceUrl, test } from './fixtures.ts';
import { signedIn, unique } from './session.ts';
import { openSettings } from './settingsDialog.ts';

/**
 * The shout box (spec part 1, §2): people talk live on the instance's public channel, on the
 * /shout-panel screen and in the floating panel of wider layouts. That a server without one shows
 * no trace of it is checked with the other Mastodon-flavour journeys (mastodon-flavour.spec.ts).
 */

const WIDE = { width: 1400, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A page in a browser context of its own, signed in as `username`. */
async function pageAs(browser: Browser, username: string, baseURL = instanceUrl()): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: WIDE });
  const page = await context.newPage();
  await signedIn(page, username);
  return page;
}

const messageList = (page: Page) => page.getByRole('region', { name: 'Shoutbox messages' });
const messageInput = (page: Page) => page.getByRole('textbox', { name: 'Message to everyone' });
/** The message saying `text`, with its author's name. */
const shown = (page: Page, text: string) =>
  messageList(page).getByRole('listitem').filter({ hasText: text });

async function shout(page: Page, text: string): Promise<void> {
  await messageInput(page).fill(text);
  await messageInput(page).press('Enter');
  // Sent: the input is cleared once the server has it.
  await expect(messageInput(page)).toHaveValue('');
}

test('alice and bob talk in the shout box, and the messages stay after a reload', async ({
  browser,
}) => {
  const alice = await pageAs(browser, 'alice');
  const bob = await pageAs(browser, 'bob');
  await alice.goto('/shout-panel');
  await bob.goto('/shout-panel');
  await expect(alice.getByRole('heading', { name: 'Shoutbox', level: 1 })).toBeVisible();
  // The floating panel does not repeat the screen.
  await expect(alice.getByRole('button', { name: 'Shoutbox' })).toHaveCount(0);

  const hello = unique('Hello bob');
  await shout(alice, hello);
  await expect(shown(alice, hello)).toBeVisible();
  await expect(shown(bob, hello).getByRole('link', { name: 'alice' })).toBeVisible();

  const reply = unique('Hi alice');
  await shout(bob, reply);
  await expect(shown(alice, reply).getByRole('link', { name: 'bob' })).toBeVisible();
  // Others' messages are announced politely.
  await expect(alice.locator('[data-live-region]')).toContainText(`bob: ${reply}`);

  await expectNoA11yViolations(alice, 'the shout box screen');

  // The server keeps the last messages: a new page gets them on joining.
  await bob.reload();
  await expect(shown(bob, hello)).toBeVisible();
  await expect(shown(bob, reply)).toBeVisible();

  await alice.context().close();
  await bob.context().close();
});

test('the floating panel opens from its bar, sends, stays open across pages, and can be hidden', async ({
  browser,
}) => {
  // Two browsers with their sockets, an axe scan and the settings: more than the default 30 s
  // on a busy machine.
  test.setTimeout(60_000);
  const alice = await pageAs(browser, 'alice');
  const bob = await pageAs(browser, 'bob');
  await bob.goto('/shout-panel');
  await alice.goto('/main/public');

  const bar = alice.getByRole('button', { name: 'Shoutbox' });
  await expect(bar).toHaveAttribute('aria-expanded', 'false');
  await expect(messageInput(alice)).toHaveCount(0);
  await bar.click();
  await expect(bar).toHaveAttribute('aria-expanded', 'true');

  const text = unique('From the corner');
  await shout(alice, text);
  await expect(shown(alice, text)).toBeVisible();
  await expect(shown(bob, text).getByRole('link', { name: 'alice' })).toBeVisible();
  await expectNoA11yViolations(alice, 'the open floating shout box');

  // Open it stays, on another page and after a reload; closed, it is a bar again.
  await alice.goto('/main/friends');
  await expect(shown(alice, text)).toBeVisible();
  await bar.click();
  await expect(bar).toHaveAttribute('aria-expanded', 'false');
  await expect(messageInput(alice)).toHaveCount(0);
  await alice.reload();
  await expect(alice.getByRole('button', { name: 'Shoutbox' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );

  // A General setting hides the floating panel, and brings it back.
  const settings = await openSettings(alice, 'General');
  const hide = settings.getByRole('checkbox', { name: 'Hide the floating shoutbox' });
  await hide.check();
  await expect(bar).toHaveCount(0);
  await hide.uncheck();
  await expect(bar).toBeVisible();

  await alice.context().close();
  await bob.context().close();
});

test('the side drawer of a phone offers the shout box', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signedIn(page, 'alice');
  await page.goto('/main/public');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Shoutbox' }).click();
  await expect(page.getByRole('heading', { name: 'Shoutbox', level: 1 })).toBeVisible();
  await expect(messageInput(page)).toBeVisible();
});
