import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    maxWorkers: 2,
    // Threads start faster than forked processes (better-sqlite3 and sharp load in workers).
    pool: 'threads',
    projects: [
      {
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['web/src/testSetup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Every server test builds its own app and database, so files need no fresh module
          // graph each: sharing one halves the project's time.
          isolate: false,
          testTimeout: 20000,
          // beforeAll builds an app and seeds it: seconds on a busy machine.
          hookTimeout: 60000,
        },
      },
    ],
  },
});
