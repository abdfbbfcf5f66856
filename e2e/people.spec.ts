import type { Browser, Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, expect, instanceUrl, postStatus, test } from './fixtures.ts';
import { api, persistSession, unique } from './session.ts';

/** Journeys about people: profiles, the user card, relationships, requests, moderation. */

const card = (page: Page, id: string) => page.locator(`article[data-status-id="${id}"]`);

/** A token with the admin scope, as the client itself asks for (api/oauth.ts OAUTH_SCOPES). */
async function staffToken(username: string): Promise<string> {
  const url = instanceUrl();
  const scopes = 'read write follow push admin';
  const app = (await (
    await fetch(`${url}api/v1/apps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'people-e2e',
        redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
        scopes,
      }),
    })
  ).json()) as { client_id: string; client_secret: string };
  const token = (await (
    await fetch(`${url}oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'password',
        username,
        password: DEMO_PASSWORD,
        client_id: app.client_id,
        client_secret: app.client_secret,
        scope: scopes,
      }),
    })
  ).json()) as { access_token: string };
  return token.access_token;
}

async function idOf(acct: string): Promise<string> {
  const { body } = await api<{ id: string }>(null, 'GET', `api/v1/accounts/lookup?acct=${acct}`);
  return body.id;
}

async function pageAs(browser: Browser, token: string, preferences: object = {}): Promise<Page> {
  const context = await browser.newContext({ baseURL: instanceUrl() });
  const page = await context.newPage();
  await persistSession(page, token, preferences);
  return page;
}

test('open a profile from a post, its popover, and page through followers', async ({
  page,
  consoleErrors,
}) => {
  const text = unique('Profile journey');
  const { id } = await postStatus(await apiToken('admin', DEMO_PASSWORD), text);
  await persistSession(page, await apiToken('alice', DEMO_PASSWORD));
  await page.goto('/main/public');
  const post = card(page, id);
  await expect(post).toContainText(text);

  // The avatar opens the card as a popover; Escape closes it.
  await post.locator('a[aria-hidden]').first().click();
  const popover = page.getByRole('dialog', { name: '@admin' });
  await expect(popover).toBeVisible();
  await expect(popover.getByRole('button', { name: /Follow|Unfollow|Following/ })).toBeVisible();
  await expectNoA11yViolations(page, 'user popover', '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();

  // The name opens the card too; from there, the full profile.
  await post.getByRole('link', { name: /admin/i }).first().click();
  await expect(popover).toBeVisible();
  await popover.getByRole('button', { name: 'Open the full profile' }).click();
  await expect(popover).toBeHidden();
  await expect(page).toHaveURL(/\/users\/[^/]+$/);
  const profile = page.locator('main');
  await expect(profile.getByRole('heading', { name: /admin/i }).first()).toBeVisible();
  await expect(profile.getByText('@admin', { exact: true }).first()).toBeVisible();
  await expect(profile.getByText(/per day/)).toBeVisible();
  await expect(profile.getByRole('article').filter({ hasText: text })).toBeVisible();
  await expectNoA11yViolations(page, 'profile', 'main [data-user-card], main [role="tablist"]');

  // Followers: a page of 20, loading more until the end.
  await profile.getByRole('tab', { name: 'Followers' }).click();
  await expect(page).toHaveURL(/tab=followers/);
  const followers = profile.getByRole('list', { name: 'Followers' });
  await expect(followers.getByRole('link', { name: /Alice/ })).toBeVisible();
  const loadMore = profile.getByRole('button', { name: 'Load more' });
  const end = profile.getByText("That's all.");
  await expect(loadMore.or(end)).toBeVisible();
  while (await loadMore.isVisible()) await loadMore.click();
  await expect(end).toBeVisible();
  const { body: admin } = await api<{ followers_count: number }>(
    null,
    'GET',
    'api/v1/accounts/admin',
  );
  await expect(followers.getByRole('listitem')).toHaveCount(admin.followers_count);
  await expectNoA11yViolations(page, 'profile followers', 'main [role="tabpanel"]');
  expect(consoleErrors).toEqual([]);
});

test('follow a locked account, approve it at /friend-requests, then following', async ({
  page,
  browser,
}) => {
  const dave = await apiToken('dave', DEMO_PASSWORD);
  const wrenId = await idOf('wren');
  await api(dave, 'POST', `api/v1/accounts/${wrenId}/unfollow`);
  try {
    await persistSession(page, dave);
    await page.goto('/users/wren');
    const follow = page.locator('main').getByRole('button', { name: 'Follow', exact: true });
    await follow.click();
    // The button that shows the new state keeps the keyboard focus.
    await expect(
      page.locator('main').getByRole('button', { name: /Request sent|Cancel request/ }),
    ).toBeFocused();

    const wrenPage = await pageAs(browser, await apiToken('wren', DEMO_PASSWORD));
    await wrenPage.goto('/friend-requests');
    const requests = wrenPage.getByRole('region', { name: 'Follow requests' });
    const row = requests.getByRole('listitem').filter({ hasText: '@dave' });
    await expect(row).toBeVisible();
    await expectNoA11yViolations(wrenPage, 'friend requests', 'main');
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(row).toBeHidden();
    await wrenPage.context().close();

    await page.reload();
    await expect(
      page.locator('main').getByRole('button', { name: /Following!|Unfollow/ }),
    ).toBeVisible();
  } finally {
    await api(dave, 'POST', `api/v1/accounts/${wrenId}/unfollow`);
  }
});

test('mute with a duration collapses their posts; block with confirmation removes them', async ({
  page,
}) => {
  const erin = await apiToken('erin', DEMO_PASSWORD);
  const bobId = await idOf('bob');
  const text = unique('Posted before the mute');
  const { id } = await postStatus(await apiToken('bob', DEMO_PASSWORD), text);
  try {
    await persistSession(page, erin, { modalOnMute: true });
    await page.goto('/users/bob');
    await page.locator('main').getByRole('button', { name: 'Mute', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Mute confirmation' });
    await dialog.getByLabel('Mute for').fill('2');
    await dialog.getByLabel('Unit').selectOption('hours');
    await expectNoA11yViolations(page, 'mute dialog', '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Mute', exact: true }).click();
    await expect(page.locator('main').getByRole('button', { name: 'Unmute' })).toBeVisible();
    const muted = await api<{ muting: boolean; mute_expires_at?: string }[]>(
      erin,
      'GET',
      `api/v1/accounts/relationships?id=${bobId}`,
    );
    expect(muted.body[0]?.muting).toBe(true);

    await page.goto('/main/public');
    await expect(card(page, id)).toHaveAttribute('aria-label', 'Muted post');

    // Unmuting from the card keeps the focus on the button, now Mute again.
    await page.goto('/users/bob');
    await page.locator('main').getByRole('button', { name: 'Unmute' }).click();
    await expect(
      page.locator('main').getByRole('button', { name: 'Mute', exact: true }),
    ).toBeFocused();

    // Block asks first (modalOnBlock is on by default), then their posts leave public.
    await page.locator('main').getByRole('button', { name: 'Block', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Do you really want to block bob?');
    await confirm.getByRole('button', { name: 'Block' }).click();
    await expect(page.locator('main').getByRole('button', { name: 'Unblock' })).toBeVisible();
    await page.goto('/main/public');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(card(page, id)).toHaveCount(0);
  } finally {
    await api(erin, 'POST', `api/v1/accounts/${bobId}/unmute`);
    await api(erin, 'POST', `api/v1/accounts/${bobId}/unblock`);
  }
});

test('edit and save a personal note; add a user to a list from the card', async ({ page }) => {
  const carol = await apiToken('carol', DEMO_PASSWORD);
  // Only accounts one follows may join a list (Mastodon's rule, kept by the instance): carol follows alice.
  const aliceId = await idOf('alice');
  const title = unique('Birders');
  const { body: list } = await api<{ id: string }>(carol, 'POST', 'api/v1/lists', { title });
  try {
    await persistSession(page, carol);
    await page.goto('/users/alice');
    await page.locator('main').getByRole('button', { name: 'Edit note' }).click();
    const note = unique('Lends binoculars');
    await page.getByLabel('Personal note').fill(note);
    await page.locator('main').getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText(note)).toBeVisible();
    await page.reload();
    await expect(page.getByText(note)).toBeVisible();

    await page.locator('main').getByRole('button', { name: 'Account actions' }).click();
    await page.getByRole('menuitem', { name: 'Add or remove from lists' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lists for alice' });
    await dialog.getByLabel(title).check();
    await expect
      .poll(async () =>
        (await api<{ id: string }[]>(carol, 'GET', `api/v1/lists/${list.id}/accounts`)).body.map(
          (a) => a.id,
        ),
      )
      .toContain(aliceId);
    await expectNoA11yViolations(page, 'lists dialog', '[role="dialog"]');
  } finally {
    await api(carol, 'DELETE', `api/v1/lists/${list.id}`);
    await api(carol, 'POST', `api/v1/accounts/${aliceId}/note`, { comment: '' });
  }
});

/**
 * The account these journeys deactivate for a while: one no journey signs in as, or its session
 * would end with a 401 meanwhile.
 */
const DEACTIVATED = 'robin@elsewhere.example';

test('an admin grants moderator and deactivates; a member sees no moderation menu', async ({
  page,
  browser,
}) => {
  const admin = await staffToken('admin');
  try {
    await persistSession(page, admin);
    await page.goto('/users/dave');
    await page.locator('main').getByRole('button', { name: 'Moderation' }).click();
    await page.getByRole('menuitem', { name: 'Grant moderator' }).click();
    await expect
      .poll(
        async () =>
          (await api<{ pleroma: { is_moderator: boolean } }>(null, 'GET', 'api/v1/accounts/dave'))
            .body.pleroma.is_moderator,
      )
      .toBe(true);
    await expect(page.getByText('Moderator', { exact: true })).toBeVisible();

    await page.goto(`/users/${DEACTIVATED}`);
    await page.locator('main').getByRole('button', { name: 'Moderation' }).click();
    await page.getByRole('menuitem', { name: 'Deactivate account' }).click();
    await expect(page.getByText('Deactivated', { exact: true })).toBeVisible();
    await expect(
      page.locator('main').getByRole('button', { name: /^(Follow|Unfollow)$/ }),
    ).toBeDisabled();
    await expect(
      page.locator('main').getByRole('button', { name: 'Chat', exact: true }),
    ).toHaveCount(0);

    const member = await pageAs(browser, await apiToken('bob', DEMO_PASSWORD));
    await member.goto('/users/carol');
    await expect(
      member.locator('main').getByRole('button', { name: 'Account actions' }),
    ).toBeVisible();
    await expect(member.locator('main').getByRole('button', { name: 'Moderation' })).toHaveCount(0);
    await member.context().close();
  } finally {
    await api(admin, 'DELETE', 'api/v1/pleroma/admin/users/permission_group/moderator', {
      nicknames: ['dave'],
    });
    await api(admin, 'PATCH', 'api/v1/pleroma/admin/users/activate', { nicknames: [DEACTIVATED] });
  }
});

test("a deactivated account's card shows Mute and Mention, both disabled", async ({ page }) => {
  const admin = await staffToken('admin');
  try {
    await api(admin, 'PATCH', 'api/v1/pleroma/admin/users/deactivate', {
      nicknames: [DEACTIVATED],
    });
    await persistSession(page, await apiToken('bob', DEMO_PASSWORD));
    await page.goto(`/users/${DEACTIVATED}`);
    const main = page.locator('main');
    await expect(main.getByText('Deactivated', { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Mute', exact: true })).toBeDisabled();
    await main.getByRole('button', { name: 'Account actions' }).click();
    const mention = page.getByRole('menuitem', { name: 'Mention' });
    await expect(mention).toBeDisabled();
  } finally {
    await api(admin, 'PATCH', 'api/v1/pleroma/admin/users/activate', { nicknames: [DEACTIVATED] });
  }
});

test('an anonymous visitor uses remote follow', async ({ page }) => {
  await page.goto('/users/alice');
  await page.locator('main').getByRole('button', { name: 'Remote follow' }).click();
  await expect(page).toHaveURL(/\/main\/ostatus\?nickname=alice$/);
  const heading = page.getByRole('heading', { name: 'Follow @alice from your account' });
  await expect(heading).toBeVisible();
  await page.getByLabel('Your account (user@instance)').fill('not an account');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('alert')).toContainText('Enter your account as user@instance.');
  await expectNoA11yViolations(page, 'remote follow', 'main');
});

test('the remote user resolver lands on a seeded remote account; a missing profile says so', async ({
  page,
}) => {
  await persistSession(page, await apiToken('alice', DEMO_PASSWORD));
  const kestrelId = await idOf('kestrel@elsewhere.example');
  await page.goto('/remote-users/@kestrel@elsewhere.example');
  await expect(page).toHaveURL(new RegExp(`/users/${kestrelId}$`));
  await expect(
    page.locator('main [data-user-card]').getByText('@kestrel@elsewhere.example', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'External profile' })).toBeVisible();

  await page.goto('/remote-users/nobody@nowhere.example');
  await expect(page.getByRole('alert')).toHaveText('Not found.');

  await page.goto('/users/no-such-person-here');
  await expect(page.getByRole('alert')).toHaveText('Sorry, this profile does not exist.');

  await page.goto('/who-to-follow');
  const suggestions = page.getByRole('region', { name: 'Who to follow' }).last();
  await expect(suggestions.getByRole('listitem').first()).toBeVisible();
  await expectNoA11yViolations(page, 'who to follow', 'main');
});
