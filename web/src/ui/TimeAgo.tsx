import { t } from '../i18n/index.ts';
import { relativeTime, TIME_AGO_REFRESH_MS } from '../lib/timeAgo.ts';
import { absoluteTime, useLocaleFormats } from './localeFormats.ts';
import { sharedClock } from './sharedClock.ts';

/** The clock of every time stamp on screen: ticks every 60 s (spec part 2, §9). */
export const useNow = sharedClock(TIME_AGO_REFRESH_MS);

/**
 * "5m", "3h"... with the full date and time in the title (and for assistive technology). `clock`
 * picks another shared clock (notifications tick every 240 s).
 */
export function TimeAgo({
  time,
  className,
  clock = useNow,
}: {
  time: string;
  className?: string;
  clock?: () => number;
}) {
  const current = clock();
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
