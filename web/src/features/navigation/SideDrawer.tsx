import '../../i18n/parts/navigation.ts';
import { lazy, Suspense, useEffect, useRef, type ReactNode, type TouchEvent } from 'react';
import { Link } from '../../router/Link.tsx';
import { useLocation } from '../../router/history.ts';
import { pathFor } from '../../router/matchRoute.ts';
import { t } from '../../i18n/index.ts';
import { sideDrawerSwipeCloses } from '../../lib/layout.ts';
import {
  sideDrawerEntries,
  type SideDrawerContext,
  type SideDrawerItemId,
} from '../../lib/navigation.ts';
import { useModals } from '../../state/modals.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { VisuallyHidden } from '../../ui/VisuallyHidden.tsx';
import { requestLogoutLater } from '../auth/logoutLater.ts';
import { Icon } from './icons.tsx';
import { useSideDrawerContext } from './navContext.ts';
import { useNavigationSync } from './useNavigationSync.ts';
import styles from './SideDrawer.module.css';

/** The accounts signed in on this device (issue 26): a chunk of its own. */
const AccountSwitcher = lazy(() =>
  import('../accounts/AccountSwitcher.tsx').then((m) => ({ default: m.AccountSwitcher })),
);

/** The separate administration interface (spec part 1, §2), opened in a new tab. */
export const ADMIN_INTERFACE_URL = '/pleroma/admin/#/login-pleroma';

type Action = 'settings' | 'logout';
type Target = { route: string; params?: Record<string, string> } | { href: string } | Action;

interface ItemSpec {
  icon: string;
  labelKey: string;
  target: (context: SideDrawerContext) => Target;
}

const user = (context: SideDrawerContext) => ({ username: context.username ?? '' });

const ITEMS: Record<SideDrawerItemId, ItemSpec> = {
  login: { icon: 'login', labelKey: 'nav.login', target: () => ({ route: 'login' }) },
  timelines: {
    icon: 'home',
    labelKey: 'nav.timelines',
    target: (context) => ({
      route: context.signedIn
        ? 'friends'
        : context.federating
          ? 'public-external-timeline'
          : 'public-timeline',
    }),
  },
  lists: { icon: 'list', labelKey: 'nav.lists', target: () => ({ route: 'lists' }) },
  chats: {
    icon: 'messages',
    labelKey: 'nav.chats',
    target: (context) => ({ route: 'chats', params: user(context) }),
  },
  interactions: {
    icon: 'bell',
    labelKey: 'nav.interactions',
    target: (context) => ({ route: 'interactions', params: user(context) }),
  },
  'friend-requests': {
    icon: 'user-plus',
    labelKey: 'nav.friend_requests',
    target: () => ({ route: 'friend-requests' }),
  },
  shoutbox: {
    icon: 'messages',
    labelKey: 'nav.shoutbox',
    target: () => ({ route: 'shout-panel' }),
  },
  search: { icon: 'search', labelKey: 'nav.search', target: () => ({ route: 'search' }) },
  'who-to-follow': {
    icon: 'users',
    labelKey: 'nav.who_to_follow',
    target: () => ({ route: 'who-to-follow' }),
  },
  settings: { icon: 'settings', labelKey: 'nav.settings', target: () => 'settings' },
  about: { icon: 'info', labelKey: 'nav.about', target: () => ({ route: 'about' }) },
  administration: {
    icon: 'shield',
    labelKey: 'nav.administration',
    target: () => ({ href: ADMIN_INTERFACE_URL }),
  },
  announcements: {
    icon: 'megaphone',
    labelKey: 'nav.announcements',
    target: () => ({ route: 'announcements' }),
  },
  'edit-navigation': {
    icon: 'edit',
    labelKey: 'nav.edit_nav',
    target: () => ({ route: 'nav-edit' }),
  },
  logout: { icon: 'logout', labelKey: 'nav.logout', target: () => 'logout' },
};

function ItemContent({ icon, label, badge }: { icon: string; label: string; badge: number }) {
  return (
    <>
      <Icon name={icon} className={styles.icon} />
      <span className={styles.label}>{label}</span>
      {badge > 0 && <span className={styles.badge}>{badge}</span>}
    </>
  );
}

interface DrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The mobile side drawer (spec part 1, §2 and §4): a modal dialog listing the drawer entries this
 * visitor may use. Escape, the close button, a click outside, a left swipe of at least
 * SIDE_DRAWER_SWIPE_PX and any route change close it; focus then returns to the toggle.
 */
export function SideDrawer({ open, onClose }: DrawerProps) {
  useNavigationSync();
  const location = useLocation();
  const openedAt = useRef<string | null>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  // A route change closes the drawer (the location seen when it opened is the reference).
  useEffect(() => {
    if (!open) {
      openedAt.current = null;
      return;
    }
    if (openedAt.current === null) openedAt.current = location.key;
    else if (openedAt.current !== location.key) closeRef.current();
  }, [open, location.key]);

  if (!open) return null;
  return <DrawerDialog onClose={onClose} />;
}

function DrawerDialog({ onClose }: { onClose: () => void }) {
  const context = useSideDrawerContext();
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const deltaX = touch.clientX - start.x;
    const deltaY = touch.clientY - start.y;
    // A mostly vertical movement is a scroll, not a swipe.
    if (Math.abs(deltaY) > Math.abs(deltaX)) return;
    if (sideDrawerSwipeCloses(deltaX)) onClose();
  };

  const render = (id: SideDrawerItemId, badge: number): ReactNode => {
    const spec = ITEMS[id];
    const label = t(spec.labelKey);
    const content = <ItemContent icon={spec.icon} label={label} badge={badge} />;
    const target = spec.target(context);
    if (target === 'settings' || target === 'logout') {
      const act = () => {
        onClose();
        if (target === 'settings') useModals.getState().openSettings();
        else void requestLogoutLater();
      };
      return (
        <button type="button" className={styles.item} onClick={act}>
          {content}
        </button>
      );
    }
    if ('href' in target) {
      return (
        <a
          href={target.href}
          target="_blank"
          rel="noopener noreferrer"
          className={styles.item}
          onClick={onClose}
        >
          {content}
          <VisuallyHidden> {t('nav.opens_in_new_tab')}</VisuallyHidden>
        </a>
      );
    }
    return (
      <Link to={pathFor(target.route, target.params)} className={styles.item}>
        {content}
      </Link>
    );
  };

  return (
    <Dialog
      title={t('nav.drawer_title')}
      onClose={onClose}
      className={styles.drawer}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      {context.signedIn && (
        <Suspense fallback={null}>
          <AccountSwitcher />
        </Suspense>
      )}
      <nav aria-label={t('nav.navigation')}>
        <ul className={styles.items}>
          {sideDrawerEntries(context).map((item) => (
            <li key={item.id}>{render(item.id, item.badge)}</li>
          ))}
        </ul>
      </nav>
    </Dialog>
  );
}
