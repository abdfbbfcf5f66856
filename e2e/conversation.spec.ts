import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, expect, instanceUrl, postStatus, test } from './fixtures.ts';
import { persistSession, unique } from './session.ts';
import { expectNoA11yViolations } from './axe.ts';

/** Journeys through a conversation (/notice/:id): tree and linear modes, branches, dive, scroll. */

interface RawStatus {
  id: string;
  content: string;
  in_reply_to_id: string | null;
}

async function getJson<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${instanceUrl()}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The seeded deep thread (server/src/seed/content.ts): found through the API as alice's status
 * with the most descendants; returns its statuses as the viewer sees them, by a word of their text.
 */
async function seededThread(token: string) {
  const alice = await getJson<{ id: string }>(token, 'api/v1/accounts/lookup?acct=alice');
  const statuses = await getJson<RawStatus[]>(
    token,
    `api/v1/accounts/${alice.id}/statuses?limit=40`,
  );
  let best: { root: RawStatus; descendants: RawStatus[] } | null = null;
  for (const status of statuses.filter((s) => s.in_reply_to_id === null)) {
    const context = await getJson<{ descendants: RawStatus[] }>(
      token,
      `api/v1/statuses/${status.id}/context`,
    );
    if (!best || context.descendants.length > best.descendants.length) {
      best = { root: status, descendants: context.descendants };
    }
  }
  if (!best || best.descendants.length < 10) throw new Error('the seeded deep thread is missing');
  const all = [best.root, ...best.descendants];
  const find = (words: string) => {
    const found = all.find((status) => status.content.includes(words));
    if (!found) throw new Error(`no status saying "${words}" in the thread`);
    return found.id;
  };
  return { root: best.root.id, all, find };
}

const thread = (page: Page) => page.getByRole('list', { name: 'Statuses of the conversation' });
const item = (page: Page, id: string): Locator => page.locator(`li[data-thread-status="${id}"]`);
/** An item's own buttons (its card and thread controls), not those of the replies nested in it. */
const ownButton = (page: Page, id: string, name: string | RegExp) =>
  item(page, id).locator(':scope > div').getByRole('button', { name });

test('a deep thread in tree and linear modes, with branches, dive and undive', async ({
  page,
  consoleErrors,
}) => {
  const token = await apiToken('alice', DEMO_PASSWORD);
  const { root, all, find } = await seededThread(token);
  const crows = find('Counterpoint: crows'); // depth 3
  const federate = find('Crows would federate'); // depth 4, on the main line
  const puffins = find('Branching off: puffins'); // depth 4, a branch
  const service = find('Thank you for your service'); // depth 5, below the branch
  await persistSession(page, token);
  await page.goto(`/notice/${crows}`);

  // The focused status is highlighted and in view, its ancestors above it.
  const focused = item(page, crows);
  await expect(focused).toHaveAttribute('aria-current', 'true');
  await expect(focused.locator('article').first()).toBeInViewport();
  await expect(thread(page)).toHaveAttribute('aria-busy', 'false');
  const rootBox = await item(page, root).boundingBox();
  const focusedBox = await focused.boundingBox();
  expect(rootBox!.y).toBeLessThan(focusedBox!.y);
  await expect(item(page, root)).not.toHaveAttribute('aria-current', 'true');

  // Tree: the two replies nest under it; the branch's own reply waits behind show replies.
  await expect(item(page, federate)).toHaveAttribute('data-level', '5');
  await expect(item(page, puffins)).toHaveAttribute('data-level', '5');
  await expect(item(page, service)).toHaveCount(0);
  const showReplies = ownButton(page, puffins, 'Show replies (1)');
  await expect(showReplies).toHaveAttribute('aria-expanded', 'false');
  await showReplies.click();
  await expect(item(page, service)).toBeVisible();
  await expect(ownButton(page, puffins, 'Hide replies')).toHaveAttribute('aria-expanded', 'true');

  // Linear: every status of the conversation once, in order.
  await page.getByRole('button', { name: 'Linear' }).click();
  await expect(page.getByRole('button', { name: 'Linear' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const context = await getJson<{ ancestors: RawStatus[]; descendants: RawStatus[] }>(
    token,
    `api/v1/statuses/${crows}/context`,
  );
  const expected = [...context.ancestors, { id: crows }, ...context.descendants].map((s) => s.id);
  await expect(thread(page).locator('li')).toHaveCount(expected.length);
  const shown = await thread(page)
    .locator('li')
    .evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.threadStatus));
  expect(shown).toEqual([...expected].sort());
  expect(all.length).toBeGreaterThanOrEqual(shown.length);

  // Back to the tree; dive into the main line by keyboard.
  await page.getByRole('button', { name: 'Tree' }).click();
  const dive = ownButton(page, federate, /^Focus on this thread, the post by @/);
  // A button's visible words are part of its name, or speech control cannot find it.
  await expectNoA11yViolations(page, 'a conversation tree with dive buttons');
  await dive.focus();
  await page.keyboard.press('Enter');
  await expect(item(page, federate)).toHaveAttribute('data-level', '1');
  await expect(item(page, federate)).toBeFocused();
  // The branch is hidden now, counted on its parent's 'show other replies'.
  await expect(item(page, puffins)).toHaveCount(0);
  const otherReplies = ownButton(page, crows, 'Show other replies (2)');
  await expect(otherReplies).toBeVisible();
  await otherReplies.click();
  await expect(item(page, puffins)).toBeVisible();
  await expect(item(page, crows)).toHaveAttribute('data-level', '1');

  // Undive: the whole conversation again.
  const undive = page.getByRole('button', { name: 'Back to the whole conversation' });
  await undive.focus();
  await page.keyboard.press('Enter');
  await expect(undive).toHaveCount(0);
  await expect(item(page, root)).toHaveAttribute('data-level', '1');
  await expect(item(page, crows)).toHaveAttribute('data-level', '4');

  // Collapse to the focused status, then show the whole conversation again.
  await page.getByRole('button', { name: 'Collapse conversation' }).click();
  await expect(thread(page).locator('li')).toHaveCount(1);
  await page.getByRole('button', { name: /^Show the whole conversation \(\d+\)$/ }).click();
  await expect(item(page, root)).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('opening a conversation from a scrolled timeline keeps the page scrolled to the status', async ({
  page,
  consoleErrors,
}) => {
  const token = await apiToken('bob', DEMO_PASSWORD);
  const tag = `convscroll${Date.now().toString(36)}`;
  // A chain of ten replies, each one newer: the newest is on top of the timeline.
  const ids: string[] = [];
  for (let i = 0; i < 10; i++) {
    const response = await fetch(`${instanceUrl()}api/v1/statuses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        status: `Chain link ${i} #${tag}`,
        visibility: 'public',
        in_reply_to_id: ids.at(-1),
      }),
    });
    ids.push(((await response.json()) as { id: string }).id);
  }
  const target = ids[6]!;
  await page.goto(`/tag/${tag}`);
  const card = page.locator(`article[data-status-id="${target}"]`);
  await expect(card).toBeVisible();
  await card.evaluate((element) =>
    window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 120),
  );
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  await card.locator(`a[href="/notice/${target}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/notice/${target}$`));
  const focused = item(page, target);
  await expect(focused).toHaveAttribute('aria-current', 'true');
  await expect(thread(page)).toHaveAttribute('aria-busy', 'false');
  // Six ancestors sit above it: the page is scrolled down to it, not reset to the top.
  await expect(item(page, ids[0]!)).toBeVisible();
  await expect(focused.locator('article').first()).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect(consoleErrors).toEqual([]);
});

test('a repeat opens the original’s conversation; an unknown status says not found', async ({
  page,
}) => {
  const token = await apiToken('carol', DEMO_PASSWORD);
  const { find } = await seededThread(token);
  const original = find('Crows would federate');
  const response = await fetch(`${instanceUrl()}api/v1/statuses/${original}/reblog`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const repeat = (await response.json()) as { id: string; reblog: { id: string } | null };
  expect(repeat.reblog?.id).toBe(original);
  await persistSession(page, token);

  await page.goto(`/notice/${repeat.id}`);
  await expect(item(page, original)).toHaveAttribute('aria-current', 'true');
  await expect(item(page, repeat.id)).toHaveCount(0);

  await page.goto('/notice/does-not-exist');
  await expect(
    page.getByText('Not found. This status does not exist, or you may not see it.'),
  ).toBeVisible();
});

test('a reply posted from the conversation appears in it at once, and is counted', async ({
  page,
}) => {
  const bob = await apiToken('bob', DEMO_PASSWORD);
  const carol = await apiToken('carol', DEMO_PASSWORD);
  const original = await postStatus(bob, unique('Where do the starlings sleep'));
  await persistSession(page, carol);

  await page.goto(`/notice/${original.id}`);
  await expect(item(page, original.id)).toHaveAttribute('aria-current', 'true');
  await ownButton(page, original.id, 'Reply').click();
  const dialog = page.getByRole('dialog', { name: 'Reply' });
  const text = unique('In the reeds by the river');
  const field = dialog.getByRole('textbox', { name: 'Your reply' });
  await field.press('End');
  await field.pressSequentially(text);
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  const thread = page.getByRole('list', { name: 'Statuses of the conversation' });
  await expect(thread.getByText(text)).toBeVisible();
  await expect(ownButton(page, original.id, 'Reply 1')).toBeVisible();
});

test('a thread opened at its root shows the root whole, below the sticky headers', async ({
  page,
}) => {
  const token = await apiToken('alice', DEMO_PASSWORD);
  const { root } = await seededThread(token);
  await persistSession(page, token);
  for (const viewport of [
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`/notice/${root}`);
    const card = item(page, root).locator('article').first();
    await expect(item(page, root)).toHaveAttribute('aria-current', 'true');
    await expect(thread(page)).toHaveAttribute('aria-busy', 'false');
    // The thread is long: the root's card starts under the conversation's sticky header.
    const header = page.locator('section[aria-labelledby="conversation-title"] > *').first();
    await expect
      .poll(async () => {
        const [cardBox, headerBox] = [await card.boundingBox(), await header.boundingBox()];
        return cardBox && headerBox ? cardBox.y - (headerBox.y + headerBox.height) : -1;
      })
      .toBeGreaterThanOrEqual(0);
  }
});
