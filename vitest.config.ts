import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    maxWorkers: 2,
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
          testTimeout: 20000,
          // beforeAll builds an app and seeds it: seconds on a busy machine.
          hookTimeout: 60000,
        },
      },
    ],
  },
});
