import { SEND_OUTBOX } from '../../lib/outboxMessage.ts';
import { SERVICE_WORKER_URL } from '../../lib/webPush.ts';
import { outboxRuntime } from '../../state/outbox.ts';
import { whenIdle } from '../../lib/whenIdle.ts';

/**
 * The service worker (web/src/sw/sw.js) for everyone, registered after the first paint (main.tsx):
 * it keeps the app shell for starts without a network and shows push notifications. A new
 * build's worker waits and takes over on the next start, or when the update notice's Reload asks.
 */

/** Hashed files this page loaded before the worker was there to keep them (its first start). */
function loadedAssets(): string[] {
  if (typeof performance === 'undefined') return [];
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => {
      const parsed = new URL(url, location.href);
      return parsed.origin === location.origin && parsed.pathname.startsWith('/static/assets/');
    });
}

/**
 * Registered when the browser is next idle: on a first visit the worker then fetches the whole
 * shell (about 1.3 MB) for its cache, which slowed the first clicks 2-3 times when it began at
 * once (`npm run bench -- --only=clicks` with service workers allowed).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', sendOutboxWhenAsked);
  navigator.serviceWorker.startMessages();
  whenIdle(register, REGISTER_WITHIN_MS);
}

/**
 * The worker's Background Sync with this page open (sw/outboxSync.ts): the page sends its
 * account's outbox, so what it shows follows, and answers on the port it was given.
 */
function sendOutboxWhenAsked(event: MessageEvent<{ type?: unknown }>): void {
  const port = event.ports[0];
  if (event.data?.type !== SEND_OUTBOX || !port) return;
  port.postMessage({ type: 'sending' });
  outboxRuntime()
    .then((runtime) => runtime.sendForWorker())
    .catch(() => ({ sent: false, account: null }))
    .then((answer) => port.postMessage({ type: 'done', ...answer }));
}

const REGISTER_WITHIN_MS = 10_000;

function register(): void {
  navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).then(
    () =>
      navigator.serviceWorker.ready.then((registration) =>
        // This language's strings and the screens already opened are kept as well as the shell.
        registration.active?.postMessage({ type: 'KEEP_ASSETS', urls: loadedAssets() }),
      ),
    (error: unknown) => console.warn('the service worker could not be registered', error),
  );
}

const TAKE_OVER_WAIT_MS = 3000;

/**
 * Reloads into the newest build. The worker answers the reload from its cache, so first a
 * waiting worker (a new build's, holding its shell) takes over; when the server's build came
 * without a new worker, the running one fetches the page again for its cache.
 */
export function reloadIntoNewBuild(): void {
  if (!navigator.serviceWorker) window.location.reload();
  else void refreshThenReload();
}

async function refreshThenReload(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker.getRegistration('/');
    if (registration) {
      await registration.update().catch(() => undefined);
      const waiting = registration.waiting ?? (await installed(registration));
      if (waiting) await activated(waiting);
      else if (registration.active) await refreshShell(registration.active);
    }
  } finally {
    window.location.reload();
  }
}

const withTimeout = <T>(promise: Promise<T>, fallback: T, ms = TAKE_OVER_WAIT_MS): Promise<T> =>
  Promise.race([promise, new Promise<T>((done) => setTimeout(() => done(fallback), ms))]);

/** The worker the update found, once it has installed (null when there is none, or it fails). */
function installed(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  const installing = registration.installing;
  if (!installing) return Promise.resolve(null);
  const settled = new Promise<ServiceWorker | null>((done) => {
    installing.addEventListener('statechange', () => {
      if (installing.state === 'installed') done(installing);
      else if (installing.state === 'redundant') done(null);
    });
  });
  return withTimeout(settled, null, TAKE_OVER_WAIT_MS * 3);
}

/** Asks a waiting worker to take over now and waits until it has. */
function activated(worker: ServiceWorker): Promise<void> {
  const done = new Promise<void>((resolve) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated' || worker.state === 'redundant') resolve();
    });
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
  return withTimeout(done, undefined);
}

/** Has the running worker fetch the app shell again (see web/src/sw/sw.js). */
function refreshShell(worker: ServiceWorker): Promise<void> {
  const channel = new MessageChannel();
  const answered = new Promise<void>((resolve) => {
    channel.port1.onmessage = () => resolve();
  });
  worker.postMessage({ type: 'REFRESH_SHELL' }, [channel.port2]);
  return withTimeout(answered, undefined);
}
