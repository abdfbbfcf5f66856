import { useId, useState } from 'react';
import { Link } from '../../router/Link.tsx';
import { pathFor } from '../../router/matchRoute.ts';
import { t } from '../../i18n/index.ts';
import { visibleNavEntries, type NavEntry } from '../../lib/navigation.ts';
import {
  selectGroupCollapsed,
  selectPinnedNavItems,
  setNavGroupCollapsed,
  togglePinnedNavItem,
  useSettingsSync,
  type CollapsibleNavGroup,
} from '../../state/settingsSync.ts';
import { EntryIcon, Icon } from './icons.tsx';
import {
  isCurrentEntry,
  labelText,
  routeHref,
  useCurrentHref,
  useNavContext,
} from './navContext.ts';
import { PinnedShortcuts } from './PinnedShortcuts.tsx';
import { useNavigationSync } from './useNavigationSync.ts';
import styles from './NavPanel.module.css';

interface EntryListProps {
  id?: string;
  entries: NavEntry[];
  editing: boolean;
  pinned: readonly string[];
  current: { pathname: string; search: string };
}

function EntryList({ id, entries, editing, pinned, current }: EntryListProps) {
  return (
    <ul id={id} className={styles.entries}>
      {entries.map((entry) => {
        const label = labelText(entry.label);
        const isPinned = pinned.includes(entry.id);
        return (
          <li key={entry.id} className={styles.entry}>
            <Link
              to={routeHref(entry.route)}
              className={styles.link}
              aria-current={isCurrentEntry(entry, current) ? 'page' : undefined}
            >
              <EntryIcon icon={entry.icon} className={styles.icon} />
              <span className={styles.label}>{label}</span>
              {entry.badge > 0 && <span className={styles.badge}>{entry.badge}</span>}
            </Link>
            {editing && (
              <button
                type="button"
                className={styles.pin}
                aria-pressed={isPinned}
                aria-label={t('nav.pin_item', label)}
                title={t(isPinned ? 'nav.unpin_hint' : 'nav.pin_hint')}
                onClick={() => togglePinnedNavItem(entry.id)}
              >
                <Icon name="pin" />
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function GroupToggle({
  group,
  label,
  controls,
}: {
  group: CollapsibleNavGroup;
  label: string;
  controls: string;
}) {
  const collapsed = useSettingsSync((state) => selectGroupCollapsed(state, group));
  return (
    <button
      type="button"
      className={styles.groupToggle}
      aria-expanded={!collapsed}
      aria-controls={collapsed ? undefined : controls}
      onClick={() => setNavGroupCollapsed(group, !collapsed)}
    >
      <span className={styles.label}>{label}</span>
      <Icon name="chevron" className={collapsed ? styles.chevronCollapsed : styles.chevron} />
    </button>
  );
}

/**
 * The navigation panel (spec part 1, §2): the timelines group and the lists group (both
 * collapsible), the other entries, pinned shortcuts at the top, and for signed-in users an edit
 * mode with a pin toggle on each entry. `forceEditMode` (the /nav-edit screen) keeps edit mode
 * on and hides its toggle.
 */
export function NavPanel({ forceEditMode = false }: { forceEditMode?: boolean }) {
  useNavigationSync();
  const context = useNavContext();
  const current = useCurrentHref();
  const pinned = useSettingsSync(selectPinnedNavItems);
  const timelinesCollapsed = useSettingsSync((state) => selectGroupCollapsed(state, 'timelines'));
  const listsCollapsed = useSettingsSync((state) => selectGroupCollapsed(state, 'lists'));
  const [editToggled, setEditToggled] = useState(false);
  const timelinesId = useId();
  const listsId = useId();

  const { signedIn } = context;
  const editing = signedIn && (forceEditMode || editToggled);
  const entries = visibleNavEntries(context);
  const timelines = entries.filter((entry) => entry.group === 'timelines');
  const lists = entries.filter((entry) => entry.group === 'lists');
  const root = entries.filter((entry) => entry.group === 'root');
  const listProps = { editing, pinned, current };

  return (
    <nav
      className={styles.panel}
      aria-label={t(forceEditMode ? 'nav.navigation_editor' : 'nav.navigation')}
    >
      {signedIn && (
        <div className={styles.top}>
          <PinnedShortcuts className={styles.pinned} />
          {!forceEditMode && (
            <button
              type="button"
              className={styles.editToggle}
              aria-pressed={editToggled}
              onClick={() => setEditToggled((value) => !value)}
            >
              <Icon name="edit" />
              <span>{t('nav.edit_pinned')}</span>
            </button>
          )}
        </div>
      )}
      {timelines.length > 0 && (
        <section className={styles.group}>
          <GroupToggle group="timelines" label={t('nav.timelines')} controls={timelinesId} />
          {!timelinesCollapsed && <EntryList id={timelinesId} entries={timelines} {...listProps} />}
        </section>
      )}
      {signedIn && (
        <section className={styles.group}>
          <div className={styles.groupHeader}>
            <GroupToggle group="lists" label={t('nav.lists')} controls={listsId} />
            <Link to={pathFor('lists')} className={styles.manage}>
              {t('nav.manage_lists')}
            </Link>
          </div>
          {!listsCollapsed &&
            (lists.length > 0 ? (
              <EntryList id={listsId} entries={lists} {...listProps} />
            ) : (
              <p id={listsId} className={styles.empty}>
                {t('nav.no_lists')}
              </p>
            ))}
        </section>
      )}
      {root.length > 0 && <EntryList entries={root} {...listProps} />}
    </nav>
  );
}
