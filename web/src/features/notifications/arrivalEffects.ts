import '../../i18n/parts/notifications.ts';
import type { Notification } from '../../api/types.ts';
import { t, tCount } from '../../i18n/index.ts';
import {
  ANNOUNCEMENT_CLEAR_MS,
  canManageReports,
  DESKTOP_NOTIFICATION_CLOSE_MS,
  desktopNotificationBody,
  desktopNotificationsSilenced,
  isNotificationShown,
  summaryKeyOf,
} from '../../lib/notifications.ts';
import { htmlToPlainText } from '../../lib/statusText.ts';
import { onNotificationsArrived } from '../../state/notifications.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useRelations } from '../../state/relations.ts';
import { useSession } from '../../state/session.ts';
import { useStreamingStore } from '../../streaming/registry.ts';

/**
 * What happens when notifications arrive while the app is open, wherever the panel is (or not):
 * a screen-reader announcement (cleared after 1 s, so the next one is read too) and, with the
 * browser's permission, a desktop notification that closes after 5 s.
 */
let stop: (() => void) | null = null;

function shownOnes(arrived: readonly Notification[]): Notification[] {
  const user = useSession.getState().user;
  const context = {
    visibility: usePreferences.getState().notificationVisibility,
    mutedIds: new Set(useRelations.getState().muteIds),
    canManageReports: canManageReports(user?.privileges ?? []),
  };
  return arrived.filter((n) => isNotificationShown(n, context));
}

const nameOf = (n: Notification) => n.account.displayName || n.account.username;
const summaryOf = (n: Notification) => `${nameOf(n)} ${t(summaryKeyOf(n.type))}`;

function liveRegion(): HTMLElement {
  const region = document.createElement('div');
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.dataset.notificationsAnnouncer = '';
  Object.assign(region.style, {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  });
  document.body.appendChild(region);
  return region;
}

function showDesktop(n: Notification): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const hide = useSession.getState().user?.notificationSettings?.hideNotificationContents ?? false;
  const statusText = n.status ? htmlToPlainText(n.status.content) : '';
  try {
    const shown = new Notification(summaryOf(n), {
      body: desktopNotificationBody(n, statusText, hide),
      icon: n.account.avatar || undefined,
      tag: `starling-notification-${n.id}`,
    });
    setTimeout(() => shown.close(), DESKTOP_NOTIFICATION_CLOSE_MS);
  } catch (error) {
    // Some browsers only allow notifications from a service worker.
    console.warn('desktop notification failed', error);
  }
}

export function startArrivalEffects(): void {
  if (stop) return;
  const region = liveRegion();
  let clearTimer: ReturnType<typeof setTimeout> | null = null;
  const unsubscribe = onNotificationsArrived((arrived) => {
    const shown = shownOnes(arrived);
    if (shown.length === 0) return;
    region.textContent =
      shown.length === 1 ? summaryOf(shown[0]!) : tCount('notifications.new_many', shown.length);
    if (clearTimer) clearTimeout(clearTimer);
    clearTimer = setTimeout(() => {
      region.textContent = '';
    }, ANNOUNCEMENT_CLEAR_MS);
    const streaming = useStreamingStore.getState();
    if (desktopNotificationsSilenced(streaming.status, streaming.notificationsSilenced)) return;
    for (const n of shown) showDesktop(n);
  });
  stop = () => {
    unsubscribe();
    if (clearTimer) clearTimeout(clearTimer);
    region.remove();
    stop = null;
  };
}

export function stopArrivalEffects(): void {
  stop?.();
}
