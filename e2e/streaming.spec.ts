import type { Page, WebSocket } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, expect, postStatus, test } from './fixtures.ts';
import { holdRequests } from './heldRequests.ts';
import { signedIn, signInWithForm } from './session.ts';

/** The streaming socket's frames, as the page receives them (the server's JSON text). */
function watchStreaming(page: Page) {
  const received: string[] = [];
  const sent: string[] = [];
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/api/v1/streaming')) return;
    sockets.push(socket);
    socket.on('framereceived', ({ payload }) => received.push(String(payload)));
    socket.on('framesent', ({ payload }) => sent.push(String(payload)));
  });
  return { received, sent, sockets };
}

/** The unseen count the page title shows: "(N) ..." or nothing. */
async function titleCount(page: Page): Promise<number> {
  return Number(/^\((\d+)\)/.exec(await page.title())?.[1] ?? 0);
}

test('a status posted by a followed account reaches the signed-in page through the socket', async ({
  page,
  consoleErrors,
}) => {
  const streaming = watchStreaming(page);
  await page.goto('/login');
  const firstNotificationsPoll = page.waitForResponse((response) =>
    response.url().includes('/api/v1/notifications'),
  );
  await signInWithForm(page, 'alice');
  await expect(page).toHaveURL(/\/main\/friends$/);
  await firstNotificationsPoll;

  // One socket, opened on the user stream with the session's token.
  await expect.poll(() => streaming.sockets.length).toBe(1);
  const url = new URL(streaming.sockets[0]!.url());
  expect(url.searchParams.get('stream')).toBe('user');
  expect(url.searchParams.get('access_token')).toBeTruthy();

  const bob = await apiToken('bob', DEMO_PASSWORD);
  const text = `Streaming check ${Date.now()}`;
  const posted = await postStatus(bob, text);
  await expect
    .poll(() =>
      streaming.received.some((frame) => {
        const message = JSON.parse(frame) as { event?: string; payload?: string };
        return message.event === 'update' && (message.payload ?? '').includes(posted.id);
      }),
    )
    .toBe(true);

  // A mention of alice arrives as a notification frame and raises the title's unseen count.
  const before = await titleCount(page);
  await postStatus(bob, `@alice ${text}, with a mention`);
  await expect
    .poll(() => streaming.received.some((frame) => frame.includes('"event":"notification"')))
    .toBe(true);
  await expect.poll(() => titleCount(page)).toBe(before + 1);

  expect(streaming.sockets).toHaveLength(1);
  expect(streaming.sockets[0]!.isClosed()).toBe(false);
  expect(consoleErrors).toEqual([]);
});

test('a post made while the socket is still on its way shows up once the socket joins', async ({
  page,
}) => {
  // The socket's code comes in a chunk of its own after sign-in; hold it until bob has posted.
  const releaseSocket = await holdRequests(page, /\/assets\/socketClient-[^/]+\.js$/);
  const streaming = watchStreaming(page);
  await signedIn(page, 'alice');
  await page.goto('/main/friends');
  await expect(page.getByRole('feed').getByRole('article').first()).toBeVisible();

  const text = `Posted before the socket joined ${Date.now()}`;
  await postStatus(await apiToken('bob', DEMO_PASSWORD), text);
  releaseSocket();
  await expect.poll(() => streaming.sockets.length).toBe(1);
  // It never comes on the stream, and the timeline stops polling once the socket joins: it is
  // asked for then, and shown at the top.
  await expect(page.getByRole('feed').getByRole('article').first()).toContainText(text, {
    timeout: 5_000,
  });
});
