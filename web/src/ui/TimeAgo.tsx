import { useSyncExternalStore } from 'react';
import { t } from '../i18n/index.ts';
import { relativeTime, TIME_AGO_REFRESH_MS } from '../lib/timeAgo.ts';
import { absoluteTime, useLocaleFormats } from './localeFormats.ts';

/**
 * One shared clock for every time stamp on screen: a single interval, running only while some
 * TimeAgo is mounted, ticks every 60 s (spec part 2, §9).
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TIME_AGO_REFRESH_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

const getNow = () => now;

/** The shared clock's current time; re-renders on every tick. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getNow, getNow);
}

/** "5m", "3h"... with the full date and time in the title (and for assistive technology). */
export function TimeAgo({ time, className }: { time: string; className?: string }) {
  const current = useNow();
  const localeFormats = useLocaleFormats();
  const relative = relativeTime(time, current);
  const label = relative ? t(`time.${relative.unit}_short`, relative.value) : time;
  return (
    <time
      className={className}
      dateTime={time}
      title={localeFormats ? absoluteTime(time) : undefined}
    >
      {label}
    </time>
  );
}
