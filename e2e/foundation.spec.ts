import type { Page } from '@playwright/test';
import { apiToken, expect, postStatus, test } from './fixtures.ts';
import { DEMO_MEMBER } from './demo.ts';
import { holdRequests } from './heldRequests.ts';
import { persistSession } from './session.ts';

test('the served page has a strict Content-Security-Policy, shows a status made through the API, and deep links fall back to the app', async ({
  page,
  consoleErrors,
}) => {
  const token = await apiToken(DEMO_MEMBER.username, DEMO_MEMBER.password);
  const text = `Hello from the journey ${Date.now()}`;
  await postStatus(token, text);
  const response = await page.goto('/main/public');
  expect(response?.status()).toBe(200);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain("'unsafe-inline'");
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
  expect(consoleErrors).toEqual([]);

  const deepLink = await page.goto('/notice/does-not-matter');
  expect(deepLink?.status()).toBe(200);
  expect(deepLink?.headers()['content-type']).toContain('text/html');
});

/** Holds the app's start-up script back until the returned function is called. */
const holdStartupScript = (page: Page) => holdRequests(page, /\/static\/assets\/index-[\w-]+\.js$/);

test('before any script runs, the page already draws its frame; the app then takes its place', async ({
  page,
}) => {
  // Hold the start-up script back: what shows meanwhile comes from the HTML and CSS alone.
  const releaseScript = await holdStartupScript(page);
  await page.goto('/main/public', { waitUntil: 'commit' });
  const frame = page.locator('.boot-skeleton');
  await expect(frame).toBeVisible();
  // Laid out before the start-up CSS arrives it is a bare image, but the browser paints nothing
  // until that (render-blocking) stylesheet is in: what a person first sees is the styled bar.
  await expect
    .poll(async () => (await frame.locator('.boot-bar').boundingBox())?.height ?? 0)
    .toBeGreaterThan(40);
  await expect(frame.locator('.boot-logo')).toHaveJSProperty('complete', true);
  // The browser counts it as the first contentful paint, before the app has run at all.
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
    .toBe(1);
  releaseScript();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(frame).toHaveCount(0);
});

test('a signed-in cold start asks for its session and home page while the scripts load, and once', async ({
  page,
  consoleErrors,
}) => {
  await persistSession(page, await apiToken(DEMO_MEMBER.username, DEMO_MEMBER.password));
  const asked: string[] = [];
  let firstPages = 0;
  page.on('request', (request) => {
    const { pathname, searchParams } = new URL(request.url());
    if (pathname.startsWith('/api/v1/')) asked.push(pathname);
    if (pathname === '/api/v1/timelines/home' && !searchParams.has('since_id')) firstPages += 1;
  });
  const releaseScript = await holdStartupScript(page);
  await page.goto('/main/friends', { waitUntil: 'commit' });
  // With the app's script still on its way, the page has already asked for both.
  await expect
    .poll(() => [...asked].sort())
    .toEqual(['/api/v1/accounts/verify_credentials', '/api/v1/timelines/home']);
  releaseScript();
  await expect(page.getByRole('article').first()).toBeVisible();
  // The app took those answers instead of asking again (a later catch-up with since_id, once the
  // socket joins, asks for something else).
  expect(firstPages).toBe(1);
  expect(asked.filter((pathname) => pathname.endsWith('/verify_credentials'))).toHaveLength(1);
  expect(consoleErrors).toEqual([]);
});
