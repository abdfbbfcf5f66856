import { NOTIFICATION_TIME_REFRESH_MS } from '../../lib/notifications.ts';
import { sharedClock } from '../../ui/sharedClock.ts';
import { TimeAgo } from '../../ui/TimeAgo.tsx';

/** The notifications' own clock: one interval for all of them, every 240 s (spec part 2, §9). */
const useNotificationNow = sharedClock(NOTIFICATION_TIME_REFRESH_MS);

export function NotificationTime({ time, className }: { time: string; className?: string }) {
  return <TimeAgo time={time} className={className} clock={useNotificationNow} />;
}
