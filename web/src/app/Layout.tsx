import { Suspense, type ReactNode } from 'react';
import { t } from '../i18n/index.ts';
import { columnsFor, type Column } from '../lib/layout.ts';
import { useInstance } from '../state/instance.ts';
import { usePreferences } from '../state/preferences.ts';
import { DesktopBar } from './layout/DesktopBar.tsx';
import { FloatingPostButton } from './layout/FloatingPostButton.tsx';
import { MobileBar } from './layout/MobileBar.tsx';
import { Sidebar } from './layout/Sidebar.tsx';
import { ThirdColumn } from './layout/ThirdColumn.tsx';
import { useLayout } from './layout/useLayout.ts';
import { useSignedIn } from './layout/useSessionFlags.ts';
import styles from './Layout.module.css';
import { KeyboardShortcuts } from './keyboard/KeyboardShortcuts.tsx';
import { LiveRegion } from './LiveRegion.tsx';
import { ModalHost } from './modals/ModalHost.tsx';
import { Notices } from './modals/Notices.tsx';
import { backgroundStyle } from '../lib/instanceLook.ts';
import { useLocation } from '../router/history.ts';
import { matchRoute } from '../router/matchRoute.ts';
import { ChunkErrorBoundary } from '../ui/ChunkErrorBoundary.tsx';
import { lazyRetry } from '../ui/lazyRetry.ts';

const FloatingShoutPanel = lazyRetry(() =>
  import('../features/shoutbox/FloatingShoutPanel.tsx').then((m) => ({
    default: m.FloatingShoutPanel,
  })),
);

export const MAIN_CONTENT_ID = 'main-content';

const mainFirst = (columns: Column[]): Column[] => [
  ...columns.filter((column) => column === 'main'),
  ...columns.filter((column) => column !== 'main'),
];

/**
 * The frame around every screen (spec part 1, §2 Application shell): the top bar for the layout,
 * the columns in the order the layout rules give, the floating post button and the modal host.
 */
export function Layout({ children }: { children: ReactNode }) {
  const layout = useLayout();
  const signedIn = useSignedIn();
  const preferredSidebarRight = usePreferences((state) => state.sidebarRight);
  const instanceSidebarRight = useInstance((state) => state.config.sidebarRight);
  const background = useInstance((state) => state.config.background);
  const thirdColumnMode = usePreferences((state) => state.thirdColumnMode);
  // The notifications screen is the panel itself: neither the sidebar nor the column repeats it.
  const { pathname } = useLocation();
  const routeName = matchRoute(pathname)?.route.name;
  const onNotificationsScreen = routeName === 'notifications';
  // The floating shout box: wide layouts, signed in, where the instance has one, unless hidden
  // (and not over the shout box screen itself).
  const shoutAvailable = useInstance((state) => state.config.shoutAvailable);
  const hideShoutbox = usePreferences((state) => state.hideShoutbox);
  const floatingShoutbox =
    signedIn &&
    shoutAvailable &&
    !hideShoutbox &&
    layout !== 'mobile' &&
    routeName !== 'shout-panel';
  const columns = columnsFor({
    layout,
    signedIn,
    thirdColumnEnabled: thirdColumnMode !== 'none',
    sidebarRight: preferredSidebarRight ?? instanceSidebarRight,
    thirdColumnMode,
    onNotificationsScreen,
  });

  const renderColumn = (column: Column) => {
    const order = { order: columns.indexOf(column) };
    switch (column) {
      case 'sidebar':
        return (
          <div key={column} className={styles.sidebarColumn} style={order} data-column={column}>
            <Sidebar
              postFormElsewhere={columns.includes('postform')}
              withNotifications={
                signedIn && !columns.includes('notifications') && !onNotificationsScreen
              }
            />
          </div>
        );
      case 'main':
        return (
          <main
            key={column}
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            className={styles.mainColumn}
            style={order}
            data-column={column}
          >
            {children}
          </main>
        );
      default:
        return (
          <div key={column} className={styles.thirdColumn} style={order} data-column={column}>
            <ThirdColumn mode={column} />
          </div>
        );
    }
  };

  return (
    <div className={styles.app} data-layout={layout}>
      <div className={styles.wallpaper} style={backgroundStyle(background)} aria-hidden="true" />
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className={styles.skipLink}
        onClick={(event) => {
          event.preventDefault();
          const main = document.getElementById(MAIN_CONTENT_ID);
          // The first post of the screen's feed; a screen without posts, its main column.
          const firstPost = main?.querySelector<HTMLElement>('[role="feed"] article');
          (firstPost ?? main)?.focus();
        }}
      >
        {t('shell.skip_to_posts')}
      </a>
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className={styles.skipLink}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(MAIN_CONTENT_ID)?.focus();
        }}
      >
        {t('shell.skip_to_content')}
      </a>
      {layout === 'mobile' ? <MobileBar /> : <DesktopBar />}
      <Notices />
      {/* Fixed in place, but early in the tab order: right after the top bar. */}
      <FloatingPostButton />
      {/* The main column comes first in the page (and the tab order); flex order keeps each
          column where the layout puts it on screen. */}
      <div className={styles.columns}>{mainFirst(columns).map(renderColumn)}</div>
      {floatingShoutbox && (
        <ChunkErrorBoundary>
          <Suspense fallback={null}>
            <FloatingShoutPanel />
          </Suspense>
        </ChunkErrorBoundary>
      )}
      <ModalHost />
      <KeyboardShortcuts />
      <LiveRegion />
    </div>
  );
}
