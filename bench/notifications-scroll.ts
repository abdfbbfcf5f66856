import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';
import { DEMO_PASSWORD } from '../server/src/seed/accounts.ts';
import {
  mainThreadTasks,
  type MainThreadTasks,
  MEASURE_END,
  MEASURE_START,
  TRACE_CATEGORIES,
} from './timeline-scroll.ts';

const VIEWPORT = { width: 1280, height: 900 };
const ITEM = '[data-notification-id]';
const WHEEL_STEP_PX = 1200;
const STEP_PAUSE_MS = 40;
const SCROLL_CPU_SLOWDOWN = 4;
const SETTLE_MS = 1000;
const STALL_MS = 20_000;
const GIVE_UP_MS = 400_000;

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
        password: DEMO_PASSWORD,
        client_id: app.client_id,
        client_secret: app.client_secret,
        scope: 'read write follow push',
      }),
    })
  ).json()) as { access_token: string };
  return answer.access_token;
}

export interface NotificationsScrollResult {
  /** How far down the list scrolling reached: the highest feed position mounted. */
  scrolled: number;
  /** Whether the list said there were no more (else scrolling stalled or gave up). */
  reachedEnd: boolean;
  /** The page's main-thread tasks while scrolling. */
  tasks: MainThreadTasks;
  /** Notification rows in the DOM at the end, and the most seen at any point. */
  rowsAtEnd: number;
  maxRows: number;
  seconds: number;
}

const mountedRows = (page: Page) => page.locator(ITEM).count();
/** The highest feed position (aria-posinset) among the mounted rows. */
const deepestPosition = (page: Page) =>
  page.$$eval(ITEM, (items) =>
    Math.max(0, ...items.map((item) => Number(item.getAttribute('aria-posinset') ?? 0))),
  );

/**
 * Opens `username`'s notifications screen and scrolls the whole list with the mouse wheel,
 * pressing 'Load older notifications' whenever it comes into view (as a reader would) until the
 * list says there are no more; reports the longest main-thread task meanwhile.
 */
export async function notificationsScroll(
  base: string,
  username: string,
): Promise<NotificationsScrollResult> {
  const access = await token(base, username);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const started = Date.now();
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    page.on('crash', () => console.error('notifications bench: the page crashed'));
    page.on('pageerror', (error) => console.error('notifications bench: page error', error));
    await page.addInitScript(
      (value) => localStorage.setItem('starling:oauth-token', value),
      JSON.stringify({ token: access }),
    );
    await page.goto(`${base}${username}/notifications`);
    await page.locator(ITEM).first().waitFor({ timeout: 30_000 });
    // Start-up (instance configuration, emoji, the first page) is not scrolling.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(SETTLE_MS);
    // Scrolling is measured on a slow phone's CPU, as the quality bar asks.
    const throttle = await context.newCDPSession(page);
    await throttle.send('Emulation.setCPUThrottlingRate', { rate: SCROLL_CPU_SLOWDOWN });

    const screen = page.locator('[data-notifications-panel="screen"]');
    const older = screen.getByRole('button', { name: 'Load older notifications' });
    const noMore = screen.getByText('No more notifications.');
    let deepest = 0;
    let maxRows = 0;
    let stalledSince = Date.now();
    let reachedEnd = false;

    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.evaluate(`console.timeStamp(${JSON.stringify(MEASURE_START)})`);
    while (Date.now() - started < GIVE_UP_MS) {
      await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
      await page.mouse.wheel(0, WHEEL_STEP_PX);
      await page.waitForTimeout(STEP_PAUSE_MS);
      maxRows = Math.max(maxRows, await mountedRows(page));
      const position = await deepestPosition(page);
      if (position > deepest) {
        deepest = position;
        stalledSince = Date.now();
      } else if (Date.now() - stalledSince > STALL_MS) break;
      if (await noMore.isVisible()) {
        reachedEnd = true;
        deepest = Math.max(deepest, await deepestPosition(page));
        break;
      }
      if ((await older.isVisible()) && (await older.isEnabled())) {
        const box = await older.boundingBox();
        if (box && box.y < VIEWPORT.height) await older.click();
      }
    }
    await page.evaluate(`console.timeStamp(${JSON.stringify(MEASURE_END)})`);
    const trace = await browser.stopTracing();
    return {
      scrolled: deepest,
      reachedEnd,
      tasks: mainThreadTasks(trace),
      rowsAtEnd: await mountedRows(page),
      maxRows,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await browser.close();
  }
}
