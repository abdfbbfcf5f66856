import { expect } from '@playwright/test';
import { totpCode, TOTP_STEP_SECONDS } from '../server/src/auth/totp.ts';
import { expectNoA11yViolations } from './axe.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { apiToken } from './fixtures.ts';
import { ownInstanceTest } from './ownInstance.ts';
import { persistSession, signInWithForm } from './session.ts';
import { openSettings } from './settingsDialog.ts';

/**
 * Two-factor set-up from the Security tab. While it is on, a password alone no longer signs the
 * user in, which would stop any other journey signing in as them at that moment: so this runs
 * against an instance of its own.
 */
const { test, instance } = ownInstanceTest();
const USER = 'moderator';
const DIALOG = '[role="dialog"]';

test('set up TOTP from the key, sign out, sign in with a code', async ({ page }) => {
  test.setTimeout(90_000);
  await persistSession(page, await apiToken(USER, DEMO_PASSWORD, instance.url));
  await page.goto('/main/public');
  const dialog = await openSettings(page, 'Security');
  const section = dialog.getByRole('region', { name: 'Two-factor authentication' });
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(
    section.getByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeVisible();
  const key = (await section.getByTestId('totp-key').textContent()) ?? '';
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await section.getByLabel('Current password').fill(DEMO_PASSWORD);
  const backupList = section.getByRole('list', { name: 'Backup codes' });
  // A code from the previous step, so the current one is still unused for the sign-in below. On a
  // busy machine the server may read it two steps late and refuse it: then, as a person would,
  // type the app's newer code.
  await expect(async () => {
    await section
      .getByLabel('Code from the app')
      .fill(totpCode(key, Date.now() - TOTP_STEP_SECONDS * 1000));
    await section.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await expect(backupList.or(section.getByRole('alert'))).toBeVisible();
    await expect(backupList).toBeVisible({ timeout: 1 });
  }).toPass({ timeout: 40_000 });
  const codes = backupList.getByRole('listitem');
  await expect(codes).toHaveCount(5);
  await expectNoA11yViolations(page, 'two-factor enabled', DIALOG);
  // The focus stayed in the dialog when the form was replaced, so Escape still closes it.
  await expect(section.getByRole('heading', { name: 'Two-factor authentication' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Log out' }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/main\/public$/);
  await signInWithForm(page, USER);
  const code = page.getByLabel('Authentication code').filter({ visible: true }).first();
  await code.fill(totpCode(key));
  await page.getByRole('button', { name: 'Verify' }).first().click();
  await expect(page).toHaveURL(/\/main\/friends$/);

  // And off again, with the password.
  const again = await openSettings(page, 'Security');
  const twoFactor = again.getByRole('region', { name: 'Two-factor authentication' });
  await twoFactor.getByLabel('Current password').fill(DEMO_PASSWORD);
  await twoFactor.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  await expect(twoFactor.getByRole('status')).toHaveText('Two-factor authentication is off');
});
