import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, expect, postStatus, test } from './fixtures.ts';
import { api, persistSession, unique } from './session.ts';

/** The card of one status on the page (not a repeat of it). */
const card = (page: Page, id: string): Locator => page.locator(`article[data-status-id="${id}"]`);

test('favorite, repeat and bookmark show at once with their counts, and reverse', async ({
  page,
  consoleErrors,
}) => {
  const bob = await apiToken('bob', DEMO_PASSWORD);
  const alice = await apiToken('alice', DEMO_PASSWORD);
  const text = unique('Murmuration at dusk');
  const { id } = await postStatus(bob, text);
  await persistSession(page, alice);
  await page.goto('/main/public');
  const post = card(page, id);
  await expect(post).toContainText(text);

  const favourite = post.getByRole('button', { name: 'Favorite' });
  await expect(favourite).toHaveAttribute('aria-pressed', 'false');
  await favourite.click();
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  await expect(favourite).toHaveText('1');

  const repeat = post.getByRole('button', { name: 'Repeat' });
  await repeat.click();
  await expect(repeat).toHaveAttribute('aria-pressed', 'true');
  await expect(repeat).toHaveText('1');

  const bookmark = post.getByRole('button', { name: 'Bookmark' });
  await bookmark.click();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');

  // The server agrees.
  await expect
    .poll(async () => (await api(alice, 'GET', `api/v1/statuses/${id}`)).body)
    .toMatchObject({ favourited: true, reblogged: true, bookmarked: true, favourites_count: 1 });

  await favourite.click();
  await expect(favourite).toHaveAttribute('aria-pressed', 'false');
  await expect(favourite).toHaveText('');
  await repeat.click();
  await expect(repeat).toHaveAttribute('aria-pressed', 'false');
  await expect(repeat).toHaveText('');
  await bookmark.click();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
  await expect
    .poll(async () => (await api(alice, 'GET', `api/v1/statuses/${id}`)).body)
    .toMatchObject({ favourited: false, reblogged: false, bookmarked: false, favourites_count: 0 });
  expect(consoleErrors).toEqual([]);
});

test("a refused favourite is rolled back and the server's error shows on the card", async ({
  page,
}) => {
  const bob = await apiToken('bob', DEMO_PASSWORD);
  const alice = await apiToken('alice', DEMO_PASSWORD);
  const text = unique('Soon to vanish');
  const { id } = await postStatus(bob, text);
  // Polling instead of streaming, so the deletion below does not reach the page first.
  await persistSession(page, alice, { useStreamingApi: false });
  await page.goto('/main/public');
  const post = card(page, id);
  const favourite = post.getByRole('button', { name: 'Favorite' });
  // The action buttons show once the session is restored (the timeline waits for it).
  await expect(favourite).toBeVisible();

  expect((await api(bob, 'DELETE', `api/v1/statuses/${id}`)).status).toBe(200);
  await favourite.click();
  const alert = post.getByRole('alert');
  await expect(alert).toContainText('Record not found');
  await expect(favourite).toHaveAttribute('aria-pressed', 'false');
  await expect(favourite).toHaveText('');
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await expect(post.getByRole('alert')).toHaveCount(0);
});

test('a muted word collapses a post until it is shown', async ({ page }) => {
  const bob = await apiToken('bob', DEMO_PASSWORD);
  const alice = await apiToken('alice', DEMO_PASSWORD);
  const word = unique('durian').replace(' ', '');
  const text = `Today I tried ${word} ice cream`;
  const { id } = await postStatus(bob, text);
  await persistSession(page, alice, { muteWords: [word.toUpperCase()] });
  await page.goto('/main/public');
  const post = card(page, id);
  await expect(post).toContainText('Wordfiltered');
  await expect(post).not.toContainText(text);
  await post.getByRole('button', { name: 'Show' }).click();
  await expect(card(page, id)).toContainText(text);
});

test('an anonymous visitor gets remote-interaction links instead of action buttons', async ({
  page,
}) => {
  const bob = await apiToken('bob', DEMO_PASSWORD);
  const text = unique('Open to the world');
  const { id } = await postStatus(bob, text);
  await page.goto('/main/public');
  const post = card(page, id);
  await expect(post).toContainText(text);
  for (const name of ['Reply', 'Repeat', 'Favorite', 'Bookmark']) {
    await expect(post.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  const remote = new RegExp(`/main/ostatus\\?status_id=${id}$`);
  await expect(post.getByRole('link', { name: 'Reply from your home server' })).toHaveAttribute(
    'href',
    remote,
  );
  await expect(post.getByRole('link', { name: 'Favorite from your home server' })).toHaveAttribute(
    'href',
    remote,
  );
  await expect(post.getByRole('link', { name: 'Interact from your server' })).toHaveAttribute(
    'href',
    remote,
  );
});

test('the report dialog opens from the menu by keyboard and sends the report', async ({ page }) => {
  const bob = await apiToken('bob', DEMO_PASSWORD);
  const alice = await apiToken('alice', DEMO_PASSWORD);
  const text = unique('Something to report');
  const { id } = await postStatus(bob, text);
  await persistSession(page, alice);
  await page.goto('/main/public');
  const post = card(page, id);
  await expect(post).toContainText(text);

  const more = post.getByRole('button', { name: 'More actions' });
  await more.focus();
  await page.keyboard.press('ArrowDown');
  const report = post.getByRole('menuitem', { name: 'Report' });
  for (let step = 0; step < 10; step += 1) {
    if (await report.evaluate((item) => item === document.activeElement)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(report).toBeFocused();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Reporting @bob' });
  await expect(dialog).toBeVisible();
  const comment = dialog.getByRole('textbox');
  await expect(comment).toBeFocused();
  const reason = unique('Spam, keyboard-reported');
  await page.keyboard.type(reason);
  await expect(dialog.getByRole('checkbox', { name: new RegExp(text) })).toBeChecked();
  // No forward option: bob is local.
  await expect(dialog.getByRole('checkbox', { name: /Forward/ })).toHaveCount(0);
  const submit = dialog.getByRole('button', { name: 'Submit' });
  for (let step = 0; step < 30; step += 1) {
    if (await submit.evaluate((button) => button === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(submit).toBeFocused();
  const sent = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/reports') && response.request().method() === 'POST',
  );
  await page.keyboard.press('Enter');
  const response = await sent;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({
    account_id: expect.any(String),
    status_ids: [id],
    comment: reason,
    forward: false,
  });
  expect(await response.json()).toMatchObject({ comment: reason });
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Notices' }).getByText('Report sent'),
  ).toBeVisible();
});

test('a signed-in reload of the public timeline loads its first page once, as the user', async ({
  page,
}) => {
  const alice = await apiToken('alice', DEMO_PASSWORD);
  const text = unique('Favourited before the reload');
  const { id } = await postStatus(alice, text);
  expect((await api(alice, 'POST', `api/v1/statuses/${id}/favourite`)).status).toBe(200);
  await persistSession(page, alice);
  const firstPages: (string | null)[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const paged = url.searchParams.has('since_id') || url.searchParams.has('max_id');
    if (url.pathname === '/api/v1/timelines/public' && !paged) {
      firstPages.push(request.headers()['authorization'] ?? null);
    }
  });
  await page.goto('/main/public');
  // Shown as alice sees it from the start: never an anonymous card replaced a moment later.
  await expect(card(page, id).getByRole('button', { name: 'Favorite' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(firstPages).toEqual([`Bearer ${alice}`]);
});

test("a post's menu shows whole past the edge of its card, whatever the pointer does", async ({
  page,
}) => {
  const alice = await apiToken('alice', DEMO_PASSWORD);
  const { id } = await postStatus(alice, unique('A short post with a long menu'));
  await persistSession(page, alice);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/main/public');
  const post = card(page, id);
  await post.getByRole('button', { name: 'More actions' }).click();
  const items = post.getByRole('menuitem');
  await expect(items.last()).toBeVisible();
  // The pointer leaves the card: the menu still paints past it (cards clip what they paint
  // unless they hold the focus or a popup), so its last item is what a click there reaches.
  await page.mouse.move(5, 5);
  const reached = await items.evaluateAll((elements) =>
    elements.map((item) => {
      const box = item.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && item.contains(top);
    }),
  );
  expect(reached.length).toBeGreaterThan(3);
  expect(reached.every(Boolean)).toBe(true);
  const cardBox = (await post.boundingBox())!;
  const lastItemBox = (await items.last().boundingBox())!;
  // The check means something only if the menu does reach past the card.
  expect(lastItemBox.y + lastItemBox.height).toBeGreaterThan(cardBox.y + cardBox.height);
});
