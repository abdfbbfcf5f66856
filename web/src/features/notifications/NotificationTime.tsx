import { useSyncExternalStore } from 'react';
import { t } from '../../i18n/index.ts';
import { NOTIFICATION_TIME_REFRESH_MS } from '../../lib/notifications.ts';
import { relativeTime } from '../../lib/timeAgo.ts';

/** The notifications' own clock: one interval for all of them, every 240 s (spec part 2, §9). */
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
    }, NOTIFICATION_TIME_REFRESH_MS);
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

export function NotificationTime({ time, className }: { time: string; className?: string }) {
  const current = useSyncExternalStore(subscribe, getNow, getNow);
  const relative = relativeTime(time, current);
  return (
    <time className={className} dateTime={time} title={new Date(time).toLocaleString()}>
      {relative ? t(`time.${relative.unit}_short`, relative.value) : time}
    </time>
  );
}
