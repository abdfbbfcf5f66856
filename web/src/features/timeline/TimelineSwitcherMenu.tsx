import '../../i18n/parts/timelines.ts';
import { Link } from '../../router/Link.tsx';
import { pathFor } from '../../router/matchRoute.ts';
import { useLocation } from '../../router/history.ts';
import { t } from '../../i18n/index.ts';
import { useInstance } from '../../state/instance.ts';
import { useSession } from '../../state/session.ts';
import styles from './Timeline.module.css';

interface SwitcherEntry {
  route: string;
  labelKey: string;
  params?: Record<string, string>;
}

function useSwitcherEntries(): SwitcherEntry[] {
  const username = useSession((state) => (state.status === 'signedIn' ? state.user?.username : ''));
  const federating = useInstance((state) => state.config.federating);
  const directMessages = useInstance((state) => state.config.directMessagesSource !== 'none');
  const entries: SwitcherEntry[] = [];
  if (username) {
    entries.push(
      { route: 'friends', labelKey: 'nav.home_timeline' },
      { route: 'bookmarks', labelKey: 'nav.bookmarks' },
    );
    if (directMessages) entries.push({ route: 'dms', labelKey: 'nav.dms', params: { username } });
  }
  entries.push({ route: 'public-timeline', labelKey: 'nav.public_tl' });
  if (federating) entries.push({ route: 'public-external-timeline', labelKey: 'nav.twkn' });
  return entries;
}

/** The timeline switcher's list (loaded when first opened): the timelines the reader may see. */
export function TimelineSwitcherMenu({ id, onChoose }: { id: string; onChoose: () => void }) {
  const entries = useSwitcherEntries();
  const { pathname } = useLocation();
  return (
    <ul id={id} className={styles.menu} aria-label={t('timeline.switch')}>
      {entries.map((entry) => {
        const to = pathFor(entry.route, entry.params);
        return (
          <li key={entry.route}>
            <Link to={to} aria-current={to === pathname ? 'page' : undefined} onClick={onChoose}>
              {t(entry.labelKey)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
