import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { matchRoute } from '../router/matchRoute.ts';
import serviceWorkerSource from '../sw/sw.js?raw';
import {
  browserPush,
  disablePush,
  dropBrowserSubscription,
  enablePush,
  pushUnavailableReason,
  resumePush,
  vapidKeyBytes,
  type PushBrowser,
  type PushSubscriptionLike,
} from './webPush.ts';

const KEY = 'BAECAwQ'; // bytes 4, 1, 2, 3, 4

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function server(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      url: String(url),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return answer(call);
  });
  const client = createApiClient({ getToken: () => 'token', fetchImpl: fetchImpl as typeof fetch });
  return { client, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function browser(
  options: {
    permission?: NotificationPermission;
    answer?: NotificationPermission;
    subscribeFails?: boolean;
    /** subscribe() settles only when the test calls the returned `settle`. */
    subscribeHangs?: boolean;
    existingKey?: Uint8Array;
  } = {},
) {
  const events: string[] = [];
  const subscription = (key: Uint8Array): PushSubscriptionLike => ({
    options: { applicationServerKey: key.slice().buffer },
    toJSON: () => ({ endpoint: 'https://push.example/1', keys: { p256dh: 'pk', auth: 'au' } }),
    unsubscribe: async () => {
      events.push('browser unsubscribe');
      current = null;
      return true;
    },
  });
  let settle = () => {};
  let current: PushSubscriptionLike | null = options.existingKey
    ? subscription(options.existingKey)
    : null;
  const registration = {
    pushManager: {
      subscribe: vi.fn(async (init: { applicationServerKey: Uint8Array }) => {
        events.push('browser subscribe');
        if (options.subscribeFails) throw new DOMException('no push service', 'AbortError');
        if (options.subscribeHangs) await new Promise<void>((resolve) => (settle = resolve));
        current = subscription(init.applicationServerKey);
        return current;
      }),
      getSubscription: async () => current,
    },
  };
  const stub: PushBrowser = {
    permission: () => options.permission ?? 'granted',
    requestPermission: vi.fn(async () => {
      events.push('permission asked');
      return options.answer ?? 'granted';
    }),
    register: vi.fn(async () => {
      events.push('worker registered');
      return registration;
    }),
    registration: async () => registration,
  };
  return {
    stub,
    events,
    registration,
    hasSubscription: () => current !== null,
    settle: () => settle(),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('vapidKeyBytes', () => {
  it('decodes the unpadded base64url key', () => {
    expect([...vapidKeyBytes(KEY)]).toEqual([4, 1, 2, 3, 4]);
    expect([...vapidKeyBytes('-_8')]).toEqual([251, 255]);
  });
});

describe('pushUnavailableReason', () => {
  it('needs a key and a browser with service workers and PushManager', () => {
    const full = { navigator: { serviceWorker: {} }, PushManager: class {}, Notification: {} };
    expect(pushUnavailableReason(KEY, full)).toBeNull();
    expect(pushUnavailableReason('', full)).toBe('no-key');
    expect(pushUnavailableReason(KEY, { ...full, navigator: {} })).toBe('no-browser-support');
    expect(pushUnavailableReason(KEY, { ...full, PushManager: undefined })).toBe(
      'no-browser-support',
    );
  });
});

describe('enablePush', () => {
  it('asks permission, subscribes with the key and sends the five alert types', async () => {
    const { client, calls } = server(() => json({ id: '7' }));
    const { stub, events, registration } = browser();
    expect(await enablePush(stub, client, KEY)).toBe('on');
    expect(events).toEqual(['permission asked', 'worker registered', 'browser subscribe']);
    const init = registration.pushManager.subscribe.mock.calls[0]![0] as {
      userVisibleOnly: boolean;
      applicationServerKey: Uint8Array;
    };
    expect(init.userVisibleOnly).toBe(true);
    expect([...init.applicationServerKey]).toEqual([4, 1, 2, 3, 4]);
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/v1/push/subscription',
        body: {
          subscription: { endpoint: 'https://push.example/1', keys: { p256dh: 'pk', auth: 'au' } },
          data: {
            alerts: { follow: true, favourite: true, mention: true, reblog: true, move: true },
          },
        },
      },
    ]);
  });

  it('stops at a refused permission without touching the worker or the server', async () => {
    const { client, calls } = server(() => json({ id: '7' }));
    const { stub, events } = browser({ answer: 'denied' });
    expect(await enablePush(stub, client, KEY)).toBe('denied');
    expect(events).toEqual(['permission asked']);
    expect(calls).toEqual([]);
  });

  it('reports a browser that cannot subscribe, and sends nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, calls } = server(() => json({ id: '7' }));
    const { stub } = browser({ subscribeFails: true });
    expect(await enablePush(stub, client, KEY)).toBe('subscribe-failed');
    expect(calls).toEqual([]);
  });

  it("logs 'Bad status code from server.' and drops the browser subscription", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = server(() => json({ error: 'nope' }, 403));
    const { stub, events, hasSubscription } = browser();
    expect(await enablePush(stub, client, KEY)).toBe('server-failed');
    expect(error).toHaveBeenCalledWith('Bad status code from server.', 403, { error: 'nope' });
    expect(events.at(-1)).toBe('browser unsubscribe');
    expect(hasSubscription()).toBe(false);
  });

  it("logs 'Bad response from server.' for an answer without an id", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = server(() => json({ endpoint: 'https://push.example/1' }));
    const { stub, hasSubscription } = browser();
    expect(await enablePush(stub, client, KEY)).toBe('server-failed');
    expect(error).toHaveBeenCalledWith('Bad response from server.', {
      endpoint: 'https://push.example/1',
    });
    expect(hasSubscription()).toBe(false);
  });

  it('gives up on a push service that never answers, and drops a late subscription', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { client, calls } = server(() => json({ id: '7' }));
    const { stub, settle, events, hasSubscription } = browser({ subscribeHangs: true });
    expect(await enablePush(stub, client, KEY, 20)).toBe('subscribe-failed');
    expect(calls).toEqual([]);
    settle();
    await vi.waitFor(() => expect(events.at(-1)).toBe('browser unsubscribe'));
    expect(hasSubscription()).toBe(false);
  });

  it('replaces a subscription made for another key before subscribing', async () => {
    const { client } = server(() => json({ id: '7' }));
    const { stub, events } = browser({ existingKey: new Uint8Array([9, 9]) });
    expect(await enablePush(stub, client, KEY)).toBe('on');
    expect(events).toEqual([
      'permission asked',
      'worker registered',
      'browser unsubscribe',
      'browser subscribe',
    ]);
  });
});

describe('resumePush', () => {
  it('never prompts: without a granted permission it does nothing', async () => {
    const { client, calls } = server(() => json({ id: '7' }));
    const { stub, events } = browser({ permission: 'default' });
    expect(await resumePush(stub, client, KEY)).toBe('denied');
    expect(events).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('registers the subscription again for the current token', async () => {
    const { client, calls } = server(() => json({ id: '8' }));
    const { stub, events } = browser();
    expect(await resumePush(stub, client, KEY)).toBe('on');
    expect(events).toEqual(['worker registered', 'browser subscribe']);
    expect(calls.map((call) => call.method)).toEqual(['POST']);
  });
});

describe('disablePush', () => {
  it('deletes the server subscription first, then unsubscribes the browser', async () => {
    const { stub, events, hasSubscription } = browser({ existingKey: vapidKeyBytes(KEY) });
    const { client, calls } = server((call) => {
      events.push(`server ${call.method}`);
      return json({});
    });
    await disablePush(stub, client);
    expect(events).toEqual(['server DELETE', 'browser unsubscribe']);
    expect(calls[0]?.url).toBe('/api/v1/push/subscription');
    expect(hasSubscription()).toBe(false);
  });

  it('still unsubscribes the browser when the server call fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { stub, hasSubscription } = browser({ existingKey: vapidKeyBytes(KEY) });
    const { client } = server(() => json({ error: 'down' }, 500));
    await disablePush(stub, client);
    expect(hasSubscription()).toBe(false);
  });
});

describe('the service worker', () => {
  it('opens the notifications screen when a notification is clicked with no window open', () => {
    const opened = /openWindow\('([^']+)'\)/.exec(serviceWorkerSource)?.[1];
    expect(matchRoute(opened ?? '')?.route.name).toBe('notifications');
  });
});

describe('the real browser', () => {
  it('has no registration to drop where there are no service workers (sign-out must not throw)', async () => {
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: undefined });
    try {
      await expect(browserPush().registration()).resolves.toBeUndefined();
      await expect(dropBrowserSubscription(browserPush())).resolves.toBeUndefined();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
