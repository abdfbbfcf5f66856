import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, expect, instanceUrl, postStatus, test } from './fixtures.ts';
import { startInstance, type RunningInstance } from './instance.ts';
import { newcomer } from './registration.ts';
import { api, loginForm, signedIn, signInAtLogin, unique } from './session.ts';
import { openSettings } from './settingsDialog.ts';

/** What a new user tripped over in issue 20, each where they saw it. */

const WIDE = { width: 1400, height: 900 };

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The ids of the axe rules among `rules` that the page breaks, whatever their impact. */
async function brokenAxeRules(page: Page, rules: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (runOnly) => {
    const axe = (
      window as unknown as {
        axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: runOnly } });
    return result.violations.map((violation) => violation.id);
  }, rules);
}

test('greentext colours the quoted line of a plain-text post, and only that line', async ({
  page,
}) => {
  const bob = await apiToken('bob', DEMO_PASSWORD);
  const quoted = unique('>be me');
  const posted = await api<{ id: string }>(bob, 'POST', 'api/v1/statuses', {
    status: `Plain first line\n${quoted}\nnot a > quote`,
    content_type: 'text/plain',
    visibility: 'public',
  });
  expect(posted.status).toBe(200);
  await signedIn(page, 'alice', { greentext: true });
  await page.goto('/main/public');
  const card = page.locator(`article[data-status-id="${posted.body.id}"]`);
  await expect(card).toContainText('not a > quote');

  const green = card.locator('.greentext');
  await expect(green).toHaveText(quoted);
  const colourOf = (selector: string) =>
    card
      .locator(selector)
      .first()
      .evaluate((element) => getComputedStyle(element).color);
  expect(await colourOf('.greentext')).not.toBe(
    await card.getByText('Plain first line').evaluate((e) => getComputedStyle(e).color),
  );
});

test.describe('a profile behind a gateway that answers with an HTML error page', () => {
  let gateway: Server;
  let proxy: RunningInstance;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const upstream = new URL(instanceUrl());
    // A real gateway in front of the shared instance: account calls fail as a broken proxy's
    // would, everything else passes through.
    gateway = createServer((incoming, outgoing) => {
      if ((incoming.url ?? '').startsWith('/api/v1/accounts/')) {
        outgoing.writeHead(502, { 'content-type': 'text/html' });
        outgoing.end('<html>bad gateway</html>');
        return;
      }
      const forwarded = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: incoming.url,
          method: incoming.method,
          headers: { ...incoming.headers, host: upstream.host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.destroy());
      incoming.pipe(forwarded);
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const address = gateway.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    proxy = await startInstance(['--instance', `http://127.0.0.1:${port}`]);
  });
  test.afterAll(async () => {
    await proxy?.stop();
    await new Promise((resolve) => gateway?.close(resolve));
  });

  test("shows the spec's message, never the page's markup", async ({ page }) => {
    await page.goto(`${proxy.url}users/alice`);
    await expect(page.getByRole('alert')).toHaveText(
      'Sorry, there was an error loading this profile.',
    );
    await expect(
      page.getByRole('heading', { level: 1, name: 'Error fetching user' }),
    ).toBeAttached();
    await expect(page.locator('main')).not.toContainText('bad gateway');
    await expect(page.locator('main')).not.toContainText('<html>');
  });
});

test('the desktop notifications screen shows each notification once, under its own h1', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  const alice = await signedIn(page, 'alice');
  const bob = await apiToken('bob', DEMO_PASSWORD);
  const text = unique('Favourite me once');
  const mine = await postStatus(alice, text);
  await api(bob, 'POST', `api/v1/statuses/${mine.id}/favourite`);

  await page.goto('/main/friends');
  const column = page.locator('[data-notifications-panel="column"]');
  await expect(column.getByRole('heading', { name: /Notifications/ })).toBeVisible();

  await page.goto('/alice/notifications');
  const notification = page.locator('[data-notification-id]').filter({ hasText: text });
  await expect(notification).toHaveCount(1);
  await expect(page.locator('[data-notifications-panel="screen"]')).toContainText(text);
  await expect(page.getByRole('heading', { level: 1, name: /Notifications/ })).toBeVisible();
  await expect(column).toHaveCount(0);
  expect(await brokenAxeRules(page, ['landmark-unique', 'page-has-heading-one'])).toEqual([]);

  // Leaving the screen brings the column back.
  await page.goto('/main/friends');
  await expect(column.getByRole('heading', { name: /Notifications/ })).toBeVisible();
});

test('after logout the login form starts empty, also after a reload', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await signInAtLogin(page, 'dave');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await page
    .getByRole('alertdialog', { name: 'Log out' })
    .getByRole('button', { name: 'Log out' })
    .click();
  await expect(page).toHaveURL(/\/main\/public$/);
  await expect(loginForm(page).getByLabel('Username')).toHaveValue('');
  await page.reload();
  await expect(loginForm(page).getByLabel('Password')).toBeVisible();
  await expect(loginForm(page).getByLabel('Username')).toHaveValue('');
});

test('muted words save with their own button, say so, and stay after Escape closes settings', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  // Muted words live in the account's server-side settings: an account of its own, so no other
  // journey signing in meanwhile resets them.
  await signedIn(page, await newcomer(instanceUrl(), 'muter'));
  await page.goto('/main/public');
  await expect(page.getByRole('article').first()).toBeVisible();
  const word = unique('spoilerword').replace(' ', '');
  let dialog = await openSettings(page, 'Mutes and blocks');
  const field = () => dialog.getByRole('textbox', { name: 'Muted words (one a line)' });
  await field().fill(word);
  await dialog.getByRole('button', { name: 'Save muted words' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Settings' })).toHaveCount(0);

  dialog = await openSettings(page, 'Mutes and blocks');
  await expect(field()).toHaveValue(word);
  await page.reload();
  dialog = await openSettings(page, 'Mutes and blocks');
  await expect(field()).toHaveValue(word);
});
