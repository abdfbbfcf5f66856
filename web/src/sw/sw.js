/*
 * Starling's service worker (built by vite-plugin-pwa's injectManifest into dist/sw.js, served at
 * the site root so its scope is the whole client). It
 * - serves the app shell (index.html) and the build's hashed files from its cache, so a second
 *   start paints with no network at all (Workbox precaching, the list injected at build time);
 * - never touches API calls, OAuth, media or anything else of the instance: those go to the
 *   network as without a worker;
 * - shows push notifications and opens the app when one is clicked;
 * - on a Background Sync, has the outbox sent (./outboxSync.ts): by an open page of the app, or
 *   by itself when none is open.
 * A new build's worker installs beside the running one and takes over on the next start (or at
 * once when the update notice's Reload asks it to).
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  getCacheKeyForURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { cacheNames } from 'workbox-core';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { OUTBOX_SYNC_TAG } from '../lib/outbox.ts';
import { syncOutbox } from './outboxSync.ts';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Paths of the instance (see server/src/serve-client.ts): a navigation there is never the app. */
const SERVER_PATHS = [
  /^\/api\//,
  /^\/oauth\//,
  /^\/auth\//,
  /^\/pleroma\//,
  /^\/nodeinfo/,
  /^\/\.well-known\//,
  /^\/static\//,
  /^\/media\//,
  /^\/emoji\//,
  /^\/instance\//,
  /^\/proxy\//,
  /^\/users\/[^/]+\/(?:feed|outbox|inbox|followers|following)/,
  // ActivityPub ids and the instance's own pages, which it answers (or redirects) itself.
  /^\/objects\//,
  /^\/activities\//,
  /^\/ostatus_subscribe/,
  /^\/authorize_interaction/,
  /^\/socket/,
  /^\/manifest\.json$/,
  /^\/sw\.js$/,
];

// Every client route is index.html, from the cache.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }),
);

// Hashed chunks left out of the precache (the emoji picker's data): kept once fetched. Their names
// change with their content, so a cached one is never stale.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    url.pathname.startsWith('/static/assets/') &&
    request.method === 'GET',
  new CacheFirst({
    cacheName: 'starling-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })],
  }),
);

const sameOriginAsset = (url) => {
  try {
    const parsed = new URL(url, self.location.origin);
    return parsed.origin === self.location.origin && parsed.pathname.startsWith('/static/assets/');
  } catch {
    return false;
  }
};

async function refreshShell(port) {
  try {
    const key = getCacheKeyForURL('/index.html');
    const response = await fetch('/index.html', { cache: 'no-store' });
    if (key && response.ok) await (await caches.open(cacheNames.precache)).put(key, response);
  } finally {
    port?.postMessage('done');
  }
}

self.addEventListener('message', (event) => {
  const data = event.data ?? {};
  // The update notice's Reload: the waiting new build takes over now instead of on the next start.
  if (data.type === 'SKIP_WAITING') self.skipWaiting();
  // The update notice's Reload when the server has a newer build but this worker is still the
  // newest (its shell is what a reload would get): the page is fetched again for the cache.
  if (data.type === 'REFRESH_SHELL') event.waitUntil(refreshShell(event.ports[0]));
  // The page's first start loaded these before this worker was there to keep them.
  if (data.type === 'KEEP_ASSETS' && Array.isArray(data.urls)) {
    const urls = data.urls.filter((url) => typeof url === 'string' && sameOriginAsset(url));
    event.waitUntil(
      caches
        .open('starling-assets')
        .then((cache) =>
          Promise.all(
            urls.map((url) =>
              cache.match(url).then((kept) => kept ?? cache.add(url).catch(() => undefined)),
            ),
          ),
        ),
    );
  }
});

/** The payload the instance sent (Pleroma's shape: title, body, icon, notification_id...). */
function readPayload(data) {
  if (!data) return {};
  try {
    const parsed = data.json();
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return { body: data.text() };
  }
}

const text = (value) => (typeof value === 'string' ? value : '');

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const id = payload.notification_id;
  const options = { body: text(payload.body), data: { notificationId: id ?? null } };
  if (text(payload.icon)) options.icon = payload.icon;
  // One notification per server notification: a repeated push replaces instead of stacking.
  if (id !== undefined && id !== null) options.tag = `notification-${id}`;
  event.waitUntil(self.registration.showNotification(text(payload.title) || 'Starling', options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.focus();
      // The notifications screen is /:username/notifications and shows the signed-in user's
      // whatever the name; "main" can never be a user (a restricted nickname).
      return self.clients.openWindow('/main/notifications');
    }),
  );
});

// The network is back for what the outbox queued (a failure has the browser try again later).
self.addEventListener('sync', (event) => {
  if (event.tag === OUTBOX_SYNC_TAG) event.waitUntil(syncOutbox(self));
});
