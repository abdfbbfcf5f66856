import { whenIdle } from '../lib/whenIdle.ts';

/**
 * What a link does when the pointer or focus comes near it: fetch the chunk its screen will
 * need, so a click does not wait for it. The app sets it (app/screens.ts knows the screens);
 * the router only calls it.
 */
let preloader: ((path: string) => void) | null = null;

export function setLinkPreloader(preload: ((path: string) => void) | null): void {
  preloader = preload;
}

/**
 * A pointer the page scrolls under meets links without a person aiming at them: those meetings
 * start nothing (a chunk's first fetch adds its links to the document, a long task at 4x CPU).
 */
const SCROLL_SETTLE_MS = 250;
/** A chunk asked for on intent is fetched in the next idle moment, at the latest after this. */
const PRELOAD_IDLE_TIMEOUT_MS = 300;
let lastScrollAt = -Infinity;
if (typeof window !== 'undefined') {
  window.addEventListener('scroll', () => (lastScrollAt = performance.now()), {
    passive: true,
    capture: true,
  });
}

/**
 * Runs `preload` soon after a sign of intent: focus always, the pointer only when it moved there
 * itself rather than the page scrolling under it.
 */
export function preloadOnIntent(preload: () => void, event: { type: string }): void {
  if (event.type !== 'focus' && performance.now() - lastScrollAt < SCROLL_SETTLE_MS) return;
  whenIdle(preload, PRELOAD_IDLE_TIMEOUT_MS);
}

export function preloadFor(path: string, event: { type: string }): void {
  preloadOnIntent(() => preloader?.(path), event);
}
