import { configure } from '@testing-library/react';

// Screens and dialogs load as lazy chunks; on a busy machine the first import of one can take
// more than Testing Library's default second. findBy* and waitFor still end as soon as it shows.
configure({ asyncUtilTimeout: 5_000 });

// Test files share one module graph and window (vitest.config.ts: isolate false): each file starts
// with empty storage, as it would in a browser profile of its own.
window.localStorage.clear();
window.sessionStorage.clear();
