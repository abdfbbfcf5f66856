import { defineConfig } from 'vitest/config';

/**
 * Web tests that need a module graph of their own: those that replace modules (vi.mock is
 * per graph) or that test a module-level registry from its empty start.
 */
const WEB_ISOLATED = [
  'web/src/app/modals/SettingsModal.test.tsx',
  'web/src/app/Layout.test.tsx',
  'web/src/app/RouteView.test.tsx',
  'web/src/app/layout/MobileBar.test.tsx',
  'web/src/features/emoji/EmojiPicker.test.tsx',
  'web/src/features/emoji/AutocompleteTextarea.test.tsx',
  'web/src/features/emoji/emojiData.test.ts',
  'web/src/features/navigation/NavPanel.test.tsx',
  'web/src/features/navigation/SideDrawer.test.tsx',
  'web/src/features/navigation/PinnedShortcuts.test.tsx',
  'web/src/features/media/FlashAttachment.test.tsx',
  'web/src/features/timeline/Timeline.test.tsx',
  'web/src/features/settings/ProfileSettings.test.tsx',
  'web/src/features/settings/ProfileImages.test.tsx',
  'web/src/features/reactions/ReactionPicker.test.tsx',
  'web/src/router/Link.test.tsx',
  'web/src/i18n/parts.test.ts',
  'web/src/ui/VirtualList.test.tsx',
];

/** What every web test file runs in. */
const WEB_TESTS = {
  environment: 'happy-dom' as const,
  setupFiles: ['web/src/testSetup.ts'],
  // A lazy chunk's first import can take seconds on a busy machine; findBy* and waitFor give up
  // at 5 s (testSetup.ts) and say what they missed before the test times out.
  testTimeout: 15000,
};

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
          exclude: WEB_ISOLATED,
          ...WEB_TESTS,
          // One module graph and window for the files a worker runs: a fresh one per file cost
          // two of the unit tests' three minutes. Each file resets the stores it uses.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web-isolated',
          include: WEB_ISOLATED,
          ...WEB_TESTS,
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
