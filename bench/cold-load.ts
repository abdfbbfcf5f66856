import { chromium, type CDPSession } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';

const CPU_SLOWDOWN = 4;
/** The client marks this when the first status card has been painted. */
const FIRST_STATUS_MARK = 'starling:first-status-painted';
const POLL_MS = 50;
const TIMEOUT_MS = 30_000;

/**
 * Polls for the mark with a one-line expression over CDP. Playwright's own waiting helpers first
 * install its injected script in the page once it has loaded, which is while the client waits for
 * its first page of statuses: about 100 ms of the throttled main thread spent by the harness on
 * the way to the first paint (seen in CPU profiles), where no user's browser spends it.
 */
async function markTime(cdp: CDPSession, mark: string): Promise<number> {
  const expression = `performance.getEntriesByName(${JSON.stringify(mark)})[0]?.startTime ?? null`;
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const { result } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
    if (typeof result.value === 'number') return result.value;
    if (Date.now() > deadline) throw new Error(`no ${mark} within ${TIMEOUT_MS} ms`);
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
}

/** One cold load: when the first status was painted, when anything was first painted, and bytes. */
export interface ColdLoad {
  firstStatusMs: number;
  /** First contentful paint; null if the browser reported none. */
  firstPaintMs: number | null;
  /** Bytes over the wire (headers and compressed bodies) of everything loaded by the first status. */
  bytes: number;
}

/** Read in the page once the first status is painted; resource timing costs the page nothing. */
const PAINT_AND_BYTES = `(() => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  const entries = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
  return { firstPaintMs: paint ? paint.startTime : null, bytes: entries.reduce((sum, entry) => sum + entry.transferSize, 0) };
})()`;

export async function coldLoadTimes(url: string, runs: number): Promise<ColdLoad[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const times: ColdLoad[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(url, { waitUntil: 'commit' });
      const firstStatusMs = await markTime(cdp, FIRST_STATUS_MARK);
      const { result } = await cdp.send('Runtime.evaluate', {
        expression: PAINT_AND_BYTES,
        returnByValue: true,
      });
      const { firstPaintMs, bytes } = result.value as Omit<ColdLoad, 'firstStatusMs'>;
      times.push({ firstStatusMs, firstPaintMs, bytes });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times;
}
