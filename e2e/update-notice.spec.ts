import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { expectNoA11yViolations } from './axe.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken } from './fixtures.ts';
import { startInstance, type RunningInstance } from './instance.ts';
import { persistSession } from './session.ts';

/**
 * The update notice: a tab learns that the server has a newer build of the client when its window
 * regains focus, and offers to reload. The journey's instance serves a copy of dist/ (the hashed
 * assets linked, the small files copied) whose build it can change, as a deploy would.
 */

const DIST = path.resolve(import.meta.dirname, '..', 'dist');
const NEWER_BUILD = 'newer-build-e2e';

interface ServedCopy {
  instance: RunningInstance;
  /** Puts a "newer build" in place: its build.json and its index.html's meta tag. */
  deploy(): void;
}

function copyOfDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'starling-dist-copy-'));
  mkdirSync(path.join(dir, 'static'));
  // index.html without its .br and .gz, so the one this journey rewrites is the one served.
  for (const file of ['index.html', 'favicon.svg', 'sw.js', 'static/build.json'])
    copyFileSync(path.join(DIST, file), path.join(dir, file));
  for (const folder of ['static/assets', 'static/ruffle'])
    symlinkSync(path.join(DIST, folder), path.join(dir, folder), 'dir');
  return dir;
}

const test = base.extend<object, { served: ServedCopy }>({
  served: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const dir = copyOfDist();
      const instance = await startInstance([], { env: { STARLING_CLIENT_DIR: dir } });
      await use({
        instance,
        deploy() {
          const index = path.join(dir, 'index.html');
          const html = readFileSync(index, 'utf8').replace(
            /(<meta name="starling-build" content=")[^"]*/,
            `$1${NEWER_BUILD}`,
          );
          writeFileSync(index, html);
          writeFileSync(
            path.join(dir, 'static', 'build.json'),
            JSON.stringify({ build: NEWER_BUILD }),
          );
        },
      });
      await instance.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ served }, use) => use(served.instance.url),
});

// With the service worker (blocked in other journeys), which answers a reload from its cache.
test.use({ serviceWorkers: 'allow' });

test('a newer build on the server brings a notice offering to reload, and Reload loads it', async ({
  page,
  served,
}) => {
  await persistSession(page, await apiToken('alice', DEMO_PASSWORD, served.instance.url));
  await page.goto('/main/friends');
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible();
  // The checks start after the first paint, with the (empty) live region the notice will fill.
  await expect(page.locator('[data-update-notice]')).toBeAttached();

  served.deploy();
  // The user comes back to the tab.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const notice = page.getByRole('region', { name: 'New version' });
  await expect(notice).toContainText('A new version of Starling is available.');
  await expect(notice.getByRole('button', { name: 'Dismiss' })).toBeVisible();
  await expectNoA11yViolations(page, 'the home timeline with the update notice');

  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(page.locator('meta[name="starling-build"]')).toHaveAttribute('content', NEWER_BUILD);
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible();
  await expect(notice).toBeHidden();
});
