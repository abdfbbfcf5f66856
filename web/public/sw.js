/*
 * Starling's service worker: it only shows push notifications and opens the app when one is
 * clicked. It has no fetch handler and caches nothing, so the app loads exactly as without it.
 * A plain script served at the site root (from web/public), so its scope is the whole client.
 */

self.addEventListener('install', () => {
  // A new version takes over at once: there is no cached state for the old one to keep serving.
  self.skipWaiting();
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
