import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { api, signedIn, unique } from './session.ts';

/** Reading by keyboard alone: the feed pattern and the reading keys (issue 11). */

const focusedPost = (page: Page) =>
  page.evaluate(() => {
    const post = document.activeElement?.closest<HTMLElement>('article[data-status-id]');
    return post && post === document.activeElement
      ? {
          id: post.dataset.statusId ?? '',
          position: post.getAttribute('aria-posinset'),
          name: post.getAttribute('aria-label') ?? '',
        }
      : null;
  });

/** The home feed's posts in reading order (other journeys' posts may arrive at its top). */
const feedIds = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[role="feed"] article[data-status-id]')].map(
      (post) => post.dataset.statusId ?? '',
    ),
  );

test('reads a timeline with j and k, favourites, opens and replies without a mouse', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  const alice = await signedIn(page, 'alice');
  await page.goto('/main/friends');
  const home = page.getByRole('feed', { name: 'Home timeline' });
  await expect(home.getByRole('article').nth(3)).toBeVisible();
  // The action bars load after the first paint.
  await expect(home.getByRole('button', { name: /^Favorite/ }).nth(2)).toBeVisible();

  const topBefore = (await feedIds(page))[0]!;
  await page.keyboard.press('j');
  const first = await focusedPost(page);
  expect(first).not.toBeNull();
  // With none focused, j takes the first post: the top one, or one that arrived above it since.
  let order = await feedIds(page);
  expect(order.indexOf(first!.id)).toBeGreaterThanOrEqual(0);
  expect(order.indexOf(first!.id)).toBeLessThanOrEqual(order.indexOf(topBefore));
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await page.keyboard.press('j');
  const third = await focusedPost(page);
  order = await feedIds(page);
  expect(order.indexOf(third!.id) - order.indexOf(first!.id)).toBe(2);
  // The post's name reads author, time and the start of its text.
  expect(third!.name).toMatch(/^[^,]+, (just now|\d+ \w+ ago), ./);

  const post = page.locator(`article[data-status-id="${third!.id}"]`);
  const favourite = post.getByRole('button', { name: /^Favorite/ });
  const before = await favourite.getAttribute('aria-pressed');
  await page.keyboard.press('f');
  await expect(favourite).toHaveAttribute('aria-pressed', before === 'true' ? 'false' : 'true');
  // Favouriting keeps the focus on the post.
  expect((await focusedPost(page))?.id).toBe(third!.id);

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/notice\//);
  const heading = page.getByRole('heading', { level: 1, name: 'Conversation' });
  await expect(heading).toBeFocused();
  await page.waitForLoadState('networkidle');

  // From the heading, j goes to the conversation's own post.
  await page.keyboard.press('j');
  const opened = await focusedPost(page);
  expect(opened).not.toBeNull();
  await expect(
    page.locator(`article[data-status-id="${opened!.id}"][data-focused-status]`),
  ).toHaveCount(1);
  await page.keyboard.press('r');
  const dialog = page.getByRole('dialog', { name: 'Reply' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole('textbox', { name: 'Your reply' });
  await expect(field).toBeFocused();
  // Typing in the field fires none of the keys (j, k, f, r...).
  const reply = unique('A reply by keyboard, just fine');
  await page.keyboard.press('End');
  await page.keyboard.type(reply);
  await expect(field).toHaveValue(new RegExp(`${reply}$`));
  await page.keyboard.press('Control+Enter');
  await expect(dialog).toHaveCount(0);
  const context = await api<{ descendants: { content: string; in_reply_to_id: string }[] }>(
    alice,
    'GET',
    `api/v1/statuses/${opened!.id}/context`,
  );
  expect(context.body.descendants).toContainEqual(
    expect.objectContaining({
      in_reply_to_id: opened!.id,
      content: expect.stringContaining(reply),
    }),
  );
  expect(consoleErrors).toEqual([]);
});

test('n starts a new post, / goes to search, g then p goes to the public timeline, ? lists the keys', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signedIn(page, 'alice');
  await page.goto('/main/friends');
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible();

  await page.keyboard.press('n');
  const composer = page.getByRole('dialog', { name: 'New post' });
  await expect(composer).toBeVisible();
  // The dialog opens on its text, not on Close, and the page behind it is inert.
  await expect(composer.getByRole('textbox', { name: "What's on your mind?" })).toBeFocused();
  await expect
    .poll(() => page.locator('main').evaluate((main) => main.closest('[inert]') !== null))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(composer).toHaveCount(0);
  expect(await page.locator('main').evaluate((main) => main.closest('[inert]') !== null)).toBe(
    false,
  );

  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();
  // Typed into the search field, g and p are only letters.
  await page.keyboard.type('gp');
  await expect(page).toHaveURL(/\/main\/friends$/);
  await page.getByRole('feed').getByRole('article').first().focus();

  await page.keyboard.press('g');
  await page.keyboard.press('p');
  await expect(page).toHaveURL(/\/main\/public$/);
  await expect(page.getByRole('heading', { level: 1, name: /Public timeline/ })).toBeFocused();

  // m opens the focused post's own menu (not the reaction picker).
  await expect(
    page.getByRole('feed').getByRole('button', { name: 'More actions' }).first(),
  ).toBeVisible();
  // j from the heading reaches a post once the list below it is ready.
  await expect(async () => {
    await page.keyboard.press('j');
    expect(await focusedPost(page)).not.toBeNull();
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('m');
  await expect(page.getByRole('menuitem').first()).toBeFocused();
  await expect(page.getByRole('menuitem', { name: 'Copy link to post' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  await page.keyboard.press('?');
  const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(keys).toContainText('Favorite');
  await expectNoA11yViolations(page, 'key list', '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(keys).toHaveCount(0);
});

test('the new-post button comes right after the top bar in the tab order', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signedIn(page, 'alice');
  await page.goto('/main/friends');
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible();
  const button = page.getByRole('button', { name: 'New post' });
  let presses = 0;
  while (presses < 25) {
    await page.keyboard.press('Tab');
    presses += 1;
    if (await button.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(button).toBeFocused();
  expect(presses).toBeLessThan(15);
});
