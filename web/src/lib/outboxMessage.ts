/**
 * The service worker's message asking an open page to send its outbox (sw/outboxSync.ts,
 * features/offline/serviceWorker.ts). A module of its own so the page's worker chunk does not
 * share lib/outbox.ts with the outbox's chunk (a chunk more for the start-up page to name).
 */
export const SEND_OUTBOX = 'SEND_OUTBOX';
