import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, expect, instanceUrl, postStatus, test } from './fixtures.ts';
import { api, signInWithForm, signedIn, unique } from './session.ts';
import { openSettings } from './settingsDialog.ts';

/**
 * Journeys for the settings modal. They all use the moderator account and put back whatever they
 * change, since journeys share one instance (the report journey signs in as the moderator too).
 * Turning two-factor on would stop other journeys' sign-ins, so that one has its own instance
 * (two-factor.spec.ts).
 */
const USER = 'moderator';
const DIALOG = '[role="dialog"]';

/** The notifications column on the right, by its own name. */
const thirdColumn = (page: Page) =>
  page.getByRole('complementary', { name: 'Notifications', exact: true });
/**
 * Without that column the notifications panel sits in the sidebar (spec part 2, §2): a journey
 * that asked only for some landmark holding a Notifications heading found it there once its lazy
 * panel had loaded, sooner or later depending on the machine's load.
 */
const notificationsInSidebar = (page: Page) =>
  page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('region', { name: /^Notifications/ });

async function resetSettingsStore() {
  const token = await apiToken(USER, DEMO_PASSWORD);
  const response = await api(token, 'PATCH', 'api/v1/accounts/update_credentials', {
    pleroma_settings_store: { starling: {} },
  });
  expect(response.status).toBe(200);
}

test('a display preference applies at once and follows the user to another browser', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await resetSettingsStore();
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signedIn(page, USER);
    await page.goto('/main/public');
    await expect(thirdColumn(page)).toBeVisible();
    await expect(notificationsInSidebar(page)).toHaveCount(0);
    const dialog = await openSettings(page, 'General');
    await expectNoA11yViolations(page, 'the General settings tab', DIALOG);
    // The other browser can only see the choice once the server has answered its save (a request
    // merely sent may still be on its way when the other browser signs in).
    const saved = page.waitForResponse(
      (response) =>
        response.url().includes('api/v1/accounts/update_credentials') &&
        response.ok() &&
        JSON.stringify(response.request().postDataJSON()).includes('thirdColumnMode'),
    );
    await dialog
      .getByRole('combobox', { name: 'Third column (wide windows, signed in)' })
      .selectOption({ label: 'None' });
    await expect(thirdColumn(page)).toHaveCount(0);
    await expect(notificationsInSidebar(page)).toBeVisible();
    await saved;

    const context = await browser.newContext({
      baseURL: instanceUrl(),
      viewport: { width: 1400, height: 900 },
    });
    try {
      const other = await context.newPage();
      await other.goto('/main/public');
      await signInWithForm(other, USER);
      await expect(other).toHaveURL(/\/main\/friends$/);
      await expect(other.getByRole('button', { name: 'Log out' }).first()).toBeVisible();
      await expect(notificationsInSidebar(other)).toBeVisible();
      await expect(thirdColumn(other)).toHaveCount(0);
    } finally {
      await context.close();
    }
  } finally {
    await resetSettingsStore();
  }
});

test('every settings tab passes axe', async ({ page }) => {
  test.setTimeout(60_000);
  await signedIn(page, USER);
  await page.goto('/main/public');
  for (const tab of [
    'Profile',
    'Security',
    'Notifications',
    'Data import / export',
    'Mutes and blocks',
    'Version',
  ]) {
    await openSettings(page, tab);
    // Scanned once the tab's chunk and its lists have loaded.
    await expect(
      page.getByRole('dialog', { name: 'Settings' }).getByRole('tabpanel'),
    ).not.toContainText('Loading');
    await expectNoA11yViolations(page, `the ${tab} settings tab`, DIALOG);
    if (tab === 'Version') {
      // The build is the commit the client was built from (the journeys run in a git checkout).
      await expect(page.getByRole('dialog', { name: 'Settings' })).toContainText(
        /Starling \d+\.\d+\.\d+ \(build [0-9a-f]{7,}, production\)/,
      );
    }
    await page.keyboard.press('Escape');
  }
});

test('changing the password with a wrong current password is refused', async ({ page }) => {
  await signedIn(page, USER);
  await page.goto('/main/public');
  const dialog = await openSettings(page, 'Security');
  const section = dialog.getByRole('region', { name: 'Change password' });
  await section.getByLabel('Current password').fill('not-the-password');
  await section.getByLabel('New password', { exact: true }).fill('another password');
  await section.getByLabel('New password again').fill('another password');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByRole('alert')).toHaveText('Invalid password.');
  // Still signed in, and the old password still works.
  await expect(page.getByRole('button', { name: 'Log out' }).first()).toBeVisible();
  await apiToken(USER, DEMO_PASSWORD);
});

test('revoke another session and its token is refused', async ({ page }) => {
  const other = await apiToken(USER, DEMO_PASSWORD);
  await signedIn(page, USER);
  await page.goto('/main/public');
  const dialog = await openSettings(page, 'Security');
  const sessions = dialog.getByRole('list', { name: 'Authorised apps and sessions' });
  await expect(sessions.getByRole('listitem').first()).toBeVisible();
  const tokens = (await api<{ id: number }[]>(other, 'GET', 'api/oauth_tokens')).body;
  const newest = Math.max(...tokens.map((token) => token.id));
  // The page's own session is the newest; the one made above is the one before it.
  const target = tokens
    .map((token) => token.id)
    .filter((id) => id !== newest)
    .sort((a, b) => b - a)[0];
  await sessions.getByRole('button', { name: new RegExp(`\\(session ${target}\\)$`) }).click();
  await expect(
    sessions.getByRole('button', { name: new RegExp(`\\(session ${target}\\)$`) }),
  ).toHaveCount(0);
  expect((await api(other, 'GET', 'api/v1/accounts/verify_credentials')).status).toBe(401);
  await expect(page.getByRole('button', { name: 'Log out' }).first()).toBeVisible();
});

test('unmute a user from the mutes list', async ({ page }) => {
  const token = await signedIn(page, USER);
  const bob = (await api<{ id: string }>(token, 'GET', 'api/v1/accounts/lookup?acct=bob')).body;
  await api(token, 'POST', `api/v1/accounts/${bob.id}/mute`, { duration: 3600 });
  try {
    await page.goto('/main/public');
    const dialog = await openSettings(page, 'Mutes and blocks');
    const mutes = dialog.getByRole('list', { name: 'Muted users' });
    const entry = mutes.getByRole('listitem').filter({ hasText: '@bob' });
    await expect(entry).toContainText('until');
    await expectNoA11yViolations(page, 'the mutes list', DIALOG);
    await entry.getByRole('button', { name: 'Unmute bob' }).click();
    await expect(entry).toHaveCount(0);
    const [relationship] = (
      await api<{ muting: boolean }[]>(token, 'GET', `api/v1/accounts/relationships?id[]=${bob.id}`)
    ).body;
    expect(relationship?.muting).toBe(false);
  } finally {
    await api(token, 'POST', `api/v1/accounts/${bob.id}/unmute`);
  }
});

test('import a follows file, and export then re-import settings with a too-new file refused', async ({
  page,
}) => {
  const token = await signedIn(page, USER);
  const carol = (await api<{ id: string }>(token, 'GET', 'api/v1/accounts/lookup?acct=carol')).body;
  await api(token, 'POST', `api/v1/accounts/${carol.id}/unfollow`);
  try {
    await page.goto('/main/public');
    const dialog = await openSettings(page, 'Data import / export');
    const follows = dialog.getByRole('region', { name: 'Follows' });
    await follows.getByLabel(/Import follows from a file/).setInputFiles({
      name: 'follows.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Account address,Show boosts\ncarol,true\nnobody-here,true\n'),
    });
    await expect(follows.getByRole('status')).toHaveText('Imported 1. Skipped: nobody-here');
    const [relationship] = (
      await api<{ following: boolean }[]>(
        token,
        'GET',
        `api/v1/accounts/relationships?id[]=${carol.id}`,
      )
    ).body;
    expect(relationship?.following).toBe(true);

    const backup = dialog.getByRole('region', { name: 'Settings backup' });
    const downloaded = page.waitForEvent('download');
    await backup.getByRole('button', { name: 'Export settings to a file' }).click();
    const file = await (await downloaded).path();
    const { readFile } = await import('node:fs/promises');
    const saved = JSON.parse(await readFile(file, 'utf8')) as {
      version: { major: number; minor: number };
      preferences: Record<string, unknown>;
    };
    expect(saved.preferences.hideNsfw).toBe(true);

    const importInput = backup.getByLabel('Import settings from a file');
    const tooNew = { ...saved, version: { major: saved.version.major + 1, minor: 0 } };
    await importInput.setInputFiles({
      name: 'new.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(tooNew)),
    });
    await expect(backup.getByRole('alert')).toContainText('newer version');

    const changed = { ...saved, preferences: { ...saved.preferences, hideNsfw: false } };
    await importInput.setInputFiles({
      name: 'mine.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(changed)),
    });
    await expect(backup.getByRole('status')).toHaveText('Settings loaded from the file.');
    await dialog.getByRole('tab', { name: 'General' }).click();
    await expect(dialog.getByRole('checkbox', { name: 'Hide sensitive media' })).not.toBeChecked();
  } finally {
    await api(token, 'POST', `api/v1/accounts/${carol.id}/unfollow`);
    await resetSettingsStore();
  }
});

test('upload a new avatar and see it on posts', async ({ page }) => {
  test.setTimeout(60_000);
  const token = await signedIn(page, USER);
  const sharp = (await import('sharp')).default;
  const png = await sharp({
    create: { width: 200, height: 200, channels: 3, background: { r: 200, g: 40, b: 90 } },
  })
    .png()
    .toBuffer();
  const text = unique('avatar check');
  await postStatus(token, text);
  try {
    await page.goto('/main/public');
    const dialog = await openSettings(page, 'Profile');
    const images = dialog.getByRole('group', { name: 'Images' });
    await images.getByLabel('Avatar', { exact: true }).setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: png,
    });
    const crop = page.getByRole('dialog', { name: 'Crop the avatar' });
    await crop.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(images.getByRole('status')).toHaveText('Settings saved');
    const me = (await api<{ avatar: string }>(token, 'GET', 'api/v1/accounts/verify_credentials'))
      .body;
    expect(me.avatar).toContain('/media/');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    const card = page.getByRole('article').filter({ hasText: text }).first();
    await expect(card.locator(`img[src="${me.avatar}"]`).first()).toBeVisible();
  } finally {
    await api(token, 'PATCH', 'api/v1/accounts/update_credentials', { avatar: '' });
  }
});

test('request an account backup and get a downloadable archive', async ({ page }) => {
  await signedIn(page, USER);
  await page.goto('/main/public');
  const dialog = await openSettings(page, 'Data import / export');
  const section = dialog.getByRole('region', { name: 'Account backups' });
  await section.getByRole('button', { name: 'Make a new backup' }).click();
  await expect(section.getByRole('status')).toHaveText('Backup requested.');
  const link = section.getByRole('link', { name: /^Download/ }).first();
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  const archive = Buffer.from(await (await fetch(href)).arrayBuffer());
  expect(archive.subarray(0, 2).toString()).toBe('PK');
  await expectNoA11yViolations(page, 'the account backups list', DIALOG);
});

test('on a phone the settings fit: the tab list shows it scrolls and stays in view, checkboxes sit beside their labels, Profile is no wider than the screen', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page, USER);
  await page.goto('/main/public');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const tabList = dialog.getByRole('tablist', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'General' }).click();
  const panel = dialog.getByRole('tabpanel');
  await expect(panel.getByRole('checkbox').first()).toBeVisible();

  // The list is cut at the screen's edge and draws an arrow there to say so.
  const moreMark = () =>
    tabList.evaluate((list) => getComputedStyle(list.parentElement!, '::after').content);
  await expect.poll(moreMark).toBe('"›"');

  const misplaced = await panel.evaluate((body) =>
    [...body.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')]
      .filter((box) => {
        const text = box.nextElementSibling?.getBoundingClientRect();
        const own = box.getBoundingClientRect();
        // Beside: the label starts right of the box and its first line is level with it.
        return !text || text.left < own.right || text.top > own.bottom;
      })
      .map((box) => box.closest('label')?.textContent ?? box.outerHTML),
  );
  expect(misplaced).toEqual([]);

  // Scrolled to the end of a long tab, the tab list is still there.
  await panel.getByRole('checkbox').last().scrollIntoViewIfNeeded();
  await expect(dialog.getByRole('tab', { name: 'General' })).toBeInViewport();

  await dialog.getByRole('tab', { name: 'Profile' }).click();
  await expect(panel.getByRole('button', { name: 'Save profile' })).toBeVisible();
  await expect(panel.getByRole('group', { name: 'Images' })).toBeVisible();
  const overflow = await panel.evaluate((body) => {
    let scroller: Element | null = body;
    while (scroller && getComputedStyle(scroller).overflowY !== 'auto')
      scroller = scroller.parentElement;
    return {
      page: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
      dialog: scroller ? scroller.scrollWidth - scroller.clientWidth : -1,
    };
  });
  expect(overflow).toEqual({ page: 0, dialog: 0 });
  await expectNoA11yViolations(page, 'the Profile settings tab on a phone', DIALOG);
});
