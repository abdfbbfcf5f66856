import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';

const CPU_SLOWDOWN = 4;
/** The client marks this when the first status card has been painted. */
const FIRST_STATUS_MARK = 'starling:first-status-painted';

export async function coldLoadTimes(url: string, runs: number): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const times: number[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(url);
      const painted = await page.waitForFunction(
        (mark) => performance.getEntriesByName(mark)[0]?.startTime,
        FIRST_STATUS_MARK,
        { timeout: 30_000 },
      );
      times.push(Number(await painted.jsonValue()));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times;
}
