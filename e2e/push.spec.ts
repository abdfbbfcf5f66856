import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, instanceUrl, test } from './fixtures.ts';
import { api, signedIn } from './session.ts';
import { openSettings } from './settingsDialog.ts';

/**
 * Browser push notifications from the Notifications tab, in real Chromium against the local
 * instance. Headless Chromium usually has no push service: then the user is told, the switch
 * stays off and nothing reaches the instance. Either way the service worker is installed at the
 * root and shows a push delivered to it.
 */
const USER = 'dave';
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

test('push notifications: the switch subscribes this browser, and the worker shows a push', async ({
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
  const toggle = dialog.getByRole('switch', { name: 'Browser push notifications' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(toggle).toBeEnabled();

  const stored = await api<{ alerts?: Record<string, boolean> }>(
    token,
    'GET',
    'api/v1/push/subscription',
  );
  if (await toggle.isChecked()) {
    // This Chromium has a push service: the subscription reached the instance.
    await expect(dialog.getByRole('status')).toHaveText(
      'Push notifications are on in this browser.',
    );
    expect(stored.status).toBe(200);
    expect(stored.body.alerts).toMatchObject({
      follow: true,
      favourite: true,
      mention: true,
      reblog: true,
      move: true,
    });
  } else {
    await expect(dialog.getByRole('alert')).toHaveText(
      'This browser could not subscribe to push notifications (it may have no push service), so they are off.',
    );
    expect(stored.status).toBe(404);
  }
  await expectNoSeriousA11yViolations(page, 'the Notifications settings tab', DIALOG);

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

  if (await toggle.isChecked()) {
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    expect((await api(token, 'GET', 'api/v1/push/subscription')).status).toBe(404);
  }
  // Chromium itself reports that its (incognito) test contexts have no Push API; nothing else.
  expect(
    consoleErrors.filter(
      (error) => !error.startsWith('Chrome currently does not support the Push API in incognito'),
    ),
  ).toEqual([]);
});
