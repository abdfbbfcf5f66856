import { lazy, Suspense, useEffect, useState } from 'react';
import { PinnedShortcuts } from '../../features/navigation/PinnedShortcuts.tsx';
import { t } from '../../i18n/index.ts';
import { useSession } from '../../state/session.ts';
import { useUnseen } from '../../state/unseen.ts';
import { useLocation } from '../../router/history.ts';
import { Link } from '../../router/Link.tsx';
import { preloadOnIntent } from '../../router/preload.ts';
import styles from './MobileBar.module.css';
import { markNotificationsSeen } from './notificationsSeen.ts';
import { SiteBrand } from './SiteBrand.tsx';
import { useSignedIn } from './useSessionFlags.ts';
import { lazyRetry } from '../../ui/lazyRetry.ts';
import { whenIdle } from '../../lib/whenIdle.ts';

// The drawers load when first opened.
const SideDrawer = lazy(() =>
  import('../../features/navigation/SideDrawer.tsx').then((m) => ({ default: m.SideDrawer })),
);
const NotificationDrawer = lazyRetry(() =>
  import('./NotificationDrawer.tsx').then((m) => ({ default: m.NotificationDrawer })),
);
/** The notifications drawer is this bar's most used button: its chunk comes once the page is idle. */
const DRAWER_PRELOAD_IDLE_TIMEOUT_MS = 5000;

/**
 * The mobile layout's top bar: side-drawer toggle, site name, pinned shortcuts, notifications (or,
 * for an anonymous visitor, a link to log in).
 * Both drawers remember the location they were opened at, so any route change closes them.
 */
export function MobileBar() {
  const signedIn = useSignedIn();
  const unseen = useUnseen((state) => state.notifications);
  const anonymous = useSession((state) => state.status === 'anonymous');
  const { key: locationKey, pathname } = useLocation();
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const [notificationsOpenAt, setNotificationsOpenAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenAt === locationKey;
  const notificationsOpen = signedIn && notificationsOpenAt === locationKey;
  useEffect(
    () =>
      signedIn ? whenIdle(NotificationDrawer.preload, DRAWER_PRELOAD_IDLE_TIMEOUT_MS) : undefined,
    [signedIn],
  );

  return (
    <>
      <header className={styles.bar}>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('shell.menu')}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpenAt(drawerOpen ? null : locationKey)}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20">
            <path
              d="M3 5h14M3 10h14M3 15h14"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <div className={styles.brand}>
          <SiteBrand showLogo={false} />
        </div>
        <div className={styles.pins}>
          <PinnedShortcuts />
        </div>
        {anonymous && pathname !== '/login' && (
          <Link to="/login" className={styles.signIn}>
            {t('login.login')}
          </Link>
        )}
        {signedIn && (
          <button
            type="button"
            className={styles.iconButton}
            aria-label={
              unseen > 0
                ? `${t('shell.notifications')} ${t('shell.unseen_count', unseen)}`
                : t('shell.notifications')
            }
            aria-haspopup="dialog"
            aria-expanded={notificationsOpen}
            onPointerEnter={(event) => preloadOnIntent(NotificationDrawer.preload, event)}
            onFocus={(event) => preloadOnIntent(NotificationDrawer.preload, event)}
            onClick={() => setNotificationsOpenAt(locationKey)}
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" width="20" height="20">
              <path
                d="M10 2.5a5 5 0 0 0-5 5v3.2L3.5 14h13L15 10.7V7.5a5 5 0 0 0-5-5zM8 16a2 2 0 0 0 4 0"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinejoin="round"
              />
            </svg>
            {unseen > 0 && <span className={styles.badge}>{unseen}</span>}
          </button>
        )}
      </header>
      {drawerOpen && (
        <Suspense fallback={null}>
          <SideDrawer open onClose={() => setDrawerOpenAt(null)} />
        </Suspense>
      )}
      {notificationsOpen && (
        <Suspense fallback={null}>
          <NotificationDrawer
            onClose={() => setNotificationsOpenAt(null)}
            onCloseButton={() => {
              markNotificationsSeen();
              setNotificationsOpenAt(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
