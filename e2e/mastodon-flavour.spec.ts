import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { expectNoA11yViolations } from './axe.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { signInPagesGrant } from './oauth.ts';
import { ownInstanceTest } from './ownInstance.ts';
import { sentAfterLogoutConfirm, watchCredentials } from './credentialWatch.ts';
import { advanceAndSettle, liveUpdatesSeen, watchLiveUpdates } from './liveUpdatesWatch.ts';
import { persistSession, unique } from './session.ts';
import { TIMELINE_POLL_MS } from '../web/src/lib/timelineQueue.ts';

/**
 * Journeys against the local instance playing a plain Mastodon-API server (`--flavour mastodon`):
 * no password grant, no admin scope, no streaming, public timelines behind a token, none of
 * Pleroma's files. The client must sign in through the server's own sign-in and authorize pages,
 * invite anonymous
 * visitors to sign in, offer what the server has and hide what it lacks, and degrade quietly.
 */

const { test, instance } = ownInstanceTest(['--flavour', 'mastodon']);

const STANDARD_SCOPES = 'read write follow push';

/** A token through the authorization-code flow and the server's sign-in pages, its only way. */
const codeToken = (username: string) =>
  signInPagesGrant(instance.url, username, DEMO_PASSWORD, STANDARD_SCOPES);

async function post(token: string, body: object): Promise<{ id: string }> {
  const response = await fetch(`${instance.url}api/v1/statuses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`posting failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
}

/** Requests a server that is not Pleroma does not have, and must not be asked for. */
const isPleromaOnly = (request: Request) => {
  const { pathname } = new URL(request.url());
  return (
    pathname.startsWith('/api/pleroma/') ||
    pathname.startsWith('/api/v1/pleroma/') ||
    /^\/static\/.*\.json$/.test(pathname) ||
    pathname === '/instance/panel.html'
  );
};

function watchRequests(page: Page) {
  const pleromaOnly: string[] = [];
  page.on('request', (request) => {
    if (isPleromaOnly(request)) pleromaOnly.push(new URL(request.url()).pathname);
  });
  return pleromaOnly;
}

const noticesRegion = (page: Page) => page.getByRole('region', { name: 'Notices' });

/** Controls the notices cover: every visible one outside them whose box meets theirs. */
const controlsUnderNotices = (page: Page) =>
  page.evaluate(() => {
    const region = document.querySelector('section[aria-label="Notices"]');
    if (!region) return [];
    const r = region.getBoundingClientRect();
    return [...document.querySelectorAll('button, a[href], input, textarea, select')]
      .filter((control) => !region.contains(control))
      .filter((control) => {
        const b = control.getBoundingClientRect();
        const meets = b.left < r.right && b.right > r.left && b.top < r.bottom && b.bottom > r.top;
        return b.width > 0 && b.height > 0 && meets;
      })
      .map((control) => control.outerHTML.slice(0, 80));
  });
/** A post on the main column (the notifications column may show the same post again). */
const cardWith = (page: Page | Locator, text: string) =>
  page.getByRole('article').filter({ hasText: text }).first();
/** The token the page keeps (web/src/features/auth/persistedSession.ts), if any. */
const storedToken = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('starling:oauth-token');
    return raw === null ? null : ((JSON.parse(raw) as { token?: string }).token ?? null);
  });
/** Starling's login form, then the server's sign-in and authorize pages, back on the home timeline. */
async function signInThroughServerPages(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' }).filter({ visible: true }).first();
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\/sign_in$/);
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page).toHaveURL(/\/main\/friends$/);
}
const sidebarForm = (page: Page) =>
  page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('form', { name: 'Post new status' });

test("signs in through the server's own sign-in and authorize pages and comes back signed in", async ({
  page,
}) => {
  const pleromaOnly = watchRequests(page);
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' }).filter({ visible: true }).first();
  await expect(form).toBeVisible();
  await expectNoA11yViolations(page, 'login screen on a Mastodon server');
  await form.getByLabel('Username').fill('alice');
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();

  // The password grant is refused: the server's own sign-in page takes over, then its authorize
  // page asks to approve Starling, with no admin scope.
  await expect(page).toHaveURL(/\/auth\/sign_in$/);
  await page.getByLabel('Username or e-mail').fill('alice');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/oauth\/authorize\?/);
  expect(new URL(page.url()).searchParams.get('scope')).toBe(STANDARD_SCOPES);
  await page.getByRole('button', { name: 'Authorize' }).click();

  await expect(page).toHaveURL(/\/main\/friends$/);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(noticesRegion(page)).toHaveCount(0);
  expect(pleromaOnly).toEqual([]);
});

test('an anonymous visitor is invited to sign in, with no error page or notice', async ({
  page,
}) => {
  const pleromaOnly = watchRequests(page);
  await page.goto('/main/all');
  await expect(
    page.getByText('This server shows its timelines to signed-in users only.'),
  ).toBeVisible();
  const invitation = page.getByRole('link', { name: 'Sign in to see what people are posting' });
  await expect(invitation).toBeVisible();
  await expect(page.getByRole('button', { name: /Try again/ })).toHaveCount(0);
  await expect(noticesRegion(page)).toHaveCount(0);
  await expectNoA11yViolations(page, 'sign-in invitation on a public timeline');
  await invitation.click();
  await expect(page).toHaveURL(/\/login$/);
  expect(pleromaOnly).toEqual([]);
});

test('polls, editing and direct messages work; reactions are hidden', async ({ page }) => {
  const alice = await codeToken('alice');
  const bob = await codeToken('bob');
  const secret = unique('Psst, just for alice');
  await post(bob, { status: `@alice ${secret}`, visibility: 'direct' });
  await persistSession(page, alice);
  const pleromaOnly = watchRequests(page);
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await page.goto('/main/friends');

  // A poll from the composer.
  const form = sidebarForm(page);
  const question = unique('Tide or moon?');
  await form.getByRole('textbox', { name: "What's on your mind?" }).fill(question);
  await form.getByRole('button', { name: 'Add a poll' }).click();
  await form.getByRole('textbox', { name: 'Option 1' }).fill('Tide');
  await form.getByRole('textbox', { name: 'Option 2' }).fill('Moon');
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  const polled = cardWith(page, question);
  await expect(polled.getByRole('group', { name: 'Poll' })).toContainText('Moon');

  // Editing, though the server advertises no 'editing' feature.
  const first = unique('Low tied today');
  await form.getByRole('textbox', { name: "What's on your mind?" }).fill(first);
  await form.getByRole('button', { name: 'Post', exact: true }).click();
  const card = cardWith(page, first);
  await card.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit' });
  const fixed = first.replace('tied', 'tide');
  await dialog.getByRole('textbox', { name: 'Your post' }).fill(fixed);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(cardWith(page, fixed)).toBeVisible();

  // No reactions on a server without them.
  await expect(cardWith(page, fixed).getByRole('button', { name: 'React' })).toHaveCount(0);

  // Direct messages come from the conversations list.
  await page.goto('/users/alice/dms');
  await expect(cardWith(page.getByRole('main'), secret)).toBeVisible();

  // No chats and no shout box on a server without them: no entry, panel, button, socket or call.
  await expect(page.getByRole('link', { name: /^Chats/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Shout/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Shout/ })).toHaveCount(0);
  await page.goto('/users/bob');
  await expect(page.getByRole('button', { name: /^(Follow|Unfollow)/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Chat', exact: true })).toHaveCount(0);
  for (const path of ['/shout-panel', '/users/alice/chats']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  }
  expect(sockets.filter((url) => url.includes('/socket/websocket'))).toEqual([]);
  await expect(noticesRegion(page)).toHaveCount(0);
  expect(pleromaOnly).toEqual([]);
});

test('without streaming: a few quiet socket attempts, then polling, and no notice storm', async ({
  page,
}) => {
  const alice = await codeToken('alice');
  await persistSession(page, alice);
  let polls = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/timelines/home' && url.searchParams.has('since_id')) polls += 1;
  });
  await page.addInitScript(watchLiveUpdates);
  await page.clock.install();
  await page.goto('/main/friends');
  await expect(page.getByRole('article').first()).toBeVisible();

  // A minute of an idle tab, on the page's clock, a second at a time; each refused socket has
  // reported back to the client before the clock moves on.
  let seen = await liveUpdatesSeen(page);
  for (let second = 0; second < 60; second += 1) seen = await advanceAndSettle(page, 1000);
  expect(seen.created).toBeGreaterThanOrEqual(1);
  expect(seen.created).toBeLessThanOrEqual(4);
  expect(seen.opened).toBe(0);
  expect(seen.mostNotices).toBe(0);
  expect(polls).toBeLessThanOrEqual(7);

  // Settled: another minute opens no socket at all.
  const settledAt = seen.created;
  for (let second = 0; second < 60; second += 5) seen = await advanceAndSettle(page, 5000);
  expect(seen.created).toBe(settledAt);
});

test('streaming killed after it worked: one notice, quiet retries, then polling', async ({
  page,
}) => {
  const alice = await codeToken('alice');
  await persistSession(page, alice);
  // Stands in for a streaming endpoint that works at first and is then killed for good.
  let sockets = 0;
  let killed = false;
  const open = new Set<{ close(options?: { code?: number }): Promise<void> }>();
  await page.routeWebSocket(/\/api\/v1\/streaming/, (ws) => {
    sockets += 1;
    if (killed) void ws.close({ code: 1011 });
    else open.add(ws);
  });
  await page.addInitScript(watchLiveUpdates);
  await page.clock.install();
  await page.goto('/main/friends');
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect.poll(async () => (await liveUpdatesSeen(page)).opened).toBe(1);
  // The socket stays open long enough to count as working.
  await advanceAndSettle(page, 10_000);

  killed = true;
  for (const ws of open) await ws.close({ code: 1011 });
  await expect.poll(async () => (await liveUpdatesSeen(page)).closed).toBe(1);
  let seen = await liveUpdatesSeen(page);
  let coverChecked = false;
  for (let second = 0; second < 60; second += 1) {
    seen = await advanceAndSettle(page, 1000);
    if (seen.mostNotices > 0 && !coverChecked) {
      // Once laid out, the notice covers none of the page's controls.
      await expect.poll(() => controlsUnderNotices(page)).toEqual([]);
      coverChecked = true;
    }
  }
  expect(seen.mostNotices).toBe(1);
  expect(seen.noticeTexts).toHaveLength(1);
  expect(seen.noticeTexts[0]).toContain('Live updates were interrupted');
  // The first socket, then a few retries backing off from 1 s, then none; each one the client
  // made reached the stand-in endpoint.
  expect(seen.created).toBeGreaterThanOrEqual(3);
  expect(seen.created).toBeLessThanOrEqual(5);
  expect(sockets).toBe(seen.created);
  expect(seen.opened).toBe(1);
});

test('announcements read and dismiss; logout drops the stored token at once, and no poll sends it again', async ({
  page,
}) => {
  await page.clock.install();
  await page.addInitScript(watchCredentials);
  await signInThroughServerPages(page, 'dave');
  await expect(page.getByRole('article').first()).toBeVisible();
  const token = await storedToken(page);
  expect(token).toBeTruthy();

  // Announcements are Mastodon's too: dave reads his two seeded ones and the badge clears.
  const announcements = page
    .getByRole('navigation')
    .getByRole('link', { name: /^Announcements/ })
    .filter({ hasText: 'Announcements' })
    .first();
  await expect(announcements).toHaveText('Announcements2');
  await announcements.click();
  const markAsRead = page.getByRole('button', { name: 'Mark as read' });
  await expect(markAsRead).toHaveCount(2);
  await markAsRead.first().click();
  await expect(markAsRead).toHaveCount(1);
  await markAsRead.first().click();
  await expect(announcements).toHaveText('Announcements');
  await page.goBack();
  await expect(page.getByRole('article').first()).toBeVisible();

  // No streaming here: the home timeline polls every TIMELINE_POLL_MS; let one come round.
  let homePolls = 0;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/timelines/home' && url.searchParams.has('since_id'))
      homePolls += 1;
  });
  await page.clock.runFor(TIMELINE_POLL_MS);
  await expect.poll(() => homePolls).toBeGreaterThan(0);

  // The session runs until the confirmation is accepted: from then on, nothing carries its token.
  await page.getByRole('button', { name: 'Log out' }).first().click();
  const confirm = page.getByRole('alertdialog', { name: 'Log out' }).getByRole('button', {
    name: 'Log out',
  });
  await confirm.click();
  await expect(page).toHaveURL(/\/main\/public$/);
  expect.soft(await storedToken(page)).toBeNull();

  // Three poll periods on the page's clock, then one request of our own: whatever the timers
  // sent has been reported before it answers.
  await page.clock.runFor(3 * TIMELINE_POLL_MS);
  const after = await sentAfterLogoutConfirm(page);
  expect(after.some((sent) => sent.what.includes('/oauth/revoke'))).toBe(true);
  expect(after.filter((sent) => sent.credential.includes(token!))).toEqual([]);
  expect(await storedToken(page)).toBeNull();
});
