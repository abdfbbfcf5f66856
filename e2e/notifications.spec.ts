import type { Locator, Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, expect, postStatus, test } from './fixtures.ts';
import { api, signedIn, signInAtLogin, unique } from './session.ts';

const WIDE = { width: 1400, height: 900 };
/** What axe scans: the notifications panels whole, post cards in mention rows included. */
const PANELS = '[data-notifications-panel]';
const MOBILE = { width: 400, height: 800 };

/** The unseen count the page title shows: "(N) ..." or 0. */
async function titleCount(page: Page): Promise<number> {
  return Number(/^\((\d+)\)/.exec(await page.title())?.[1] ?? 0);
}

const column = (page: Page) => page.locator('[data-notifications-panel="column"]');
const item = (scope: Locator, text: string) =>
  scope.locator('[data-notification-id]').filter({ hasText: text });

/**
 * Scrolls the panel's list from its top until `target` is mounted (the list is windowed: rows far
 * from the visible part are not in the page), then shows it.
 */
async function scrollPanelTo(panel: Locator, target: Locator): Promise<void> {
  const scroller = panel.locator('[class*="_scroller_"]');
  await scroller.evaluate((box) => box.scrollTo({ top: 0 }));
  for (let step = 0; step < 50 && (await target.count()) === 0; step++) {
    const atEnd = await scroller.evaluate((box) => {
      box.scrollBy({ top: box.clientHeight * 0.8 });
      return box.scrollTop + box.clientHeight >= box.scrollHeight - 1;
    });
    await panel.page().waitForTimeout(100);
    if (atEnd && (await target.count()) === 0) break;
  }
  await target.first().scrollIntoViewIfNeeded();
}

async function accountId(token: string, acct: string): Promise<string> {
  return (await api<{ id: string }>(token, 'GET', `api/v1/accounts/lookup?acct=${acct}`)).body.id;
}

test('what bob does to alice’s post arrives live in her column; mark all as seen clears the title', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  const alice = await signedIn(page, 'alice');
  const bob = await apiToken('bob', DEMO_PASSWORD);
  await page.goto('/main/friends');
  const panel = column(page);
  await expect(panel.getByRole('heading', { name: /Notifications/ })).toBeVisible();
  await expect(panel.locator('[data-notification-id]').first()).toBeVisible();

  const text = unique('Notify me');
  const mine = await postStatus(alice, text);
  await api(bob, 'POST', `api/v1/statuses/${mine.id}/favourite`);
  await api(bob, 'POST', `api/v1/statuses/${mine.id}/reblog`);
  await api(bob, 'PUT', `api/v1/pleroma/statuses/${mine.id}/reactions/${encodeURIComponent('🦆')}`);
  const mention = unique('Hey @alice');
  await postStatus(bob, mention);

  const bobsItems = panel.locator('[data-notification-id]').filter({ hasText: 'bob' });
  await expect(item(panel, 'liked your post').filter({ hasText: text })).toBeVisible();
  await expect(item(panel, 'repeated your post').filter({ hasText: text })).toBeVisible();
  await expect(item(panel, 'reacted with').filter({ hasText: '🦆' })).toBeVisible();
  const mentioned = item(panel, mention.split(' ').pop()!);
  await expect(mentioned).toBeVisible();
  await expect(mentioned).toHaveAttribute('data-seen', 'false');
  expect(await bobsItems.count()).toBeGreaterThanOrEqual(4);
  await expect.poll(() => titleCount(page)).toBeGreaterThanOrEqual(4);
  await expectNoA11yViolations(page, 'notifications column', PANELS);

  await panel.getByRole('button', { name: 'Mark all as seen' }).click();
  await expect(mentioned).toHaveAttribute('data-seen', 'true');
  await expect.poll(() => titleCount(page)).toBe(0);
  await expect(panel.getByRole('button', { name: 'Mark all as seen' })).toHaveCount(0);
  // The server agrees: nothing unread is left.
  expect((await api(alice, 'GET', 'api/v1/notifications/unread_count')).body).toEqual({ count: 0 });

  // Older ones load until none are left.
  const older = panel.getByRole('button', { name: 'Load older notifications' });
  const bottom = panel.getByText('No more notifications.');
  for (let i = 0; i < 10 && !(await bottom.isVisible()); i++) {
    await older.click();
    await expect(older.or(bottom)).toBeVisible();
  }
  await expect(bottom).toBeVisible();
  // The seeded move and the ended poll are among them.
  await scrollPanelTo(panel, item(panel, 'moved to'));
  await expect(item(panel, 'moved to')).toBeVisible();
  await scrollPanelTo(panel, item(panel, 'ran a poll that has ended'));
  await expect(item(panel, 'ran a poll that has ended').first()).toBeVisible();
});

test('the mobile drawer shows a new mention; its close button marks everything seen', async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await signedIn(page, 'carol');
  const bob = await apiToken('bob', DEMO_PASSWORD);
  await page.goto('/main/friends');
  const mention = unique('Drawer @carol');
  await postStatus(bob, mention);
  const button = page.getByRole('button', { name: /^Notifications \(?\d+ unseen\)?$/ });
  await expect(button).toBeVisible();
  await button.click();
  const drawer = page.getByRole('dialog', { name: 'Notifications' });
  // Posted while the page was still starting, the mention may miss both the first fetch and the
  // stream, and come with the next poll (every 10 s).
  await expect(item(drawer, mention.split(' ').pop()!)).toBeVisible({ timeout: 15_000 });
  await expectNoA11yViolations(
    page,
    'notifications drawer',
    `[role="dialog"] > :first-child, ${PANELS}`,
  );
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await expect.poll(() => titleCount(page)).toBe(0);
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});

test('wren approves one follow request and denies another from her notifications', async ({
  page,
}) => {
  await page.setViewportSize(WIDE);
  const wren = await signedIn(page, 'wren');
  const admin = await apiToken('admin', DEMO_PASSWORD);
  const moderator = await apiToken('moderator', DEMO_PASSWORD);
  const wrenId = await accountId(admin, 'wren');
  await api(admin, 'POST', `api/v1/accounts/${wrenId}/follow`);
  await api(moderator, 'POST', `api/v1/accounts/${wrenId}/follow`);
  await page.goto('/main/friends');
  const panel = column(page);

  const fromAdmin = item(panel, 'wants to follow you').filter({ hasText: '@admin' });
  const fromModerator = item(panel, 'wants to follow you').filter({ hasText: '@moderator' });
  await expect(fromAdmin).toBeVisible();
  await expect(fromModerator).toBeVisible();

  await fromAdmin.getByRole('button', { name: 'Approve' }).click();
  const adminFollows = item(panel, 'followed you').filter({ hasText: 'admin' });
  await expect(adminFollows).toBeVisible();
  await expect(adminFollows).toHaveAttribute('data-seen', 'true');
  await fromModerator.getByRole('button', { name: 'Deny' }).click();
  await expect(fromModerator).toHaveCount(0);

  const adminId = await accountId(wren, 'admin');
  const moderatorId = await accountId(wren, 'moderator');
  const relationships = await api<{ id: string; followed_by: boolean }[]>(
    wren,
    'GET',
    `api/v1/accounts/relationships?id[]=${adminId}&id[]=${moderatorId}`,
  );
  expect(relationships.body.map((r) => [r.id, r.followed_by])).toEqual([
    [adminId, true],
    [moderatorId, false],
  ]);
  const pending = await api<{ id: string }[]>(wren, 'GET', 'api/v1/follow_requests');
  expect(pending.body.map((a) => a.id)).not.toContain(adminId);
  expect(pending.body.map((a) => a.id)).not.toContain(moderatorId);
});

test('a moderator changes a report’s state; a refused change is rolled back', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(WIDE);
  await signInAtLogin(page, 'moderator');
  const panel = column(page);
  const report = item(panel, 'filed a report');
  await expect(report).toBeVisible();
  const state = report.getByLabel('Report state');
  await expect(state).toHaveValue('open');
  await state.selectOption('closed');
  await expect(state).toHaveValue('closed');
  const moderator = await apiToken('moderator', DEMO_PASSWORD);
  await expect
    .poll(
      async () =>
        (
          await api<{ report: { state: string } }[]>(
            moderator,
            'GET',
            'api/v1/notifications?include_types[]=pleroma:report',
          )
        ).body[0]?.report.state,
    )
    .toBe('closed');

  // A session whose token was not granted the admin scope: the server refuses the change.
  const context = await browser.newContext({ viewport: WIDE });
  const limited = await context.newPage();
  await signedIn(limited, 'moderator');
  await limited.goto('/main/friends');
  const limitedState = item(column(limited), 'filed a report').getByLabel('Report state');
  await expect(limitedState).toHaveValue('closed');
  await limitedState.selectOption('resolved');
  await expect(limited.getByText('An error occured', { exact: true })).toBeVisible();
  await expect(limitedState).toHaveValue('closed');
  await context.close();
});

test('the interactions screen lists notifications by kind in tabs', async ({ page }) => {
  await page.setViewportSize(WIDE);
  await signedIn(page, 'alice');
  await page.goto('/users/alice/interactions');
  const tabs = page.getByRole('tablist', { name: 'Kinds of interaction' });
  await expect(tabs.getByRole('tab')).toHaveText([
    'Mentions',
    'Likes and repeats',
    'Follows',
    'Emoji reactions',
  ]);
  const main = page.locator('main');
  await expect(main.locator('[data-type="mention"]').first()).toBeVisible();
  await tabs.getByRole('tab', { name: 'Follows' }).click();
  await expect(main.locator('[data-type="follow"]').first()).toBeVisible();
  await expect(main.locator('[data-type="mention"]')).toHaveCount(0);
  await expectNoA11yViolations(page, 'interactions screen', `main [role="tablist"], ${PANELS}`);
});

test('in the middle layout the panel sits in the sidebar', async ({ page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await signedIn(page, 'erin');
  await page.goto('/main/friends');
  const panel = page.locator('[data-notifications-panel="sidebar"]');
  await expect(panel.getByRole('heading', { name: /Notifications/ })).toBeVisible();
  await expect(panel.locator('[data-notification-id]').first()).toBeVisible();
  await expectNoA11yViolations(page, 'sidebar notifications', PANELS);
  // The notifications screen is the panel itself; the sidebar does not repeat it.
  await page.goto('/erin/notifications');
  const screen = page.locator('[data-notifications-panel="screen"]');
  await expect(screen.locator('[data-notification-id]').first()).toBeVisible();
  await expect(panel).toHaveCount(0);
  await expectNoA11yViolations(page, 'notifications screen', PANELS);
});
