import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { installDocumentPreferences } from './app/documentPreferences.ts';
import { languagePending, languageSettled } from './i18n/index.ts';
import { applyLearntThisSession } from './app/learntThisSession.ts';
import { matchRoute } from './router/matchRoute.ts';
import { setLinkPreloader } from './router/preload.ts';
import { installScrollSaving } from './router/scrollRestoration.ts';
import { preloadScreen } from './app/screens.ts';
import { restoreSession } from './features/auth/restoreSession.ts';
import {
  afterNextPaint,
  FIRST_PAGE_WAIT_MS,
  watchFirstStatusPaint,
} from './features/timeline/firstPaint.ts';
import { loadFirstPublicPage } from './features/timeline/publicTimelineLoader.ts';
import { useInstance } from './state/instance.ts';
import { watchOutbox } from './state/outbox.ts';
import { usePreferences } from './state/preferences.ts';
import { useSession } from './state/session.ts';
import { enableLocaleFormats } from './ui/localeFormats.ts';
import './app/global.css';

// A stored session is restored first: with one, timelines wait for it (see Timeline).
void restoreSession();

// Landing on a timeline, the first render waits briefly for its first page, so the shell and the
// first statuses appear in one commit instead of a loading screen replaced a moment later. An
// anonymous visitor's public timeline is requested here, before anything else; a restored
// session asks for its home timeline once the token is known good (restoreSession), which
// verifying the token makes the longer wait.
const RESTORED_HOME_WAIT_MS = 1000;
const landing = matchRoute(window.location.pathname)?.route.name;
const restoring = useSession.getState().status === 'restoring';
const firstPage =
  (landing === 'public-timeline' || landing === 'public-external-timeline') && !restoring
    ? loadFirstPublicPage(landing === 'public-timeline').catch(() => undefined)
    : landing === 'friends' && restoring
      ? sessionRestored()
      : undefined;
const firstPageWaitMs = restoring ? RESTORED_HOME_WAIT_MS : FIRST_PAGE_WAIT_MS;

function sessionRestored(): Promise<void> {
  return new Promise((done) => {
    const stop = useSession.subscribe((state) => {
      if (state.status === 'restoring') return;
      stop();
      done();
    });
  });
}

/**
 * The start-up fetches and their merge (app/boot, with the instance and nodeinfo schemas) are a
 * chunk of their own, out of the start-up bundle: a timeline landing asks for it once its first
 * statuses are painted, any other landing as the app starts. If it cannot be fetched, the app goes
 * on with the defaults, as when every start-up fetch fails.
 */
function loadInstanceConfig(): void {
  import('./app/boot.ts').then(
    (boot) => boot.loadInstanceConfig(),
    (error: unknown) => {
      console.warn('the start-up loader did not load; going on without it', error);
      useInstance.getState().markLoaded();
    },
  );
}

installDocumentPreferences();
applyLearntThisSession();
watchFirstStatusPaint();
setLinkPreloader(preloadScreen);
installScrollSaving();
// The start-up fetches go out together; on a timeline landing, once the first statuses are on
// screen: issuing nine requests costs the main thread more than the first page's render can spare.
if (!firstPage) loadInstanceConfig();

// After the first paint: the Intl formatters; push, when on in this browser (its subscription is
// registered again); the service worker; the checks for a newer build of the client (update
// notice). Chunks of their own.
function afterFirstPaint() {
  enableLocaleFormats();
  watchOutbox();
  if (usePreferences.getState().webPushNotifications)
    import('./features/push/resumePush.ts').then(
      (push) => push.resumePushWhenSignedIn(),
      (error: unknown) => console.warn('resuming push notifications failed', error),
    );
  // The service worker: the app shell for starts without a network, push notifications.
  if (!import.meta.env.DEV && 'serviceWorker' in navigator)
    import('./features/offline/serviceWorker.ts').then(
      (worker) => worker.registerServiceWorker(),
      () => undefined,
    );
  import('./features/update/updateChecker.tsx').then(
    (update) => update.startUpdateChecks(),
    () => undefined,
  );
  startThemes();
}

// The theme engine: the starter set the saved theme before paint; this keeps it in step.
function startThemes() {
  import('./features/theme/themeRuntime.ts').then(
    (themes) => themes.startThemes(),
    (error: unknown) => console.warn('the theme engine did not load', error),
  );
}

// A chosen language other than English is shown from the first render: mounting waits for its
// strings (a chunk fetched while the first page loads), at most a moment, then goes on in English.
const LANGUAGE_WAIT_MS = 1500;
function mount() {
  if (!languagePending()) return mountNow();
  void Promise.race([
    languageSettled(),
    new Promise((done) => setTimeout(done, LANGUAGE_WAIT_MS)),
  ]).then(mountNow);
}

function mountNow() {
  const root = document.getElementById('app');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
}

if (firstPage) {
  void Promise.race([firstPage, new Promise((done) => setTimeout(done, firstPageWaitMs))]).then(
    () => {
      mount();
      afterNextPaint(() => {
        loadInstanceConfig();
        afterFirstPaint();
      });
    },
  );
} else {
  mount();
  afterNextPaint(afterFirstPaint);
}
