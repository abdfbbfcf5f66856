import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { startInstance } from '../e2e/instance.ts';
import { measureBundle } from './bundle-size.ts';
import { clickTimes } from './clicks.ts';
import { coldLoadTimes } from './cold-load.ts';
import { homeTimelineLatency } from './home-timeline.ts';
import { notificationsScroll } from './notifications-scroll.ts';
import { timelineScroll, type MainThreadTasks } from './timeline-scroll.ts';
import { UPLOAD_SIDE, healthLatencyDuringUploads } from './upload-latency.ts';
import { DEMO_PASSWORD } from '../server/src/seed/accounts.ts';
import { median, percentile } from './stats.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');
const COLD_LOAD_RUNS = 7;
const BENCH_STATUSES = 100_000;
const BENCH_REQUESTS = 1_000;
/** Statuses scrolled through on the public timeline (quality bar: 2,000). */
const SCROLL_STATUSES = 2_000;
/**
 * Bulk statuses added so that the public (local-only) timeline holds SCROLL_STATUSES: they are
 * spread over every seeded account, and 9 of the 14 are local.
 */
const SCROLL_BULK_STATUSES = 3_300;
/** Notifications one demo user has, scrolled through on the notifications screen (quality bar). */
const BENCH_NOTIFICATIONS = 2_000;
const BENCH_NOTIFICATIONS_USER = 'alice';

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
const overBudget = (tasks: MainThreadTasks) =>
  `${tasks.overBudget} of ${tasks.total.toLocaleString('en')}`;
const line = (label: string, value: string, budget?: string) =>
  console.log(`${label.padEnd(48)} ${value}${budget ? `   (budget ${budget})` : ''}`);

/** `npm run bench -- --only=bundle,cold,clicks,server,scroll,uploads,notifications` runs a subset. */
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const runs = (part: string) => !only || only.includes(part);

if (!existsSync(path.join(DIST, 'index.html')) || process.argv.includes('--build')) {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
}

if (runs('bundle')) {
  const bundle = measureBundle(DIST);
  line('start-up JS+CSS (gzip, index.html + preloads)', kb(bundle.startupBytes), '150 KB');
  line('all JS (gzip)', kb(bundle.allJsBytes));
}

if (runs('cold')) {
  const instance = await startInstance();
  try {
    const loads = await coldLoadTimes(`${instance.url}main/public`, COLD_LOAD_RUNS);
    const firstStatus = median(loads.map((load) => load.firstStatusMs));
    const paints = loads.flatMap((load) => (load.firstPaintMs === null ? [] : [load.firstPaintMs]));
    line(
      `first status painted, median of ${COLD_LOAD_RUNS} cold loads, 4x CPU`,
      ms(firstStatus),
      '1000 ms',
    );
    if (paints.length > 0) {
      const firstPaint = median(paints);
      line(
        `first contentful paint, same loads`,
        `${ms(firstPaint)} (${(firstPaint / firstStatus).toFixed(2)}x first status)`,
        '0.4x',
      );
    }
    line(
      'bytes over the wire by the first status (cold)',
      kb(median(loads.map((load) => load.bytes))),
    );
  } finally {
    await instance.stop();
  }
}

if (runs('clicks')) {
  const instance = await startInstance();
  try {
    const times = await clickTimes(instance.url, 'alice', COLD_LOAD_RUNS);
    const of7 = `median of ${COLD_LOAD_RUNS}, 4x CPU`;
    line(`signed-in home, first status painted (${of7})`, ms(median(times.homeFirstStatus)));
    line(`conversation open: its status (${of7})`, ms(median(times.conversationStatus)), '300 ms');
    line(`conversation open: with its context`, ms(median(times.conversationContext)));
    line(`user card open from an avatar (${of7})`, ms(median(times.userCard)), '300 ms');
    line(`notifications drawer open at 412 px (${of7})`, ms(median(times.drawer)), '300 ms');
  } finally {
    await instance.stop();
  }
}

if (runs('server')) {
  const latency = await homeTimelineLatency(BENCH_STATUSES, BENCH_REQUESTS);
  line(
    `home timeline p50 (${latency.statuses} statuses, ${latency.requests} requests)`,
    ms(median(latency.latenciesMs)),
    '5 ms',
  );
  line(
    `home timeline p99 (${latency.statuses} statuses, ${latency.requests} requests)`,
    ms(percentile(latency.latenciesMs, 0.99)),
  );
}

if (runs('scroll')) {
  const instance = await startInstance([], { bulkStatuses: SCROLL_BULK_STATUSES });
  try {
    const result = await timelineScroll(`${instance.url}main/public`, SCROLL_STATUSES);
    const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
    const loaded = `${result.statuses} statuses`;
    line(`JS heap after loading ${loaded} (after GC)`, mb(result.heapUsedBytes), '100 MB');
    line(`longest task while scrolling through them, 4x CPU`, ms(result.tasks.longestMs), '50 ms');
    line(`tasks over 50 ms while scrolling`, overBudget(result.tasks), '0');
    line(`post cards in the DOM at the end`, String(result.cardsAtEnd), '80');
    line(`post cards in the DOM, most while scrolling`, String(result.maxCards), '80');
    line(`post cards in the DOM back at the top`, String(result.cardsAfterReturn));
    line(`time to scroll through them`, `${result.seconds.toFixed(0)} s`);
  } finally {
    await instance.stop();
  }
}

if (runs('uploads')) {
  const instance = await startInstance();
  try {
    const origin = instance.url.replace(/\/$/, '');
    const result = await healthLatencyDuringUploads(origin, 'alice', DEMO_PASSWORD);
    const during = `during ${result.uploads} uploads of a ${UPLOAD_SIDE}x${UPLOAD_SIDE} PNG`;
    line(`health request max ${during}`, ms(Math.max(...result.healthLatenciesMs)), '100 ms');
    line(`health request median ${during}`, ms(median(result.healthLatenciesMs)));
    const idle = result.idleLatenciesMs;
    line(
      `health request max / median, no uploads`,
      `${ms(Math.max(...idle))} / ${ms(median(idle))}`,
    );
    line(
      `uploads done (${kb(result.uploadBytes)} each, ${result.healthLatenciesMs.length} polls)`,
      `${result.uploadSeconds.toFixed(1)} s`,
    );
  } finally {
    await instance.stop();
  }
}

if (runs('notifications')) {
  const instance = await startInstance([], {
    bulkNotifications: { username: BENCH_NOTIFICATIONS_USER, count: BENCH_NOTIFICATIONS },
  });
  try {
    const result = await notificationsScroll(instance.url, BENCH_NOTIFICATIONS_USER);
    const scrolled = `${result.scrolled} notifications${result.reachedEnd ? '' : ' (not to the end)'}`;
    line(`longest task scrolling ${scrolled}, 4x CPU`, ms(result.tasks.longestMs), '50 ms');
    line(`tasks over 50 ms while scrolling them`, overBudget(result.tasks), '0');
    line(`notification rows in the DOM at the end`, String(result.rowsAtEnd));
    line(`notification rows in the DOM, most while scrolling`, String(result.maxRows));
    line(`time to scroll through them`, `${result.seconds.toFixed(0)} s`);
  } finally {
    await instance.stop();
  }
}
