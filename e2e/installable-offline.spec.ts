import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';
import { expectNoA11yViolations } from './axe.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, expect, instanceUrl, test } from './fixtures.ts';
import { persistSession } from './session.ts';

/**
 * The installable app and offline reading (issue 26), as dave, who only reads here: Chromium
 * finds the manifest valid and the app installable; with the network cut, a reload paints the
 * shell from the service worker and the home timeline from the copy kept of it, saying so.
 * A profile on disk, not Playwright's usual incognito context: Chromium installs no app from
 * an incognito window.
 */

/** Copies kept for offline reading (features/offline/offlineStore.ts). */
const keptCopies = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((done) => {
        const opening = indexedDB.open('starling-offline');
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('copies')) {
            db.close();
            return done(0);
          }
          const counting = db.transaction('copies').objectStore('copies').count();
          counting.onsuccess = () => {
            db.close();
            done(counting.result);
          };
          counting.onerror = () => done(0);
        };
        opening.onerror = () => done(0);
      }),
  );

test('installable, and the home timeline reads offline with the time it was loaded', async () => {
  const profile = mkdtempSync(path.join(tmpdir(), 'starling-installable-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: instanceUrl(),
    // Other journeys block service workers (playwright.config.ts).
    serviceWorkers: 'allow',
  });
  try {
    await readsOffline(context.pages()[0] ?? (await context.newPage()));
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function readsOffline(page: Page): Promise<void> {
  const context = page.context();
  await persistSession(page, await apiToken('dave', DEMO_PASSWORD));
  await page.goto('/main/friends');
  const home = page.getByRole('region', { name: 'Home timeline' });
  const first = home.getByRole('article').first();
  await expect(first).toBeVisible();
  const firstText = (await first.innerText()).split('\n').slice(0, 3).join(' ');

  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.url).toMatch(/\/manifest\.json$/);
  expect(manifest.errors).toEqual([]);
  expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
    display: 'standalone',
    start_url: '/main/friends',
  });
  // The service worker is registered after the first paint and is active once it holds the shell.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
    .toEqual([]);
  await expect.poll(() => keptCopies(page)).toBeGreaterThan(0);
  // The browser's title bar follows the theme on screen.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content ===
          getComputedStyle(document.documentElement).getPropertyValue('--panel-header').trim(),
      ),
    )
    .toBe(true);

  // What another app shares opens the composer, filled in, over the home timeline.
  await page.goto('/main/share?title=A%20page&text=Look&url=https%3A%2F%2Fexample.com%2Fa');
  await expect(page).toHaveURL(/\/main\/friends$/);
  await expect(
    page.getByRole('dialog').getByRole('textbox', { name: "What's on your mind?" }),
  ).toHaveValue('A page\nLook\nhttps://example.com/a');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/^Offline — showing what was loaded at \d\d:\d\d/)).toBeVisible();
  await expect(home.getByRole('article').first()).toBeVisible();
  const shown = await home.getByRole('article').first().innerText();
  for (const line of firstText.split(' ').slice(0, 3)) expect(shown).toContain(line);
  await expectNoA11yViolations(page, 'the home timeline read offline');
  await context.setOffline(false);
}
