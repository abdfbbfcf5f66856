import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_INSTANCE_CONFIG, useInstance } from '../../state/instance.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useSession } from '../../state/session.ts';
import { resetNavigationStores, testAccount } from '../navigation/testSupport.ts';
import { resumePushWhenSignedIn } from './resumePush.ts';

const KEY = 'BAECAwQ';

function installBrowser(permission: NotificationPermission) {
  let current: { unsubscribe(): Promise<boolean> } | null = null;
  const subscription = {
    toJSON: () => ({ endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  };
  const registration = {
    pushManager: {
      getSubscription: async () => current,
      subscribe: async () => (current = subscription),
    },
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn() });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: async () => registration,
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    },
  });
  return subscription;
}

let stop = () => {};
const start = () => {
  stop = resumePushWhenSignedIn();
};

const posted = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(([, init]) => (init as RequestInit).headers);

beforeEach(() => {
  resetNavigationStores();
  useInstance.setState({
    loaded: true,
    config: { ...DEFAULT_INSTANCE_CONFIG, vapidPublicKey: KEY },
  });
  usePreferences.getState().setPreference('webPushNotifications', true);
});

afterEach(() => {
  stop();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  usePreferences.getState().resetPreferences();
});

describe('resuming push at start-up', () => {
  it('registers the subscription for the restored session and again for each new sign-in', async () => {
    installBrowser('granted');
    const fetch = vi.fn(async () => new Response('{"id":"1"}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    useSession.getState().signIn('first', testAccount());
    start();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    useSession.getState().setUser(testAccount({ display_name: 'Alice' }));
    useSession.getState().signOut();
    useSession.getState().signIn('second', testAccount());
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    expect(posted(fetch)).toEqual([
      expect.objectContaining({ Authorization: 'Bearer first' }),
      expect.objectContaining({ Authorization: 'Bearer second' }),
    ]);
  });

  it('turns the switch off when the permission was taken back, without prompting', async () => {
    installBrowser('denied');
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    useSession.getState().signIn('token', testAccount());
    start();
    await vi.waitFor(() => expect(usePreferences.getState().webPushNotifications).toBe(false));
    expect(Notification.requestPermission).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('drops the browser subscription when the user signs out', async () => {
    const subscription = installBrowser('granted');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"id":"1"}', { status: 200 })),
    );
    useSession.getState().signIn('token', testAccount());
    start();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(subscription.unsubscribe).not.toHaveBeenCalled();
    useSession.getState().signOut();
    await vi.waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalledTimes(1));
  });
});
