import { useSyncExternalStore } from 'react';

/**
 * A clock shared by every component that reads it: one interval, running only while one of them
 * is mounted, ticking every `intervalMs`. Returns the hook that reads it.
 */
export function sharedClock(intervalMs: number): () => number {
  const listeners = new Set<() => void>();
  let now = Date.now();
  let timer: ReturnType<typeof setInterval> | null = null;

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    if (timer === null) {
      now = Date.now();
      timer = setInterval(() => {
        now = Date.now();
        for (const notify of listeners) notify();
      }, intervalMs);
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && timer !== null) {
        clearInterval(timer);
        timer = null;
      }
    };
  };
  const getNow = () => now;
  return () => useSyncExternalStore(subscribe, getNow, getNow);
}
