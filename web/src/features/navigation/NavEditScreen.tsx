import '../../i18n/parts/navigation.ts';
import { t } from '../../i18n/index.ts';
import { pinnedShortcuts, visibleNavEntries } from '../../lib/navigation.ts';
import {
  movePinnedNavItem,
  selectPinnedNavItems,
  useSettingsSync,
} from '../../state/settingsSync.ts';
import { EntryIcon, Icon } from './icons.tsx';
import { labelText, useNavContext } from './navContext.ts';
import { NavPanel } from './NavPanel.tsx';
import styles from './NavEditScreen.module.css';

/** Every pinned item this visitor can see, however many (the bar shows the first few). */
const ALL_PINNED = Number.POSITIVE_INFINITY;

/** The order of the pinned items, with buttons to move each one earlier or later. */
function PinnedOrder() {
  const context = useNavContext();
  const pinnedIds = useSettingsSync(selectPinnedNavItems);
  const pinned = pinnedShortcuts(pinnedIds, visibleNavEntries(context), ALL_PINNED);
  if (pinned.length === 0) return <p className={styles.hint}>{t('nav.no_pinned_items')}</p>;
  return (
    <ol className={styles.order}>
      {pinned.map((entry, index) => {
        const label = labelText(entry.label);
        return (
          <li key={entry.id} className={styles.orderItem}>
            <EntryIcon icon={entry.icon} className={styles.icon} />
            <span className={styles.label}>{label}</span>
            <button
              type="button"
              className={styles.move}
              aria-label={t('nav.move_earlier', label)}
              disabled={index === 0}
              onClick={() => movePinnedNavItem(entry.id, -1)}
            >
              <Icon name="up" />
            </button>
            <button
              type="button"
              className={styles.move}
              aria-label={t('nav.move_later', label)}
              disabled={index === pinned.length - 1}
              onClick={() => movePinnedNavItem(entry.id, 1)}
            >
              <Icon name="down" />
            </button>
          </li>
        );
      })}
    </ol>
  );
}

/** /nav-edit: the navigation panel in forced edit mode, and the pinned items' order. */
export function NavEditScreen() {
  return (
    <section className={styles.screen} aria-labelledby="nav-edit-title">
      <h1 id="nav-edit-title" className={styles.title}>
        {t('nav.edit_nav')}
      </h1>
      <p className={styles.hint}>{t('nav.edit_nav_description')}</p>
      <NavPanel forceEditMode />
      <h2 className={styles.subtitle}>{t('nav.pinned_order')}</h2>
      <PinnedOrder />
    </section>
  );
}
