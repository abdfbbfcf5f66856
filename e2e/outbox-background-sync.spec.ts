import { expect, instanceUrl, postStatus, test } from './fixtures.ts';
import { newcomer } from './registration.ts';
import { api, signedIn, unique } from './session.ts';

/**
 * Background Sync (issue 26): a chat message, a post and a reply made offline are queued and
 * their tab closed; when the network is back the browser fires the outbox's sync, and the service
 * worker, finding no page open, sends them itself: the message and the post once, the reply (its
 * post deleted meanwhile) refused and kept, to come back to its composer with the server's
 * message at the next start, which also drops the message's own copy rather than sending it
 * again. The sync is fired through the DevTools protocol, as the browser would on reconnecting.
 */
test.use({ serviceWorkers: 'allow' });

const PENDING = 'Pending — will be sent when you are back online';
const SYNC_TAG = 'starling-outbox';

test('what was queued offline is sent by the service worker after its tab was closed', async ({
  page,
  context,
}) => {
  // Members of their own: no other journey reads or writes what they post or chat.
  const [username, peer] = await Promise.all([
    newcomer(instanceUrl(), 'bgsync'),
    newcomer(instanceUrl(), 'bgpeer'),
  ]);
  const token = await signedIn(page, username);
  const doomedText = unique('Deleted before the reply goes');
  const [doomed, peerAccount] = await Promise.all([
    postStatus(token, doomedText),
    api<{ id: string }>(token, 'GET', `api/v1/accounts/lookup?acct=${peer}`),
  ]);
  const peerId = peerAccount.body.id;
  const chatId = (
    await api<{ id: string }>(token, 'POST', `api/v1/pleroma/chats/by-account-id/${peerId}`)
  ).body.id;
  const chatted = async (what: string) =>
    (
      await api<{ content: string }[]>(token, 'GET', `api/v1/pleroma/chats/${chatId}/messages`)
    ).body.filter((message) => message.content.includes(what)).length;

  await page.goto('/main/friends');
  const composer = page.getByRole('form', { name: 'Post new status' }).first();
  const doomedCard = page.getByRole('article').filter({ hasText: doomedText });
  await expect(doomedCard).toBeVisible();
  // The worker is registered when the browser is first idle, and active once it holds the shell.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // A second tab, which the worker serves, holds the chat.
  const chatTab = await context.newPage();
  await chatTab.goto(`/users/${username}/chats/${peerId}`);
  const messageField = chatTab.getByRole('textbox', { name: 'Message' });
  await expect(messageField).toBeEnabled();

  await context.setOffline(true);
  const chatText = unique('A chat message sent in the background');
  await messageField.fill(chatText);
  await messageField.press('Enter');
  await expect(
    chatTab.getByRole('log').getByRole('listitem').filter({ hasText: chatText }),
  ).toContainText(PENDING);
  // (A tab behind another draws no frames, which a click waits for.)
  await page.bringToFront();
  const text = unique('Sent in the background');
  await composer.getByLabel("What's on your mind?").fill(text);
  await composer.getByRole('button', { name: 'Post' }).click();
  const pending = page.getByRole('region', { name: 'Posts waiting to be sent' });
  await expect(pending.getByRole('listitem').filter({ hasText: text })).toContainText(PENDING);
  await doomedCard.getByRole('button', { name: /^Reply/ }).click();
  const replyDialog = page.getByRole('dialog', { name: 'Reply' });
  const replyText = unique('A reply the server will refuse');
  await replyDialog.getByLabel('Your reply').fill(replyText);
  await replyDialog.getByRole('button', { name: 'Post' }).click();
  await expect(pending.getByRole('listitem')).toHaveCount(2);
  // The outbox asked the browser for a sync.
  await expect
    .poll(() =>
      page.evaluate(async (tag) => {
        const registration = await navigator.serviceWorker.ready;
        const sync = (registration as unknown as { sync: { getTags(): Promise<string[]> } }).sync;
        return (await sync.getTags()).includes(tag);
      }, SYNC_TAG),
    )
    .toBe(true);

  const me = (await api<{ id: string }>(token, 'GET', 'api/v1/accounts/verify_credentials')).body;
  const posted = async (what: string) =>
    (
      await api<{ content: string }[]>(token, 'GET', `api/v1/accounts/${me.id}/statuses`)
    ).body.filter((status) => status.content.includes(what)).length;

  // The tabs are closed, the replied-to post deleted; the network comes back and the browser fires
  // the sync.
  await page.close();
  await chatTab.close();
  expect((await api(token, 'DELETE', `api/v1/statuses/${doomed.id}`)).status).toBe(200);
  expect(await posted(text)).toBe(0);
  await context.setOffline(false);
  const next = await context.newPage();
  const cdp = await context.newCDPSession(next);
  const origin = new URL(instanceUrl()).origin;
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) => !registration.isDeleted && registration.scopeURL.startsWith(origin),
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId: await registrationId,
    tag: SYNC_TAG,
    lastChance: false,
  });

  // The worker, with no page open, sent the post and the message: each reached the server once.
  await expect.poll(() => posted(text)).toBe(1);
  await expect.poll(() => chatted(chatText)).toBe(1);
  expect(await posted(replyText)).toBe(0);

  // The next start gives the refused reply back to its composer, with the server's message, and
  // drops the message's copy it kept, without sending it again.
  const chatSends: string[] = [];
  next.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/chats/'))
      chatSends.push(request.url());
  });
  await next.goto('/main/friends');
  const reopened = next.getByRole('dialog', { name: 'Reply' });
  await expect(reopened.getByLabel('Your reply')).toHaveValue(replyText);
  await expect(reopened.getByRole('alert')).toContainText('The post being replied to was deleted');
  await expect(next.getByRole('region', { name: 'Posts waiting to be sent' })).toHaveCount(0);
  expect(await posted(text)).toBe(1);
  await expect
    .poll(() => next.evaluate((id) => localStorage.getItem(`starling:chat-outbox:${id}`), me.id), {
      intervals: [100],
    })
    .toBeNull();
  expect(chatSends).toEqual([]);
  expect(await chatted(chatText)).toBe(1);
});
