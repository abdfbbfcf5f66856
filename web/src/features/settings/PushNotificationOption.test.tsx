import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_INSTANCE_CONFIG, useInstance } from '../../state/instance.ts';
import { usePreferences } from '../../state/preferences.ts';
import { resetNavigationStores, signInAs } from '../navigation/testSupport.ts';
import { NotificationSettings } from './NotificationSettings.tsx';

const KEY = 'BAECAwQ';

function installBrowser(options: { permission?: NotificationPermission; subscribe?: 'fails' }) {
  let current: { unsubscribe: () => Promise<boolean> } | null = null;
  const unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  const registration = {
    pushManager: {
      getSubscription: async () => current,
      subscribe: vi.fn(async () => {
        if (options.subscribe === 'fails') throw new DOMException('no push service', 'AbortError');
        current = {
          unsubscribe,
          toJSON: () => ({ endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } }),
        } as never;
        return current;
      }),
    },
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    permission: 'default',
    requestPermission: vi.fn(async () => options.permission ?? 'granted'),
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
      getRegistration: async () => registration,
    },
  });
  return { registration, unsubscribe };
}

const toggle = () => screen.getByRole('switch', { name: 'Browser push notifications' });

beforeEach(() => {
  resetNavigationStores();
  signInAs({ id: '1', username: 'alice' });
  useInstance.setState({ config: { ...DEFAULT_INSTANCE_CONFIG, vapidPublicKey: KEY } });
  usePreferences.getState().resetPreferences();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the browser push switch', () => {
  it('says why push is unavailable without a VAPID key or browser support', () => {
    installBrowser({});
    useInstance.setState({ config: { ...DEFAULT_INSTANCE_CONFIG, vapidPublicKey: '' } });
    const { unmount } = render(<NotificationSettings />);
    expect(screen.getByText(/this instance does not offer them/)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    unmount();

    Reflect.deleteProperty(navigator, 'serviceWorker');
    useInstance.setState({ config: { ...DEFAULT_INSTANCE_CONFIG, vapidPublicKey: KEY } });
    render(<NotificationSettings />);
    expect(screen.getByText(/this browser does not support them/)).toBeTruthy();
  });

  it('stays off with a clear message when notifications are refused', async () => {
    installBrowser({ permission: 'denied' });
    const fetch = vi.spyOn(globalThis, 'fetch');
    render(<NotificationSettings />);
    fireEvent.click(toggle());
    expect((await screen.findByRole('alert')).textContent).toMatch(/Notifications are blocked/);
    expect((toggle() as HTMLInputElement).checked).toBe(false);
    expect(usePreferences.getState().webPushNotifications).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stays off and says so when the browser cannot subscribe', async () => {
    installBrowser({ subscribe: 'fails' });
    render(<NotificationSettings />);
    fireEvent.click(toggle());
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not subscribe/);
    expect((toggle() as HTMLInputElement).checked).toBe(false);
  });

  it('shows a failure when the instance answers without an id', async () => {
    installBrowser({});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 200 }));
    render(<NotificationSettings />);
    fireEvent.click(toggle());
    expect((await screen.findByRole('alert')).textContent).toMatch(/did not accept/);
    expect((toggle() as HTMLInputElement).checked).toBe(false);
  });

  it('turns on, remembers it, and turns off again', async () => {
    const { unsubscribe } = installBrowser({});
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response('{"id":"3"}', { status: 200 }));
    render(<NotificationSettings />);
    fireEvent.click(toggle());
    expect(screen.getByRole('status').textContent).toMatch(/Subscribing/);
    expect((toggle() as HTMLInputElement).disabled).toBe(true);
    await waitFor(() => expect((toggle() as HTMLInputElement).checked).toBe(true));
    expect(screen.getByRole('status').textContent).toMatch(/on in this browser/);
    expect(usePreferences.getState().webPushNotifications).toBe(true);

    fireEvent.click(toggle());
    await waitFor(() => expect((toggle() as HTMLInputElement).checked).toBe(false));
    expect(fetch.mock.calls.map(([, init]) => init?.method)).toEqual(['POST', 'DELETE']);
    expect(unsubscribe).toHaveBeenCalled();
    expect(usePreferences.getState().webPushNotifications).toBe(false);
  });
});
