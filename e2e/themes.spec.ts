import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './axe.ts';
import { expect, instanceUrl, test } from './fixtures.ts';
import { newcomer } from './registration.ts';
import { signedIn } from './session.ts';

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

async function openThemeTab(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('tab', { name: 'Theme' }).click();
  await expect(dialog.getByRole('region', { name: 'Preview' })).toBeVisible();
  return dialog;
}

async function applyTheme(page: Page, name: string) {
  const dialog = await openThemeTab(page);
  await dialog.getByRole('combobox', { name: 'Theme' }).selectOption(name);
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByText('Theme applied.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
}

test('themes switch with no reload, stay readable, survive a reload, and export and import', async ({
  page,
}) => {
  // Two full-page axe scans (a light and a dark theme) on a busy machine.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  // A member of its own: the theme follows the account, and no other journey should see it change.
  await signedIn(page, await newcomer(instanceUrl(), 'painter'));
  await page.goto('/main/public');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  await applyTheme(page, 'pleroma-light');
  await expect.poll(() => background(page)).toBe('rgb(233, 237, 241)');
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await expectNoA11yViolations(page, 'the home timeline in pleroma-light');

  // Applied before the first paint on the next start: the starter set it on <html>.
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--bg'))).toBe(
    '#e9edf1',
  );
  await expect(page.getByRole('article').first()).toBeVisible();

  await applyTheme(page, 'pleroma-dark');
  await expect.poll(() => background(page)).toBe('rgb(15, 25, 35)');
  await expectNoA11yViolations(page, 'the home timeline in pleroma-dark');

  // Export the light theme, then import it back into the editor.
  const dialog = await openThemeTab(page);
  await dialog.getByRole('combobox', { name: 'Theme' }).selectOption('pleroma-light');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Export to a file' }).click(),
  ]);
  const path = await download.path();
  const exported = JSON.parse(await readFile(path, 'utf8'));
  expect(exported).toMatchObject({
    _pleroma_theme_version: 2,
    source: { themeEngineVersion: 3, colors: { bg: '#e9edf1' } },
    theme: { colors: { bg: '#e9edf1' } },
  });
  await dialog.getByRole('combobox', { name: 'Theme' }).selectOption('pleroma-dark');
  const picker = dialog.getByLabel('Import from a file');
  await picker.setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"_pleroma_theme_version": 2}'),
  });
  await expect(dialog.getByRole('alert')).toHaveText(/nothing was changed/);
  await picker.setInputFiles(path);
  await expect(dialog.getByText('Theme imported: check the preview, then apply it.')).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Background', exact: true })).toHaveValue(
    '#e9edf1',
  );
  await expectNoA11yViolations(page, 'the Theme tab', '[role="dialog"]');
});
