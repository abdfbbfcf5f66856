import { getLocation, onBeforeLocationChange, type AppLocation } from './history.ts';

/**
 * Scroll resets to the top on navigation, except on no-scroll routes; back/forward restores the
 * position the entry had when it was left.
 */
const saved = new Map<string, number>();

export function installScrollSaving(): () => void {
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  return onBeforeLocationChange((from: AppLocation) => saved.set(from.key, window.scrollY));
}

export function applyScroll(location: AppLocation = getLocation(), noScroll = false): void {
  if (location.action === 'pop') {
    const position = saved.get(location.key);
    if (position !== undefined) window.scrollTo(0, position);
    return;
  }
  if (!noScroll) window.scrollTo(0, 0);
}
