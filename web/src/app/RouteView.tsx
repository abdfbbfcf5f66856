import { Suspense, useEffect, useMemo } from 'react';
import { t } from '../i18n/index.ts';
import { useInstance } from '../state/instance.ts';
import { useScreenTitleStore } from '../state/screenTitle.ts';
import { useSession } from '../state/session.ts';
import { ChunkErrorBoundary } from '../ui/ChunkErrorBoundary.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { guardRoute, type GuardContext } from './guards.ts';
import { useDocumentTitle, useFaviconBadge } from './pageTitle.ts';
import { navigate, useLocation, type AppLocation } from '../router/history.ts';
import { matchRoute } from '../router/matchRoute.ts';
import { applyScroll } from '../router/scrollRestoration.ts';
import { NotFoundScreen, SCREENS } from './screens.ts';
import styles from './Screen.module.css';

function Waiting() {
  return (
    <div className={styles.waiting}>
      <Spinner />
    </div>
  );
}

/**
 * Mounted after the screen inside the same Suspense boundary, so its effect runs once the screen
 * (lazy chunk included) is on the page: then the saved position can be restored.
 */
function ScrollOnArrival({ location, noScroll }: { location: AppLocation; noScroll: boolean }) {
  useEffect(() => applyScroll(location, noScroll), [location, noScroll]);
  return null;
}

/** The path of the last screen that arrived; null before the first one (the page load). */
let arrivedPath: string | null = null;

/** The screen's heading: the main column's h1, else any. */
const screenHeading = () =>
  document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');

/** Whether focus is still where a navigation left it: nowhere, or on what was clicked to get here. */
const focusUnclaimed = (left: Element | null) =>
  document.activeElement === null ||
  document.activeElement === document.body ||
  document.activeElement === left;

/**
 * After a navigation to another screen (never on the page load), focus moves to the new screen's
 * heading, so a screen reader starts reading there instead of at the top of the page. A screen
 * whose heading comes with its data (a profile, the notifications) gets focus when it arrives,
 * unless the person has moved focus meanwhile.
 */
function FocusOnArrival({ pathname }: { pathname: string }) {
  useEffect(() => {
    const previous = arrivedPath;
    arrivedPath = pathname;
    if (previous === null || previous === pathname) return undefined;
    const left = document.activeElement;
    const focusHeading = (): boolean => {
      if (document.querySelector('[aria-modal="true"]')) return true;
      const heading = screenHeading();
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      if (focusUnclaimed(left)) heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading() || typeof MutationObserver === 'undefined') return undefined;
    const observer = new MutationObserver(() => {
      if (!focusUnclaimed(left)) observer.disconnect();
      else if (focusHeading()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname]);
  return null;
}

function useGuardContext(): GuardContext {
  const session = useSession((state) => state.status);
  const instanceLoaded = useInstance((state) => state.loaded);
  const config = useInstance((state) => state.config);
  return {
    session,
    instanceLoaded,
    registrationOpen: config.registrationOpen,
    federating: config.federating,
    chatsAvailable: config.pleromaChatMessagesAvailable,
    shoutAvailable: config.shoutAvailable,
    redirectRootLogin: config.redirectRootLogin,
    redirectRootNoLogin: config.redirectRootNoLogin,
  };
}

/** The routed screen: guards and redirects first, then the route's (lazily loaded) screen. */
export function RouteView() {
  const location = useLocation();
  const match = useMemo(
    () => matchRoute(location.pathname, location.search),
    [location.pathname, location.search],
  );
  const guard = guardRoute(match, useGuardContext());
  const redirectTo = guard.kind === 'redirect' ? guard.to : null;

  useEffect(() => {
    if (redirectTo) navigate(redirectTo, { replace: true });
  }, [redirectTo]);

  const showsScreen = guard.kind === 'render' && match;
  const screenTitle = useScreenTitleStore((state) => state.title);
  useDocumentTitle(
    guard.kind === 'not-found'
      ? t('not_found.title')
      : match
        ? (screenTitle ?? t(match.route.titleKey))
        : null,
  );
  useFaviconBadge();

  if (guard.kind === 'wait' || guard.kind === 'redirect') return <Waiting />;
  const Screen = showsScreen ? SCREENS[match.route.name] : undefined;
  return (
    <ChunkErrorBoundary key={location.key}>
      <Suspense fallback={<Waiting />}>
        {Screen && showsScreen ? <Screen match={match} /> : <NotFoundScreen />}
        <ScrollOnArrival
          key={location.key}
          location={location}
          noScroll={!!match?.route.noScroll}
        />
        <FocusOnArrival pathname={location.pathname} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
