import { useSyncExternalStore } from 'react';

/**
 * The browser history as a tiny store. Each entry carries a key in history.state so scroll
 * positions can be saved per entry and restored on back/forward.
 */
export interface AppLocation {
  pathname: string;
  search: string;
  key: string;
  /** How we got here: a push, a replace, or the browser's back/forward. */
  action: 'push' | 'replace' | 'pop';
}

interface EntryState {
  starlingKey?: string;
  /** How many in-app entries lie behind this one (0: the page was opened here). */
  starlingDepth?: number;
}

const depthOfEntry = () => (window.history.state as EntryState | null)?.starlingDepth ?? 0;

const listeners = new Set<() => void>();
let keyCounter = 0;
const newKey = () => `${Date.now().toString(36)}-${(keyCounter += 1)}`;

function entryKey(): string {
  const state = window.history.state as EntryState | null;
  if (state?.starlingKey) return state.starlingKey;
  const key = newKey();
  window.history.replaceState({ ...(state ?? {}), starlingKey: key }, '');
  return key;
}

function readLocation(action: AppLocation['action']): AppLocation {
  return {
    pathname: window.location.pathname,
    search: window.location.search,
    key: entryKey(),
    action,
  };
}

let current: AppLocation = readLocation('pop');
const beforeChange = new Set<(from: AppLocation) => void>();

function emit(next: AppLocation) {
  current = next;
  for (const listener of listeners) listener();
}

window.addEventListener('popstate', () => {
  for (const hook of beforeChange) hook(current);
  emit(readLocation('pop'));
});

/** Runs before every location change with the location being left (scroll saving uses it). */
export function onBeforeLocationChange(hook: (from: AppLocation) => void): () => void {
  beforeChange.add(hook);
  return () => beforeChange.delete(hook);
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  for (const hook of beforeChange) hook(current);
  const depth = depthOfEntry() + (options.replace ? 0 : 1);
  const state: EntryState = { starlingKey: newKey(), starlingDepth: depth };
  if (options.replace) window.history.replaceState(state, '', to);
  else window.history.pushState(state, '', to);
  emit(readLocation(options.replace ? 'replace' : 'push'));
}

/**
 * Back to the previous screen of the app; where the page was opened on this screen (nothing of
 * the app behind it), to the fallback instead, never off the site.
 */
export function goBack(fallback: string): void {
  if (depthOfEntry() > 0) window.history.back();
  else navigate(fallback, { replace: true });
}

export function getLocation(): AppLocation {
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLocation(): AppLocation {
  return useSyncExternalStore(subscribe, getLocation);
}
