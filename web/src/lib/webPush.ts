import type { ApiClient } from '../api/client.ts';
import {
  createPushSubscription,
  deletePushSubscription,
  type BrowserSubscription,
  type PushAlerts,
} from '../api/push.ts';

/**
 * Browser push notifications: the permission, the service worker, the browser's push
 * subscription and its registration on the instance, as one flow with the browser passed in
 * (tests give a stub; the app gives `browserPush()`).
 */

/** Spec part 1, §7: the alert types a subscription asks for. */
export const PUSH_ALERTS: PushAlerts = {
  follow: true,
  favourite: true,
  mention: true,
  reblog: true,
  move: true,
};

/**
 * A browser that cannot reach its push service may never settle subscribe() (Chromium without
 * network access to its push service does exactly that): past this, the attempt counts as failed.
 */
export const SUBSCRIBE_TIMEOUT_MS = 30_000;

/** Served at the site root so its scope covers every client route. */
export const SERVICE_WORKER_URL = '/sw.js';

export interface PushSubscriptionLike {
  readonly options?: { readonly applicationServerKey: ArrayBuffer | null };
  toJSON(): { endpoint?: string; keys?: Record<string, string> };
  unsubscribe(): Promise<boolean>;
}

export interface PushRegistrationLike {
  readonly pushManager: {
    subscribe(options: {
      userVisibleOnly: boolean;
      applicationServerKey: Uint8Array<ArrayBuffer>;
    }): Promise<PushSubscriptionLike>;
    getSubscription(): Promise<PushSubscriptionLike | null>;
  };
}

export interface PushBrowser {
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** Registers (or updates) the service worker and resolves once it is active. */
  register(): Promise<PushRegistrationLike>;
  /** The worker registered earlier, if any. */
  registration(): Promise<PushRegistrationLike | undefined>;
}

/** Why push is off after an attempt to turn it on; 'on' when it worked. */
export type PushOutcome = 'on' | 'denied' | 'worker-failed' | 'subscribe-failed' | 'server-failed';

/** Why push cannot be offered at all, or null when it can. */
export function pushUnavailableReason(
  vapidKey: string,
  scope: { navigator?: object; PushManager?: unknown; Notification?: unknown },
): 'no-key' | 'no-browser-support' | null {
  if (!vapidKey) return 'no-key';
  if (!scope.navigator || !('serviceWorker' in scope.navigator)) return 'no-browser-support';
  if (!scope.PushManager || !scope.Notification) return 'no-browser-support';
  return null;
}

/** A VAPID public key (base64url, as the instance publishes it) as the bytes subscribe wants. */
export function vapidKeyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = key.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const view = new Uint8Array(a);
  return view.length === b.length && view.every((byte, i) => byte === b[i]);
}

function asBrowserSubscription(subscription: PushSubscriptionLike): BrowserSubscription | null {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) return null;
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

async function subscribeAndRegister(
  browser: PushBrowser,
  client: ApiClient,
  vapidKey: string,
  subscribeTimeoutMs: number,
): Promise<PushOutcome> {
  let registration: PushRegistrationLike;
  try {
    registration = await browser.register();
  } catch (error) {
    console.warn('registering the push service worker failed', error);
    return 'worker-failed';
  }
  const key = vapidKeyBytes(vapidKey);
  let subscription: PushSubscriptionLike;
  try {
    // A subscription made for another key (the instance's key changed) cannot be reused.
    const existing = await registration.pushManager.getSubscription();
    if (existing && existing.options && !sameBytes(existing.options.applicationServerKey, key)) {
      await existing.unsubscribe();
    }
    const subscribing = registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // Should it settle after all, the subscription is not left behind unused.
        subscribing.then((late) => late.unsubscribe()).catch(() => false);
        reject(new Error('the push service did not answer in time'));
      }, subscribeTimeoutMs);
    });
    subscription = await Promise.race([subscribing, timedOut]).finally(() => clearTimeout(timer));
  } catch (error) {
    console.warn('the browser could not subscribe to push', error);
    return 'subscribe-failed';
  }
  const sent = asBrowserSubscription(subscription);
  try {
    if (!sent) throw new Error('the browser gave a subscription without endpoint or keys');
    await createPushSubscription(client, sent, PUSH_ALERTS);
    return 'on';
  } catch (error) {
    // createPushSubscription has logged the spec's text; other failures are logged here.
    if (!(error instanceof Error && error.name === 'PushServerError')) {
      console.warn('registering the push subscription on the instance failed', error);
    }
    await subscription.unsubscribe().catch(() => false);
    return 'server-failed';
  }
}

/** The user turns push on: asks permission, then subscribes and tells the instance. */
export async function enablePush(
  browser: PushBrowser,
  client: ApiClient,
  vapidKey: string,
  subscribeTimeoutMs = SUBSCRIBE_TIMEOUT_MS,
): Promise<PushOutcome> {
  let permission: NotificationPermission;
  try {
    permission = await browser.requestPermission();
  } catch {
    permission = 'denied';
  }
  if (permission !== 'granted') return 'denied';
  return subscribeAndRegister(browser, client, vapidKey, subscribeTimeoutMs);
}

/**
 * At start-up with push on: subscribes again (the same subscription, or a fresh one when the
 * browser dropped it) and registers it for the current token, without ever prompting.
 */
export async function resumePush(
  browser: PushBrowser,
  client: ApiClient,
  vapidKey: string,
  subscribeTimeoutMs = SUBSCRIBE_TIMEOUT_MS,
): Promise<PushOutcome> {
  if (browser.permission() !== 'granted') return 'denied';
  return subscribeAndRegister(browser, client, vapidKey, subscribeTimeoutMs);
}

/** The user turns push off: the instance forgets the subscription first, then the browser. */
export async function disablePush(browser: PushBrowser, client: ApiClient): Promise<void> {
  try {
    await deletePushSubscription(client);
  } catch (error) {
    // The browser's unsubscribe below ends delivery anyway: the push service answers 410.
    console.warn('removing the push subscription from the instance failed', error);
  }
  await dropBrowserSubscription(browser);
}

/** The browser stops receiving pushes (the instance answers the next one with 410 anyway). */
export async function dropBrowserSubscription(browser: PushBrowser): Promise<void> {
  const registration = await browser.registration().catch(() => undefined);
  const subscription = await registration?.pushManager.getSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
}

/** The real browser. */
export function browserPush(): PushBrowser {
  return {
    permission: () => Notification.permission,
    requestPermission: () => Notification.requestPermission(),
    register: async () => {
      await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
      return navigator.serviceWorker.ready;
    },
    // No service workers at all (an insecure page, some private modes): no registration either.
    registration: async () => navigator.serviceWorker?.getRegistration('/'),
  };
}
