import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { expect, instanceUrl, test } from './fixtures.ts';
import { passwordGrant } from './oauth.ts';
import { api, persistSession, signedIn, unique } from './session.ts';

const ADMIN_SCOPES = 'read write follow push admin';

/**
 * Announcements (issue 23): an admin posts, edits and deletes one; a member reads hers and the
 * navigation badge clears. The admin's announcement starts tomorrow, so it is not running yet
 * and no other journey's reader counts it in a page title; the member reads the two seeded ones
 * only dave has left unread (server/src/seed/announcements.ts).
 */

const WIDE = { width: 1400, height: 900 };
const SCREEN = 'section[aria-labelledby="announcements-title"]';

const announcementsLink = (page: Page) =>
  page
    .getByRole('navigation')
    .getByRole('link', { name: /^Announcements/ })
    .filter({ hasText: 'Announcements' })
    .first();
const announcement = (page: Page, text: string) =>
  page.locator('[data-announcement-id]').filter({ hasText: text });

/** Tomorrow as a date field takes it (the browser runs on this machine's clock and zone). */
function tomorrow(): string {
  const date = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

test('an admin posts, edits and deletes an announcement; a member reads hers and the badge clears', async ({
  page,
  browser,
  consoleErrors,
}) => {
  await page.setViewportSize(WIDE);
  // With the admin scope the client asks a Pleroma server for, as the admin calls need it.
  await persistSession(
    page,
    await passwordGrant(instanceUrl(), 'admin', DEMO_PASSWORD, ADMIN_SCOPES),
  );
  await page.goto('/announcements');
  const form = page.getByRole('form', { name: 'Post announcement' });
  const content = form.getByRole('textbox', { name: 'Announcement text' });
  const text = unique('Heron count at the estuary');
  await content.fill(text);
  await form.getByRole('checkbox', { name: 'This is an all-day event' }).check();
  await form.getByLabel('Start time').fill(tomorrow());
  await form.getByRole('button', { name: 'Post' }).click();
  await expect(content).toHaveValue('');
  await expect(form.getByLabel('Start time')).toHaveValue('');

  // Not running yet: the manager sees it, its mark as read disabled with the inactive message.
  const posted = announcement(page, text);
  await expect(posted).toBeVisible();
  await expect(posted.getByRole('button', { name: 'Mark as read' })).toBeDisabled();
  await expect(posted.getByText('This announcement is inactive')).toBeVisible();
  // All day: its start is a date, with no time of day.
  await expect(posted.getByText(/^Starts /)).toBeVisible();
  await expect(posted.getByText(/^Starts /)).not.toHaveText(/\d:\d\d/);
  await expectNoA11yViolations(page, 'announcements screen of a manager', SCREEN);

  // Edit: cancel leaves it as it was; submit changes it.
  await posted.getByRole('button', { name: 'Edit' }).click();
  const editor = posted.getByRole('form', { name: 'Edit announcement' });
  await expect(editor.getByRole('textbox', { name: 'Announcement text' })).toHaveValue(text);
  await editor.getByRole('textbox', { name: 'Announcement text' }).fill(`${text} (cancelled)`);
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(posted.getByRole('form')).toHaveCount(0);
  await expect(posted).not.toContainText('cancelled');
  await posted.getByRole('button', { name: 'Edit' }).click();
  await editor.getByRole('textbox', { name: 'Announcement text' }).fill(`${text}, on the shore`);
  await editor.getByRole('button', { name: 'Submit' }).click();
  const edited = announcement(page, `${text}, on the shore`);
  await expect(edited).toBeVisible();
  await expect(edited.getByRole('form')).toHaveCount(0);

  // Deleted, the list the server gives again no longer has it.
  await edited.getByRole('button', { name: 'Delete' }).click();
  await expect(announcement(page, text)).toHaveCount(0);
  await expect(page.locator('[data-announcement-id]')).toHaveCount(3);

  // A member, in a browser of her own.
  const context = await browser.newContext({ baseURL: instanceUrl(), viewport: WIDE });
  try {
    const member = await context.newPage();
    const dave = await signedIn(member, 'dave');
    await member.goto('/announcements');
    const link = announcementsLink(member);
    await expect(link).toHaveText('Announcements2');
    await expect(member.getByRole('form', { name: 'Post announcement' })).toHaveCount(0);
    const unread = member.getByRole('button', { name: 'Mark as read' });
    await expect(unread).toHaveCount(2);
    await expectNoA11yViolations(member, 'announcements screen of a member', SCREEN);
    await unread.first().click();
    await expect(link).toHaveText('Announcements1');
    await unread.first().click();
    await expect(unread).toHaveCount(0);
    await expect(link).toHaveText('Announcements');
    await expect(member.locator('[data-announcement-id][data-read="true"]')).toHaveCount(2);
    // The server keeps it.
    const { body } = await api<{ read: boolean }[]>(dave, 'GET', 'api/v1/announcements');
    expect(body.map((a) => a.read)).toEqual([true, true]);
  } finally {
    await context.close();
  }
  expect(consoleErrors).toEqual([]);
});
