import { test as base } from '@playwright/test';
import { startInstance, type RunningInstance } from './instance.ts';

/**
 * A `test` whose journeys run against an instance of their own, started once per worker with
 * `extraArgs`, for journeys that change demo users in ways the shared instance's other journeys
 * would notice. Pages start at its URL; `instance.url` is there for API calls.
 */
export function ownInstanceTest(extraArgs: string[] = []) {
  let running: RunningInstance | null = null;
  const test = base.extend<object, { ownInstance: RunningInstance }>({
    ownInstance: [
      // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
      async ({}, use) => {
        running = await startInstance(extraArgs);
        await use(running);
        await running.stop();
        running = null;
      },
      { scope: 'worker', timeout: 90_000 },
    ],
    baseURL: async ({ ownInstance }, use) => use(ownInstance.url),
  });
  test.describe.configure({ mode: 'serial' });
  const instance = {
    get url(): string {
      if (!running) throw new Error('the own instance is not running (used outside a test?)');
      return running.url;
    },
  };
  return { test, instance };
}
