import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, expect, postStatus, test } from './fixtures.ts';
import { persistSession, signInAtLogin, uniqueTag } from './session.ts';

/** Journeys through the timelines: show new, older pages to the end, virtualisation. */

/** Polling instead of streaming: new statuses then wait behind the show-new button. */
const preferPolling = (page: Page) => persistSession(page, null, { useStreamingApi: false });

const timelineRegion = (page: Page, name: string) => page.getByRole('region', { name });

interface Reading {
  /** Which card is under the probe point: 'Window N', 'another post', or '' for none. */
  card: string;
  top: number;
  scrollY: number;
}

/**
 * What a reader sees at the probe point once the page has settled: the card there, where it is
 * and how far the page is scrolled, unchanged over ten consecutive animation frames (the cards
 * scrolled in are mounted and measured, pictures and fonts in place).
 */
function settledReading(page: Page): Promise<Reading> {
  return page.evaluate(
    () =>
      new Promise<Reading>((resolve) => {
        const STABLE_FRAMES = 10;
        let last = '';
        let stable = 0;
        const read = (): Reading => {
          const card = document.elementFromPoint(500, 500)?.closest('article');
          const words = card
            ? (card.textContent?.match(/Window \d+(?= of #)/)?.[0] ?? 'another post')
            : '';
          const top = card ? Math.round(card.getBoundingClientRect().top) : 0;
          return { card: words, top, scrollY: Math.round(window.scrollY) };
        };
        const frame = () => {
          const reading = read();
          const now = JSON.stringify(reading);
          stable = reading.card !== '' && now === last ? stable + 1 : 0;
          last = now;
          if (stable >= STABLE_FRAMES) resolve(reading);
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

test('home: a post by a followed account waits behind show new, and the button shows it', async ({
  page,
  consoleErrors,
}) => {
  await preferPolling(page);
  await signInAtLogin(page, 'alice');
  const home = timelineRegion(page, 'Home timeline');
  await expect(home.getByRole('article').first()).toBeVisible();
  await expect(home.getByText('Up-to-date')).toBeVisible();

  const text = `Fresh from bob ${uniqueTag('home')}`;
  await postStatus(await apiToken('bob', DEMO_PASSWORD), text);

  // The 10 s poll finds it; it waits behind the button instead of jumping in.
  const showNew = home.getByRole('button', { name: /^Show new \(\d+\)$/ });
  await expect(showNew).toBeVisible({ timeout: 15_000 });
  await expect(home.getByText(text)).toHaveCount(0);

  // Clicks in the first second after the button appears are ignored (Timeline.test.tsx times
  // that): the reader clicks again until the post shows.
  const fresh = home.getByRole('article').filter({ hasText: text });
  await expect(async () => {
    if (await showNew.isVisible()) await showNew.click({ timeout: 1000 });
    await expect(fresh).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await expect(home.getByText('Up-to-date')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('home with streaming: at the top, a new post shows by itself', async ({ page }) => {
  await signInAtLogin(page, 'alice');
  const home = timelineRegion(page, 'Home timeline');
  await expect(home.getByRole('article').first()).toBeVisible();
  const text = `Streamed from bob ${uniqueTag('stream')}`;
  await postStatus(await apiToken('bob', DEMO_PASSWORD), text);
  await expect(home.getByRole('article').filter({ hasText: text })).toBeVisible({
    timeout: 8_000,
  });
  await expect(home.getByText('Up-to-date')).toBeVisible();
});

test("the '.' key shows the new statuses waiting on a tag timeline", async ({ page }) => {
  const tag = uniqueTag('dotkey');
  const carol = await apiToken('carol', DEMO_PASSWORD);
  for (let index = 1; index <= 8; index += 1)
    await postStatus(carol, `Earlier ${index} of #${tag}`);
  await persistSession(page, await apiToken('erin', DEMO_PASSWORD));
  await page.setViewportSize({ width: 1000, height: 600 });
  await page.goto(`/tag/${tag}`);
  const timeline = timelineRegion(page, `#${tag}`);
  await expect(timeline.getByText(`Earlier 1 of #${tag}`)).toBeVisible();

  // Read further down: a post streamed meanwhile waits behind Show new instead of jumping in.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await postStatus(carol, `Second of #${tag}`);
  await expect(timeline.getByRole('button', { name: 'Show new (1)' })).toBeVisible({
    timeout: 15_000,
  });
  // Typing a full stop in the search box does not show them...
  await page.getByRole('searchbox').first().fill('.');
  await page.getByRole('searchbox').first().press('.');
  await expect(timeline.getByText(`Second of #${tag}`)).toHaveCount(0);
  // ...the key anywhere else does.
  await page.getByRole('searchbox').first().blur();
  await page.keyboard.press('.');
  await expect(timeline.getByText(`Second of #${tag}`)).toBeVisible();
  await expect(timeline.getByText('Up-to-date')).toBeVisible();
});

test('scrolling a short tag timeline loads older statuses to the end', async ({ page }) => {
  const tag = uniqueTag('older');
  const token = await apiToken('dave', DEMO_PASSWORD);
  const total = 26;
  for (let n = 1; n <= total; n += 1) await postStatus(token, `Older ${n} of #${tag}`);

  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto(`/tag/${tag}`);
  const timeline = timelineRegion(page, `#${tag}`);
  await expect(timeline.getByText(`Older ${total} of #${tag}`)).toBeVisible();
  await expect(timeline.getByRole('button', { name: 'Load older statuses' })).toBeAttached();

  // Near the bottom the next page loads by itself, and then the empty one ends it.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(timeline.getByText('No more statuses')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(timeline.getByText(`Older 1 of #${tag}`)).toBeVisible();
  await expect(timeline.getByRole('button', { name: 'Load older statuses' })).toHaveCount(0);
});

test('a long timeline keeps only a window of post cards and scrolls back without jumps', async ({
  page,
}) => {
  test.slow();
  const tag = uniqueTag('virtual');
  const token = await apiToken('erin', DEMO_PASSWORD);
  const total = 130;
  await Promise.all(
    Array.from({ length: total }, (_, index) =>
      postStatus(token, `Window ${index + 1} of #${tag}`),
    ),
  );

  await page.setViewportSize({ width: 1000, height: 800 });
  // The tag's own timeline: other journeys posting publicly meanwhile cannot lengthen it.
  await page.goto(`/tag/${tag}`);
  const timeline = timelineRegion(page, `#${tag}`);
  await expect(timeline.getByRole('article').first()).toBeVisible();

  // Scroll (as a reader would, by wheel) until all of them have been loaded and passed.
  let most = 0;
  await expect(async () => {
    await page.mouse.move(500, 400);
    await page.mouse.wheel(0, 3000);
    most = Math.max(most, await page.locator('article').count());
    const loaded = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(loaded).toBeGreaterThan(total * 60);
    await expect(
      timeline.getByRole('article').filter({ hasText: `Window 1 of #${tag}` }),
    ).toBeVisible({ timeout: 200 });
  }).toPass({ timeout: 60_000, intervals: [100] });
  expect(most).toBeLessThanOrEqual(80);
  expect(await page.locator('article').count()).toBeLessThanOrEqual(80);

  // Back up to where the reader was: the same card is under the same point. The card is named by
  // its own words (its relative time ticks on meanwhile).
  await page.evaluate(() => window.scrollTo(0, 1500));
  const before = await settledReading(page);
  expect(before.card).toMatch(/^Window \d+$/);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect((await settledReading(page)).card).not.toBe(before.card);
  // The position the reader was at: cards measured while it was read may have moved it there.
  await page.evaluate((y) => window.scrollTo(0, y), before.scrollY);
  expect(await settledReading(page)).toEqual(before);
});
