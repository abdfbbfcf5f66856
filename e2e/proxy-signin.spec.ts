import { expect } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';
import { startInstance, type RunningInstance } from './instance.ts';
import { ownInstanceTest } from './ownInstance.ts';

/**
 * Proxy mode (`npm start -- --instance URL`) in front of a server that signs browsers in on pages
 * of its own, as Mastodon does (`--flavour mastodon`: /oauth/authorize without a session of the
 * server sends the browser to its /auth/sign_in). Those pages work only at the server's origin,
 * so the code flow must go there and come back to Starling with the code.
 */

const { test, instance } = ownInstanceTest(['--flavour', 'mastodon']);

let proxy: RunningInstance;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  proxy = await startInstance(['--instance', instance.url]);
});
test.afterAll(async () => {
  await proxy?.stop();
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test("signs in through the server's own sign-in and authorize pages and comes back to the proxy signed in", async ({
  page,
  context,
}) => {
  // A fresh browser: no cookie of the server, so it must ask who is signing in.
  expect(await context.cookies()).toEqual([]);
  const pleromaOnly: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/api\/(v1\/)?pleroma\//.test(pathname)) pleromaOnly.push(pathname);
  });

  await page.goto(`${proxy.url}login`);
  const form = page.getByRole('form', { name: 'Log in' }).filter({ visible: true }).first();
  await form.getByLabel('Username').fill('bob');
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();

  // The server's own sign-in page, at its own origin.
  await expect(page).toHaveURL(`${instance.url}auth/sign_in`);
  await page.getByLabel('Username or e-mail').fill('bob');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Back to its authorize page, which approves Starling and returns to the proxy's origin.
  await expect(page).toHaveURL(new RegExp(`^${escape(instance.url)}oauth/authorize\\?`));
  expect(new URL(page.url()).searchParams.get('redirect_uri')).toBe(`${proxy.url}oauth-callback`);
  await expect(page.getByText('@bob')).toBeVisible();
  await page.getByRole('button', { name: 'Authorize' }).click();

  await expect(page).toHaveURL(`${proxy.url}main/friends`);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Your account' }).getByText('@bob', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notices' })).toHaveCount(0);
  expect(pleromaOnly).toEqual([]);
});
