import type { Locator, Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, expect, instanceUrl, postStatus, test } from './fixtures.ts';
import { persistSession, signedIn, unique } from './session.ts';

/**
 * Journeys for the defects and missing spec parts of the built screens (issue 11): compact
 * attachments, the mobile bar, mention autocomplete, composer notices, the post
 * card's people list, reply preview and spin, and Flash.
 */

const card = (page: Page, text: string): Locator =>
  page.getByRole('article').filter({ hasText: text }).first();

const sidebarForm = (page: Page): Locator =>
  page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('form', { name: 'Post new status' });

test('hide attachments lists a six-photo gallery compactly', async ({ page }) => {
  await persistSession(page, null, { hideAttachments: true });
  await page.goto('/tag/starling');
  const post = card(page, 'Six starlings, six photos');
  const tiles = post.getByRole('button', { name: /^View media \d of 6/ });
  await expect(tiles).toHaveCount(6);
  for (const tile of await tiles.all()) {
    const box = await tile.boundingBox();
    expect(box?.height ?? 0).toBeLessThan(60);
  }
  const gallery = await post.getByRole('group', { name: 'Attachments' }).boundingBox();
  expect(gallery?.height ?? Infinity).toBeLessThan(360);
  await expectNoA11yViolations(
    page,
    'compact attachments',
    '[role="group"][aria-label="Attachments"]',
  );
});

test('the mobile bar keeps six pinned items on one row at 390 and 420 px', async ({ page }) => {
  const token = await signedIn(page, 'moderator');
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto('/main/public');
    const panel = page
      .getByRole('navigation', { name: 'Navigation' })
      .filter({ visible: true })
      .first();
    await panel.getByRole('button', { name: 'Edit pins' }).click();
    const pins = panel.getByRole('button', { name: /^Pin / });
    for (let i = 0; i < 6; i++) {
      const unpinned = pins.and(page.locator('[aria-pressed="false"]')).first();
      await unpinned.click();
    }
    const pinned = panel.getByRole('list', { name: 'Pinned items' }).getByRole('link');
    await expect(pinned).toHaveCount(6);

    for (const width of [390, 420]) {
      await page.setViewportSize({ width, height: 844 });
      const bar = page.getByRole('banner').first();
      const shortcuts = bar.getByRole('list', { name: 'Pinned items' }).getByRole('link');
      await expect(shortcuts.first()).toBeVisible();
      const barBox = (await bar.boundingBox())!;
      expect(barBox.y).toBeGreaterThanOrEqual(0);
      expect(barBox.height).toBeLessThanOrEqual(64);
      const tops = new Set<number>();
      for (const link of await shortcuts.all()) {
        const box = await link.boundingBox();
        if (box) tops.add(Math.round(box.y));
      }
      expect(tops.size).toBe(1);
      // The notifications button's name is 11-a11y's part; the shortcuts are this journey's.
      await expectNoA11yViolations(
        page,
        `mobile bar shortcuts at ${width} px`,
        'header ul[aria-label="Pinned items"]',
      );
    }
  } finally {
    await fetch(`${instanceUrl()}api/v1/accounts/update_credentials`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pleroma_settings_store: { starling: {} } }),
    });
  }
});

test('mention autocomplete finds a known remote account by its whole handle', async ({ page }) => {
  await signedIn(page, 'alice');
  // A handle with a host is never searched for: the account must be one this page has seen. Its
  // post may have left the first page of the timeline, so its profile is visited first.
  await page.goto('/users/kestrel@elsewhere.example');
  await expect(page.getByRole('heading', { name: /Kestrel/ }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Home timeline' }).first().click();
  await expect(page.getByRole('article').first()).toBeVisible();
  const form = sidebarForm(page);
  const text = form.getByRole('textbox', { name: "What's on your mind?" });
  await text.fill('Hello @kestrel@else');
  await expect(page.getByRole('option', { name: /kestrel@elsewhere\.example/ })).toBeVisible();
});

test('the composer clears the empty-status error on typing and warns about safe DMs', async ({
  page,
}) => {
  await signedIn(page, 'erin');
  await page.goto('/main/friends');
  const form = sidebarForm(page);
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(form.getByRole('alert')).toContainText("Can't post an empty status");
  await form.getByRole('textbox', { name: "What's on your mind?" }).pressSequentially('h');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByRole('button', { name: 'Direct' }).click();
  await expect(form).toContainText('only be visible to the users mentioned at the beginning');

  // The format selector is drawn like the toolbar's other controls, not as a native select.
  const format = form.getByRole('combobox', { name: 'Post format' });
  await expect(format).toBeVisible();
  const look = await format.evaluate((select) => {
    const style = getComputedStyle(select);
    return { appearance: style.appearance, radius: parseFloat(style.borderTopLeftRadius) };
  });
  expect(look.appearance).toBe('none');
  expect(look.radius).toBeGreaterThan(0);
});

test("a conversation's focused post lists who favourited it; the reply-to link previews its parent", async ({
  page,
}) => {
  const bob = await apiToken('bob', DEMO_PASSWORD);
  const carol = await apiToken('carol', DEMO_PASSWORD);
  const parentText = unique('Which way did the starlings go');
  const parent = await postStatus(bob, parentText);
  const reply = await fetch(`${instanceUrl()}api/v1/statuses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${carol}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'North, over the river', in_reply_to_id: parent.id }),
  }).then((response) => response.json() as Promise<{ id: string }>);
  for (const user of ['alice', 'dave']) {
    const token = await apiToken(user, DEMO_PASSWORD);
    await fetch(`${instanceUrl()}api/v1/statuses/${parent.id}/favourite`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
  }

  await signedIn(page, 'erin');
  await page.goto(`/notice/${parent.id}`);
  const avatars = page.getByRole('list', { name: 'Who repeated and favorited' });
  await expect(avatars.getByRole('link')).toHaveCount(2);
  await page.getByRole('button', { name: '2 Favorites' }).click();
  const dialog = page.getByRole('dialog', { name: 'Favorited by' });
  await expect(dialog.getByRole('link')).toHaveCount(2);
  await expectNoA11yViolations(page, 'favorited-by dialog', '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.goto(`/notice/${reply.id}`);
  const replyCard = page.locator(`article[data-status-id="${reply.id}"]`);
  // The parent arrives above the reply and moves it; a pointer placed before that would be left
  // outside the moved link, as a person's would. Hover once the conversation has settled.
  await expect(page.locator(`article[data-status-id="${parent.id}"]`)).toBeVisible();
  await replyCard.getByRole('link', { name: /^Reply to/ }).hover();
  await expect(page.getByRole('tooltip')).toContainText(parentText);
});

test('the favourite icon spins when pressed, and not under reduced motion', async ({ page }) => {
  const bob = await apiToken('bob', DEMO_PASSWORD);
  const text = unique('Spin me round');
  const { id } = await postStatus(bob, text);
  await signedIn(page, 'carol');
  await page.goto(`/notice/${id}`);
  const favourite = page
    .locator(`article[data-status-id="${id}"]`)
    .getByRole('button', { name: /^Favorite/ });
  await favourite.click();
  await expect(favourite).toHaveAttribute('data-spinning', 'true');
  await expect(favourite).not.toHaveAttribute('data-spinning', /.*/);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await favourite.click();
  await expect(favourite).toHaveAttribute('aria-pressed', 'false');
  await expect(favourite).not.toHaveAttribute('data-spinning', /.*/);
});

test('a Flash attachment plays with the emulator loaded on demand, and stops', async ({ page }) => {
  const ruffleRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/static/ruffle/')) ruffleRequests.push(request.url());
  });
  const erin = await apiToken('erin', DEMO_PASSWORD);
  const me = (await (
    await fetch(`${instanceUrl()}api/v1/accounts/verify_credentials`, {
      headers: { authorization: `Bearer ${erin}` },
    })
  ).json()) as { id: string };
  const statuses = (await (
    await fetch(`${instanceUrl()}api/v1/accounts/${me.id}/statuses?limit=40`, {
      headers: { authorization: `Bearer ${erin}` },
    })
  ).json()) as { id: string; content: string }[];
  const flash = statuses.find((status) => status.content.includes('Found my old Flash'));
  expect(flash).toBeDefined();
  await page.goto(`/notice/${flash!.id}`);
  const post = card(page, 'Found my old Flash animation');
  const play = post.getByRole('button', { name: /^Play Flash/ });
  await expect(play).toBeVisible();
  expect(ruffleRequests).toEqual([]);
  await expectNoA11yViolations(page, 'flash placeholder', 'main');

  await play.click();
  await expect(
    post.locator('[data-flash-state="playing"], [data-flash-state="error"]'),
  ).toBeVisible({
    timeout: 20_000,
  });
  expect(ruffleRequests.some((url) => url.endsWith('/static/ruffle/ruffle.js'))).toBe(true);
  await expect(post.locator('[data-flash-state="playing"]')).toBeVisible();
  await post.getByRole('button', { name: 'Stop Flash' }).click();
  await expect(post.getByRole('button', { name: /^Play Flash/ })).toBeVisible();
});
