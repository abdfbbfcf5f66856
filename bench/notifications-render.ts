import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';
import { longestMainThreadTask } from './timeline-scroll.ts';

const VIEWPORT = { width: 1280, height: 900 };
const PASSWORD = 'starling-demo';
const ITEM = '[data-notification-id]';
const GIVE_UP_MS = 120_000;

async function token(base: string, username: string): Promise<string> {
  const app = (await (
    await fetch(`${base}api/v1/apps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'starling-bench',
        redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
        scopes: 'read write follow push',
      }),
    })
  ).json()) as { client_id: string; client_secret: string };
  const answer = (await (
    await fetch(`${base}oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username,
        password: PASSWORD,
        client_id: app.client_id,
        client_secret: app.client_secret,
        scope: 'read write follow push',
      }),
    })
  ).json()) as { access_token: string };
  return answer.access_token;
}

export interface NotificationsRenderResult {
  rendered: number;
  longestTaskMs: number;
}

/**
 * Gives alice `count` new mentions, opens her notifications screen and shows older ones until
 * all of them are on screen; reports the longest main-thread task meanwhile.
 */
export async function notificationsRender(
  base: string,
  count: number,
): Promise<NotificationsRenderResult> {
  const bob = await token(base, 'bob');
  const alice = await token(base, 'alice');
  for (let i = 0; i < count; i++) {
    await fetch(`${base}api/v1/statuses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bob}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: `@alice bench mention ${i}`, visibility: 'public' }),
    });
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    await page.addInitScript(
      (value) => {
        localStorage.setItem('starling:oauth-token', value);
      },
      JSON.stringify({ token: alice }),
    );
    await page.goto(`${base}alice/notifications`);
    await page.locator(ITEM).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    if (process.env.BENCH_DEBUG) {
      await page.evaluate(() => {
        new PerformanceObserver((list) => {
          for (const e of list.getEntries())
            console.log(
              `longtask ${e.duration.toFixed(0)} items=${document.querySelectorAll('[data-notification-id]').length}`,
            );
        }).observe({ type: 'longtask', buffered: false });
      });
      page.on('console', (m) => console.log(m.text()));
    }
    await browser.startTracing(page, { categories: ['toplevel'] });
    const started = Date.now();
    const older = page.getByRole('button', { name: 'Load older notifications' });
    while ((await page.locator(ITEM).count()) < count && Date.now() - started < GIVE_UP_MS) {
      await older.click();
      await page.waitForTimeout(100);
    }
    const trace = await browser.stopTracing();
    return {
      rendered: await page.locator(ITEM).count(),
      longestTaskMs: longestMainThreadTask(trace),
    };
  } finally {
    await browser.close();
  }
}
