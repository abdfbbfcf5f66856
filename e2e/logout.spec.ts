import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { sentAfterLogoutConfirm, watchCredentials } from './credentialWatch.ts';
import { signInAtLogin } from './session.ts';

/**
 * Logout ends the session at once: the stored token is gone the moment the user is signed out,
 * and nothing the signed-in page was running (timeline, notification and follow-request polls,
 * the streaming socket) sends the old token again.
 */

/** Where the client keeps its token (web/src/features/auth/persistedSession.ts). */
const TOKEN_KEY = 'starling:oauth-token';

const storedToken = (page: Page) =>
  page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw === null ? null : ((JSON.parse(raw) as { token?: string }).token ?? null);
  }, TOKEN_KEY);

/** The period of the notifications and public timeline polls, on the page's clock. */
const POLL_MS = 10_000;

/** The public timeline's poll (every 10 s, lib/timelineQueue.ts): newer posts since the top one. */
const isPublicTimelinePoll = (request: Request) => {
  const url = new URL(request.url());
  return url.pathname === '/api/v1/timelines/public' && url.searchParams.has('since_id');
};

test('after logout no token is stored and no request carries the old one, a poll period on', async ({
  page,
}) => {
  await page.clock.install();
  const notificationPolls: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v1/notifications')
      notificationPolls.push(request);
  });
  await page.addInitScript(watchCredentials);
  await signInAtLogin(page, 'erin');
  await expect(page.getByRole('article').first()).toBeVisible();
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  // The session's polls are running: the notifications poll (every 10 s) has come round again.
  const before = notificationPolls.length;
  await expect(async () => {
    await page.clock.runFor(POLL_MS);
    expect(notificationPolls.length).toBeGreaterThan(before);
  }).toPass();

  await page.getByRole('button', { name: 'Log out' }).first().click();
  const confirm = page.getByRole('alertdialog', { name: 'Log out' });
  await confirm.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/main\/public$/);
  expect.soft(await storedToken(page)).toBeNull();

  // A full poll period on: the public timeline the page now shows has polled twice since.
  let publicPolls = 0;
  page.on('request', (request) => {
    if (isPublicTimelinePoll(request)) publicPolls += 1;
  });
  // Each poll is asked for once the one before has answered: a period at a time.
  await expect(async () => {
    await page.clock.runFor(POLL_MS);
    expect(publicPolls).toBeGreaterThanOrEqual(2);
  }).toPass();

  const after = await sentAfterLogoutConfirm(page);
  // The watch saw the revocation, so it was listening.
  expect(after.some((sent) => sent.what.includes('/oauth/revoke'))).toBe(true);
  expect.soft(after.filter((sent) => sent.credential.includes(token!))).toEqual([]);
  expect(await storedToken(page)).toBeNull();
});
