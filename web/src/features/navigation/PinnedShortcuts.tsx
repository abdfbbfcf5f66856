import { Link } from '../../router/Link.tsx';
import { pinnedShortcuts, visibleNavEntries } from '../../lib/navigation.ts';
import { MAX_PINNED_IN_BAR } from '../../lib/layout.ts';
import { t } from '../../i18n/index.ts';
import { selectPinnedNavItems, useSettingsSync } from '../../state/settingsSync.ts';
import { EntryIcon } from './icons.tsx';
import {
  isCurrentEntry,
  labelText,
  routeHref,
  useCurrentHref,
  useNavContext,
} from './navContext.ts';
import { useNavigationSync } from './useNavigationSync.ts';
import styles from './PinnedShortcuts.module.css';

/**
 * The user's pinned navigation items as icon links, in pin order, only those this visitor may
 * see, at most MAX_PINNED_IN_BAR (mobile bar, top of the navigation panel).
 */
export function PinnedShortcuts({ className }: { className?: string }) {
  useNavigationSync();
  const context = useNavContext();
  const pinned = useSettingsSync(selectPinnedNavItems);
  const current = useCurrentHref();
  const entries = pinnedShortcuts(pinned, visibleNavEntries(context), MAX_PINNED_IN_BAR);
  if (entries.length === 0) return null;
  return (
    <ul className={`${styles.shortcuts} ${className ?? ''}`} aria-label={t('nav.pinned_items')}>
      {entries.map((entry) => {
        const name = labelText(entry.label);
        // axe reads the badge's number as shown text, so the name carries it as a word too.
        const label = entry.badge > 0 ? t('nav.pinned_with_count', name, entry.badge) : name;
        return (
          <li key={entry.id}>
            <Link
              to={routeHref(entry.route)}
              className={styles.shortcut}
              aria-label={label}
              title={name}
              aria-current={isCurrentEntry(entry, current) ? 'page' : undefined}
            >
              <EntryIcon icon={entry.icon} className={styles.icon} />
              {entry.badge > 0 && (
                <span className={styles.badge} aria-hidden="true">
                  {entry.badge}
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
