import { useSyncExternalStore } from 'react';
import { throttle } from './throttle.ts';

/** Resize events are coalesced to at most one update per this many ms. */
export const RESIZE_THROTTLE_MS = 100;

export interface WindowSize {
  width: number;
  height: number;
}

let cached: WindowSize = { width: 0, height: 0 };

function getSnapshot(): WindowSize {
  if (cached.width !== window.innerWidth || cached.height !== window.innerHeight) {
    cached = { width: window.innerWidth, height: window.innerHeight };
  }
  return cached;
}

const listeners = new Set<() => void>();
const notify = throttle(() => {
  for (const listener of listeners) listener();
}, RESIZE_THROTTLE_MS);

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('resize', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('resize', notify);
      notify.cancel();
    }
  };
}

/** The window's inner size, updated on resize (throttled). */
export function useWindowSize(): WindowSize {
  return useSyncExternalStore(subscribe, getSnapshot);
}
