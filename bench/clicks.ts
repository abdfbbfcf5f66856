import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';
import { DEMO_PASSWORD } from '../server/src/seed/accounts.ts';
import { passwordToken } from './oauth.ts';

const CPU_SLOWDOWN = 4;
const DESKTOP = { width: 1400, height: 900 };
const PHONE = { width: 412, height: 915 };
/** A person's pointer rests on what they are about to click for at least this long. */
const HOVER_BEFORE_CLICK_MS = 150;
const FIRST_STATUS_MARK = 'starling:first-status-painted';

export interface ClickTimes {
  /** Signed-in cold load of home: the first status painted (ms from navigation start). */
  homeFirstStatus: number[];
  /** A post's time link clicked: the conversation's status shown, and its context loaded. */
  conversationStatus: number[];
  conversationContext: number[];
  /** An author's avatar clicked: the user card shown. */
  userCard: number[];
  /** The phone's notifications button clicked: the drawer's notifications shown. */
  drawer: number[];
}

/**
 * Clicks `target` from inside the page and measures, on the page's own clock, how long until
 * each of `selectors` matches and a frame has been painted with it: what a person sees, without
 * the harness's round-trips in the figures.
 */
// A string, not a function: tsx names inner functions with a helper the page does not have.
const CLICK_UNTIL_PAINTED = `(target, selectors) => new Promise((resolve, reject) => {
  const element = document.querySelector(target);
  if (!element) return reject(new Error('nothing to click at ' + target));
  const seen = selectors.map(() => null);
  const started = performance.now();
  element.click();
  const deadline = started + 15000;
  const check = () => {
    // A match found in this frame is painted by the time the next frame starts.
    const now = performance.now();
    selectors.forEach((selector, index) => {
      if (seen[index] === null && document.querySelector(selector)) seen[index] = -1;
    });
    requestAnimationFrame(() => {
      const painted = performance.now() - started;
      seen.forEach((value, index) => { if (value === -1) seen[index] = painted; });
      if (seen.every((value) => value !== null)) resolve(seen);
      else if (now > deadline) reject(new Error('no ' + selectors.join(' or ')));
      else check();
    });
  };
  check();
})`;

function clickUntilPainted(page: Page, target: string, selectors: string[]): Promise<number[]> {
  return page.evaluate(
    `(${CLICK_UNTIL_PAINTED})(${JSON.stringify(target)}, ${JSON.stringify(selectors)})`,
  );
}

async function throttled(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

async function signedInPage(browser: Browser, token: string, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  await context.addInitScript(
    (value) => localStorage.setItem('starling:oauth-token', value),
    JSON.stringify({ token }),
  );
  return context.newPage();
}

async function firstStatusMark(page: Page): Promise<number> {
  await page.waitForFunction(
    (mark) => performance.getEntriesByName(mark).length > 0,
    FIRST_STATUS_MARK,
    { polling: 50, timeout: 30_000 },
  );
  return page.evaluate(
    (mark) => performance.getEntriesByName(mark)[0]!.startTime,
    FIRST_STATUS_MARK,
  );
}

/** Waits until the screen has settled: its requests done and lazy parts arrived. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
}

/**
 * `runs` times each: a signed-in cold load of home, then on that page a conversation opened from
 * a post's time link, an author's card opened from their avatar, and (at phone width) the
 * notifications drawer opened; each at 4x CPU, the pointer resting on the target first.
 */
export async function clickTimes(
  base: string,
  username: string,
  runs: number,
): Promise<ClickTimes> {
  const token = await passwordToken(
    base.replace(/\/$/, ''),
    username,
    DEMO_PASSWORD,
    'read write follow push',
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const times: ClickTimes = {
    homeFirstStatus: [],
    conversationStatus: [],
    conversationContext: [],
    userCard: [],
    drawer: [],
  };
  try {
    for (let run = 0; run < runs; run += 1) {
      const page = await signedInPage(browser, token);
      await throttled(page);
      await page.goto(`${base}main/friends`, { waitUntil: 'commit' });
      times.homeFirstStatus.push(await firstStatusMark(page));
      await settle(page);

      const post = 'main article[data-status-id]';
      const timeLink = `${post} a[href^="/notice/"]`;
      await page.hover(timeLink);
      await page.waitForTimeout(HOVER_BEFORE_CLICK_MS);
      const [status, context] = await clickUntilPainted(page, timeLink, [
        '[data-thread-status][aria-current="true"] article',
        '[aria-label="Statuses of the conversation"][aria-busy="false"]',
      ]);
      times.conversationStatus.push(status!);
      times.conversationContext.push(context!);
      await page.goBack();
      await settle(page);

      const avatar = `${post} a[aria-hidden="true"]`;
      await page.hover(avatar);
      await page.waitForTimeout(HOVER_BEFORE_CLICK_MS);
      const [card] = await clickUntilPainted(page, avatar, ['[role="dialog"] [data-user-card]']);
      times.userCard.push(card!);
      await page.context().close();

      const phone = await signedInPage(browser, token, PHONE);
      await throttled(phone);
      await phone.goto(`${base}main/friends`);
      await phone.locator('main article').first().waitFor();
      await settle(phone);
      const bell = 'button[aria-haspopup="dialog"][aria-label^="Notifications"]';
      await phone.hover(bell);
      await phone.waitForTimeout(HOVER_BEFORE_CLICK_MS);
      const [drawer] = await clickUntilPainted(phone, bell, [
        '[role="dialog"] [data-notification-id]',
      ]);
      times.drawer.push(drawer!);
      await phone.context().close();
    }
  } finally {
    await browser.close();
  }
  return times;
}
