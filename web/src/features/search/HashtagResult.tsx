import type { Tag } from '../../api/types.ts';
import { interfaceLocale, t, tCount } from '../../i18n/index.ts';
import { latestUsage, usageBars } from '../../lib/search.ts';
import { Link } from '../../router/Link.tsx';
import styles from '../profile/Profile.module.css';

const CHART = { width: 84, height: 24 };
const BAR_GAP = 2;

const dayName = (day: number) =>
  new Date(day * 1000).toLocaleDateString(interfaceLocale(), { weekday: 'short', timeZone: 'UTC' });

/** A week of a hashtag's use as small bars, read out as the same numbers in words. */
function WeekChart({ history }: { history: Tag['history'] }) {
  const bars = usageBars(history, CHART);
  if (bars.length === 0) return null;
  const summary = t(
    'search.week_chart',
    bars
      .map((bar) => t('search.week_day', dayName(bar.day), tCount('search.uses_count', bar.uses)))
      .join(', '),
  );
  const slot = CHART.width / 7;
  return (
    <svg
      role="img"
      aria-label={summary}
      fill="currentColor"
      viewBox={`0 0 ${CHART.width} ${CHART.height}`}
      width={CHART.width}
      height={CHART.height}
    >
      <rect opacity={0.4} x={0} y={CHART.height - 1} width={CHART.width} height={1} />
      {bars.map((bar) => (
        <rect
          key={bar.day}
          x={bar.x + BAR_GAP / 2}
          y={CHART.height - bar.height}
          width={slot - BAR_GAP}
          height={bar.height}
        />
      ))}
    </svg>
  );
}

/** One hashtag found: a link to its timeline, the latest day's use and the week's chart. */
export function HashtagResult({ tag }: { tag: Tag }) {
  const latest = latestUsage(tag.history);
  return (
    <li className={styles.row}>
      <span className={styles.rowNames}>
        <Link to={`/tag/${encodeURIComponent(tag.name)}`}>#{tag.name}</Link>
        {latest && (
          <span className={styles.rowHandle}>
            {t(
              'search.latest_day',
              tCount('search.people_count', latest.accounts),
              tCount('search.uses_count', latest.uses),
            )}
          </span>
        )}
      </span>
      <WeekChart history={tag.history} />
    </li>
  );
}
