import { expectNoA11yViolations } from './axe.ts';
import { expect, instanceUrl, postStatus, test } from './fixtures.ts';
import { newcomer } from './registration.ts';
import { api, signedIn, unique } from './session.ts';

const PENDING = 'Pending — will be sent when you are back online';
const SENDS = /\/api\/v1\/statuses/;

test('a post, a favourite and a reply made offline wait as pending, survive a reload and reach the server once; the refused reply comes back', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  // A member of its own: no other journey reads or writes its home timeline.
  const token = await signedIn(page, await newcomer(instanceUrl(), 'outboxer'));
  const likedText = unique('Favourite me');
  const liked = await postStatus(token, likedText);
  const doomedText = unique('Soon deleted');
  const doomed = await postStatus(token, doomedText);
  // The outbox's chunks come once the first screen is painted: without a service worker
  // nothing can be fetched once the network is gone.
  const outboxLoaded = page.waitForResponse((response) =>
    /outboxRuntime-[^/]*\.js$/.test(response.url()),
  );
  await page.goto('/main/friends');
  await outboxLoaded;
  const likedCard = page.getByRole('article').filter({ hasText: likedText });
  const doomedCard = page.getByRole('article').filter({ hasText: doomedText });
  await expect(doomedCard).toBeVisible();

  // A reply is being written (its dialog was fetched) when the network goes: the reply, a post
  // and a favourite are kept, shown pending.
  await doomedCard.getByRole('button', { name: /^Reply/ }).click();
  const replyDialog = page.getByRole('dialog', { name: 'Reply' });
  const replyText = unique('A reply to a post about to go');
  await replyDialog.getByLabel('Your reply').fill(replyText);
  await context.setOffline(true);
  await replyDialog.getByRole('button', { name: 'Post' }).click();
  await expect(replyDialog).toHaveCount(0);
  const composer = page.getByRole('form', { name: 'Post new status' }).first();
  const postText = unique('Written offline');
  await composer.getByLabel("What's on your mind?").fill(postText);
  await composer.getByRole('button', { name: 'Post' }).click();
  const pending = page.getByRole('region', { name: 'Posts waiting to be sent' });
  await expect(pending.getByRole('listitem').filter({ hasText: postText })).toContainText(PENDING);
  await expect(composer.getByLabel("What's on your mind?")).toHaveValue('');

  await likedCard.getByRole('button', { name: /^Favorite/ }).click();
  const favourite = likedCard.getByRole('button', { name: /^Favorite.*\(pending/ });
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');

  await expect(pending.getByRole('listitem')).toHaveCount(2);
  await expectNoA11yViolations(page, 'the home timeline with pending sends');

  // Meanwhile the replied-to post is deleted.
  expect((await api(token, 'DELETE', `api/v1/statuses/${doomed.id}`)).status).toBe(200);

  // A reload while the server still cannot be reached: the page loads, the sends cannot go.
  await page.route(SENDS, (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
  );
  await context.setOffline(false);
  await page.reload();
  await expect(pending.getByRole('listitem')).toHaveCount(2);
  await expect(pending).toContainText(postText);
  await expect(favourite).toHaveAttribute('aria-pressed', 'true');
  const me = (await api<{ id: string }>(token, 'GET', 'api/v1/accounts/verify_credentials')).body;
  const ownStatuses = async () =>
    (await api<{ content: string }[]>(token, 'GET', `api/v1/accounts/${me.id}/statuses`)).body;
  expect((await ownStatuses()).filter((s) => s.content.includes(postText))).toHaveLength(0);

  // The network is back: the queue goes in order; the refused reply returns to its composer.
  await page.unroute(SENDS);
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(page.getByRole('article').filter({ hasText: postText })).toBeVisible();
  await expect(likedCard.getByRole('button', { name: /^Favorite/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(favourite).toHaveCount(0);
  await expect(replyDialog.getByLabel('Your reply')).toHaveValue(replyText);
  await expect(replyDialog.getByRole('alert')).toContainText(
    'The post being replied to was deleted',
  );
  await expect(pending).toHaveCount(0);

  // Each reached the server exactly once.
  const statuses = await ownStatuses();
  expect(statuses.filter((s) => s.content.includes(postText))).toHaveLength(1);
  expect(statuses.filter((s) => s.content.includes(replyText))).toHaveLength(0);
  const likedNow = await api<{ favourited: boolean; favourites_count: number }>(
    token,
    'GET',
    `api/v1/statuses/${liked.id}`,
  );
  expect(likedNow.body).toMatchObject({ favourited: true, favourites_count: 1 });
});
