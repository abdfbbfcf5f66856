import type { Locator, Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe.ts';
import { expect, instanceUrl, test } from './fixtures.ts';
import { api, signedIn } from './session.ts';
import { openSettings } from './settingsDialog.ts';

/**
 * Browser push notifications from the Notifications tab, in real Chromium against the local
 * instance. Debian's headless Chromium has no push service it can reach (its service is Google's,
 * over the network, and never in an incognito test context): the first journey holds it to
 * exactly that outcome. The second gives the page a push service of its own in place of
 * Chromium's, so the subscription the switch makes is checked where it lands, on the instance.
 */
const USER = 'dave';
const STAND_IN_ENDPOINT = 'https://push.example.net/starling-journey/1';
const DIALOG = '[role="dialog"]';

/** What the journey installs in the service worker to see what it shows. */
interface WorkerScopeForTest {
  registration: ServiceWorkerRegistration;
  shownForTest?: { title: string; body?: string; tag?: string; outcome: string }[];
}

const workerScope = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration('/');
    return registration
      ? { scope: registration.scope, script: registration.active?.scriptURL ?? null }
      : null;
  });

/**
 * Runs in the page before its scripts: a push service in place of Chromium's, answering at once
 * with a subscription for the given endpoint (the instance checks the endpoint, never calls it
 * here: the name does not resolve offline).
 */
function standInPushService(endpoint: string) {
  let current: PushSubscription | null = null;
  const subscription = {
    endpoint,
    expirationTime: null,
    options: null,
    toJSON: () => ({
      endpoint,
      keys: {
        p256dh:
          'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      },
    }),
    unsubscribe: async () => {
      current = null;
      return true;
    },
  } as unknown as PushSubscription;
  PushManager.prototype.subscribe = async () => (current = subscription);
  PushManager.prototype.getSubscription = async () => current;
  PushManager.prototype.permissionState = async () => 'granted';
}

const pushSwitch = (dialog: Locator) =>
  dialog.getByRole('switch', { name: 'Browser push notifications' });

// Journeys block service workers (playwright.config.ts); these are about one.
test.use({ serviceWorkers: 'allow' });

test('push notifications through a push service: the subscription reaches the instance and leaves it again', async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['notifications'], { origin: new URL(instanceUrl()).origin });
  await page.addInitScript(standInPushService, STAND_IN_ENDPOINT);
  const token = await signedIn(page, USER);
  await page.goto('/main/public');
  const dialog = await openSettings(page, 'Notifications');
  const toggle = pushSwitch(dialog);
  await expect(toggle).not.toBeChecked();

  await toggle.click();
  // The switch stays busy until the worker is active, which in a fresh browser means once it has
  // stored the app for offline use: on a busy machine that can take a while.
  await expect(toggle).toBeChecked({ timeout: 30_000 });
  await expect(dialog.getByRole('status')).toHaveText('Push notifications are on in this browser.');
  const stored = await api<{ endpoint?: string; alerts?: Record<string, boolean> }>(
    token,
    'GET',
    'api/v1/push/subscription',
  );
  expect(stored.status).toBe(200);
  expect(stored.body.endpoint).toBe(STAND_IN_ENDPOINT);
  expect(stored.body.alerts).toMatchObject({
    follow: true,
    favourite: true,
    mention: true,
    reblog: true,
    move: true,
  });

  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect
    .poll(async () => (await api(token, 'GET', 'api/v1/push/subscription')).status)
    .toBe(404);
  expect(consoleErrors).toEqual([]);
});

test('push notifications in this Chromium: it cannot subscribe, says so, and the worker shows a push', async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const origin = new URL(instanceUrl()).origin;
  await context.grantPermissions(['notifications'], { origin });
  const token = await signedIn(page, USER);
  await page.goto('/main/public');
  const dialog = await openSettings(page, 'Notifications');
  const toggle = pushSwitch(dialog);
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'This browser could not subscribe to push notifications (it may have no push service), so they are off.',
  );
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  expect((await api(token, 'GET', 'api/v1/push/subscription')).status).toBe(404);
  await expectNoA11yViolations(page, 'the Notifications settings tab', DIALOG);

  // The worker sits at the site root, its scope the whole client.
  await expect
    .poll(() => workerScope(page))
    .toEqual({
      scope: `${origin}/`,
      script: `${origin}/sw.js`,
    });

  // A push as the push service would deliver it (already decrypted): the worker shows it. What
  // the worker asks to show is read inside the worker, since what `getNotifications` returns
  // afterwards depends on the machine's notification service.
  const worker =
    context.serviceWorkers().find((candidate) => candidate.url() === `${origin}/sw.js`) ??
    (await context.waitForEvent('serviceworker', {
      predicate: (candidate) => candidate.url() === `${origin}/sw.js`,
    }));
  await worker.evaluate(() => {
    const scope = globalThis as unknown as WorkerScopeForTest;
    const { registration } = scope;
    const show = registration.showNotification.bind(registration);
    scope.shownForTest = [];
    registration.showNotification = (title, options) => {
      const entry = { title, body: options?.body, tag: options?.tag, outcome: 'pending' };
      scope.shownForTest!.push(entry);
      return show(title, options).then(
        () => void (entry.outcome = 'shown'),
        (error: unknown) => {
          entry.outcome = String(error);
          throw error;
        },
      );
    };
  });
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const root = registrations.find(
        (entry) => entry.scopeURL === `${origin}/` && !entry.isDeleted,
      );
      if (root) resolve(root.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const push = {
    origin,
    registrationId: await registrationId,
    data: JSON.stringify({
      title: 'New Follower',
      body: '@erin followed you',
      icon: `${origin}/favicon.svg`,
      notification_id: '4242',
      notification_type: 'follow',
    }),
  };
  // A push service delivers again a message the worker did not take (a worker being started or
  // stopped can drop one); the tag keeps a repeat from stacking.
  await expect
    .poll(
      async () => {
        const shown = await worker.evaluate(
          () => (globalThis as unknown as WorkerScopeForTest).shownForTest,
        );
        if (!shown?.length) await cdp.send('ServiceWorker.deliverPushMessage', push);
        return shown;
      },
      { timeout: 20_000, intervals: [1_000, 2_000] },
    )
    .toEqual([
      {
        title: 'New Follower',
        body: '@erin followed you',
        tag: 'notification-4242',
        outcome: 'shown',
      },
    ]);

  // Chromium itself reports that its (incognito) test contexts have no Push API; nothing else.
  expect(
    consoleErrors.filter(
      (error) => !error.startsWith('Chrome currently does not support the Push API in incognito'),
    ),
  ).toEqual([]);
});
