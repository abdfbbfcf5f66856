import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, expect, instanceUrl, test } from './fixtures.ts';
import { signedIn, unique } from './session.ts';

/** Posts a public status with a poll through the API, as another account would. */
async function postPoll(
  username: string,
  text: string,
  options: string[],
  multiple = false,
): Promise<{ id: string }> {
  const token = await apiToken(username, DEMO_PASSWORD);
  const response = await fetch(`${instanceUrl()}api/v1/statuses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      status: text,
      visibility: 'public',
      poll: { options, expires_in: 3600, multiple },
    }),
  });
  if (!response.ok) throw new Error(`posting a poll failed: ${response.status}`);
  return (await response.json()) as { id: string };
}

async function postText(username: string, text: string): Promise<{ id: string }> {
  const token = await apiToken(username, DEMO_PASSWORD);
  const response = await fetch(`${instanceUrl()}api/v1/statuses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status: text, visibility: 'public' }),
  });
  if (!response.ok) throw new Error(`posting failed: ${response.status}`);
  return (await response.json()) as { id: string };
}

const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test('media viewer: opens from the six-photo gallery, arrows wrap, Escape and back close it', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/tag/starling');
  const gallery = card(page, 'Six starlings, six photos').first();
  await expect(gallery).toBeVisible();
  const tiles = gallery.getByRole('button', { name: /^View media \d of 6/ });
  await expect(tiles).toHaveCount(6);

  await tiles.nth(4).click();
  const viewer = page.getByRole('dialog', { name: /Media viewer/ });
  await expect(viewer).toBeVisible();
  await expect(viewer).toContainText('5 of 6');
  const shown = viewer.locator('img');
  // The spinner goes once the image has loaded.
  await expect(viewer.getByRole('status')).toHaveCount(0);
  await expect(shown).toBeVisible();

  await page.keyboard.press('ArrowRight');
  await expect(viewer).toContainText('6 of 6');
  await page.keyboard.press('ArrowRight');
  await expect(viewer).toContainText('1 of 6');
  await page.keyboard.press('ArrowLeft');
  await expect(viewer).toContainText('6 of 6');
  await viewer.getByRole('button', { name: 'Next media' }).click();
  await expect(viewer).toContainText('1 of 6');

  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(page).toHaveURL(/\/tag\/starling$/);

  // Browser back closes it, and leaves the page where it was.
  await tiles.first().click();
  await expect(page.getByRole('dialog', { name: /Media viewer/ })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog', { name: /Media viewer/ })).toHaveCount(0);
  await expect(page).toHaveURL(/\/tag\/starling$/);
  await expect(gallery).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('poll: alice votes in a poll and sees the results', async ({ page, consoleErrors }) => {
  const text = unique('Poll for the journey: favourite wader?');
  await postPoll('bob', text, ['Curlew', 'Avocet', 'Redshank']);
  await signedIn(page, 'alice');
  await page.goto('/main/public');
  const status = card(page, text);
  const poll = status.getByRole('group', { name: 'Poll' });
  await expect(poll.getByRole('radio')).toHaveCount(3);
  const vote = poll.getByRole('button', { name: 'Vote' });
  await expect(vote).toBeDisabled();
  await poll.getByRole('radio', { name: 'Avocet' }).check();
  await expect(vote).toBeEnabled();
  await vote.click();
  await expect(poll.getByRole('radio')).toHaveCount(0);
  await expect(poll).toContainText('100%');
  await expect(poll).toContainText('1 person voted');
  await expect(poll).toContainText('Your choice');
  await expect(poll).toContainText(/closes in/);
  expect(consoleErrors).toEqual([]);
});

test('poll: an anonymous visitor sees results without voting controls', async ({
  page,
  consoleErrors,
}) => {
  const text = unique('Poll for visitors: best nest?');
  await postPoll('carol', text, ['Cup', 'Cavity'], true);
  await page.goto('/main/public');
  const poll = card(page, text).getByRole('group', { name: 'Poll' });
  await expect(poll).toContainText('Cup');
  await expect(poll).toContainText('0 people voted');
  await expect(poll.getByRole('radio')).toHaveCount(0);
  await expect(poll.getByRole('checkbox')).toHaveCount(0);
  await expect(poll.getByRole('button', { name: 'Vote' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('reactions: react with a quick reaction, then take it back', async ({
  page,
  consoleErrors,
}) => {
  const text = unique('React to this, please');
  const posted = await postText('bob', text);
  // Someone else reacted already: the counts move from 1 to 2 and back.
  const carol = await apiToken('carol', DEMO_PASSWORD);
  await fetch(
    `${instanceUrl()}api/v1/pleroma/statuses/${posted.id}/reactions/${encodeURIComponent('👍')}`,
    { method: 'PUT', headers: { authorization: `Bearer ${carol}` } },
  );
  await signedIn(page, 'alice');
  await page.goto('/main/public');
  const status = card(page, text);
  const thumbs = status.getByRole('button', { name: /^👍 \d+$/ });
  await expect(thumbs).toHaveAccessibleName('👍 1');
  await expect(thumbs).toHaveAttribute('aria-pressed', 'false');

  await status.getByRole('button', { name: 'React' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'React with 👍' }).click();
  await expect(thumbs).toHaveAccessibleName('👍 2');
  await expect(thumbs).toHaveAttribute('aria-pressed', 'true');

  // The server has it too: a reload shows the same.
  await page.reload();
  await expect(thumbs).toHaveAccessibleName('👍 2');
  await expect(thumbs).toHaveAttribute('aria-pressed', 'true');

  // Clicking the reaction takes it back.
  await thumbs.click();
  await expect(thumbs).toHaveAccessibleName('👍 1');
  await expect(thumbs).toHaveAttribute('aria-pressed', 'false');

  // A new reaction from the menu adds a new toggle; taking it back removes it.
  await status.getByRole('button', { name: 'React' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'React with 🔥' }).click();
  const fire = status.getByRole('button', { name: '🔥 1' });
  await expect(fire).toHaveAttribute('aria-pressed', 'true');
  await fire.click();
  await expect(status.getByRole('button', { name: /^🔥/ })).toHaveCount(0);

  // Hovering a reaction lists who reacted.
  // (The pointer may still sit where the 🔥 chip was: move away first, then over 👍.)
  await expect(async () => {
    await page.mouse.move(0, 0);
    await thumbs.hover();
    await expect(status.getByRole('tooltip')).toContainText('Reacted with 👍', { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(status.getByRole('tooltip')).toContainText(/carol|Carol/);
  expect(consoleErrors).toEqual([]);
});
