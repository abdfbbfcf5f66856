import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../playwright.config.ts';

export interface ScrollResult {
  /** Statuses the timeline had loaded when scrolling stopped. */
  statuses: number;
  /** JS heap in use after loading them (after a garbage collection), in bytes. */
  heapUsedBytes: number;
  /** The page's main-thread tasks while scrolling. */
  tasks: MainThreadTasks;
  /** Post cards in the DOM at the end, and the most seen at any point while scrolling. */
  cardsAtEnd: number;
  maxCards: number;
  /** Post cards in the DOM after scrolling back to the top. */
  cardsAfterReturn: number;
  seconds: number;
}

const VIEWPORT = { width: 1280, height: 900 };
const WHEEL_STEP_PX = 1200;
const STEP_PAUSE_MS = 40;
const SCROLL_CPU_SLOWDOWN = 4;
const GIVE_UP_MS = 400_000;
const SETTLE_MS = 1000;
/** What counts as a post card. */
const CARD = 'article';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { message?: string } };
}

/** Names Chromium gives a top-level task in the 'toplevel' trace category (old and new). */
const TASK_EVENTS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

/** Marks the page writes into the trace (console.timeStamp) around what is measured. */
export const MEASURE_START = 'starling-bench:start';
export const MEASURE_END = 'starling-bench:end';
/** Trace categories: top-level tasks, and the timeline's stamps that bound the measurement. */
export const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline'];

/** Tasks over this are what the quality bar counts as long. */
export const LONG_TASK_MS = 50;

export interface MainThreadTasks {
  longestMs: number;
  /** How many took longer than LONG_TASK_MS: less noisy than the one longest. */
  overBudget: number;
  total: number;
}

/**
 * The top-level tasks of the renderer's main thread in a Chromium trace, counting only tasks
 * that start between the page's MEASURE_START and MEASURE_END stamps when it wrote them:
 * starting and stopping the trace are themselves long tasks of the browser's messaging, which
 * are not the page's.
 */
export function mainThreadTasks(trace: Buffer): MainThreadTasks {
  const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const mainThreads = new Set(
    traceEvents
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const stamp = (message: string) =>
    traceEvents.find((event) => event.name === 'TimeStamp' && event.args?.data?.message === message)
      ?.ts;
  const from = stamp(MEASURE_START) ?? -Infinity;
  const to = stamp(MEASURE_END) ?? Infinity;
  const tasks = { longestMs: 0, overBudget: 0, total: 0 };
  for (const event of traceEvents) {
    if (event.ph !== 'X' || !TASK_EVENTS.has(event.name) || event.dur === undefined) continue;
    if (!mainThreads.has(`${event.pid}:${event.tid}`)) continue;
    if (event.ts < from || event.ts > to) continue;
    const ms = event.dur / 1000;
    tasks.longestMs = Math.max(tasks.longestMs, ms);
    tasks.total += 1;
    if (ms > LONG_TASK_MS) tasks.overBudget += 1;
  }
  return tasks;
}

const countCards = (page: Page) => page.locator(CARD).count();

/**
 * Loads a timeline in Chromium and scrolls down (infinite scroll loads older pages) until `target`
 * statuses have arrived; reports the heap, the longest task and the cards kept in the DOM.
 */
export async function timelineScroll(
  url: string,
  target: number,
  timelinePath = '/api/v1/timelines/public',
): Promise<ScrollResult> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const started = Date.now();
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    let statuses = 0;
    page.on('response', (response) => {
      if (!new URL(response.url()).pathname.startsWith(timelinePath)) return;
      if (new URL(response.url()).searchParams.has('since_id')) return;
      void response
        .json()
        .then((body: unknown) => {
          if (Array.isArray(body)) statuses += body.length;
        })
        .catch(() => undefined);
    });
    await page.goto(url);
    await page.locator(CARD).first().waitFor({ timeout: 30_000 });
    // Start-up (instance configuration, emoji, the rest of the first page) is not scrolling.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(SETTLE_MS);
    // Scrolling is measured on a slow phone's CPU, as the quality bar asks.
    const throttle = await context.newCDPSession(page);
    await throttle.send('Emulation.setCPUThrottlingRate', { rate: SCROLL_CPU_SLOWDOWN });

    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.evaluate(`console.timeStamp(${JSON.stringify(MEASURE_START)})`);
    let maxCards = 0;
    let last = -1;
    let stalledSince = Date.now();
    while (statuses < target && Date.now() - started < GIVE_UP_MS) {
      await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
      await page.mouse.wheel(0, WHEEL_STEP_PX);
      await page.waitForTimeout(STEP_PAUSE_MS);
      maxCards = Math.max(maxCards, await countCards(page));
      if (statuses !== last) {
        last = statuses;
        stalledSince = Date.now();
      } else if (Date.now() - stalledSince > 20_000) {
        break; // nothing arrives any more (the end of the timeline)
      }
    }
    await page.evaluate(`console.timeStamp(${JSON.stringify(MEASURE_END)})`);
    const trace = await browser.stopTracing();
    const cardsAtEnd = await countCards(page);

    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');

    // Back to the top: the cards there come back, and still only a window of them.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(500);
    const cardsAfterReturn = await countCards(page);

    return {
      statuses,
      heapUsedBytes: heap.usedSize,
      tasks: mainThreadTasks(trace),
      cardsAtEnd,
      maxCards,
      cardsAfterReturn,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await browser.close();
  }
}
