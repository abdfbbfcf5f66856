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

/** The themes the local instance ships (server/src/routes/themes.json), light last. */
const SHIPPED: [name: string, background?: string][] = [
  ['starling-night'],
  ['redmond-xx'],
  ['pleroma-dark', 'rgb(15, 25, 35)'],
  ['starling-dawn'],
  ['pleroma-light', 'rgb(233, 237, 241)'],
];

/** What a theme can break: every other rule is the same in any theme (accessibility.spec.ts). */
const THEMED_RULES = ['color-contrast', 'link-in-text-block'];

test('every shipped theme switches with no reload and stays readable; it survives a reload, and exports and imports', async ({
  page,
}) => {
  // Five full-page axe scans on a busy machine.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  // A member of its own: the theme follows the account, and no other journey should see it change.
  await signedIn(page, await newcomer(instanceUrl(), 'painter'));
  await page.goto('/main/public');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  let shown = await background(page);
  for (const [name, expected] of SHIPPED) {
    await applyTheme(page, name);
    if (expected) await expect.poll(() => background(page)).toBe(expected);
    else await expect.poll(() => background(page)).not.toBe(shown);
    shown = await background(page);
    await expectNoA11yViolations(page, `the public timeline in ${name}`, undefined, THEMED_RULES);
  }
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  // Applied before the first paint on the next start: the starter set it on <html>.
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.style.getPropertyValue('--bg'))).toBe(
    '#e9edf1',
  );
  await expect(page.getByRole('article').first()).toBeVisible();

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

const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

test('roundness, a panel shadow and a text colour too faint to read reach the page with no reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signedIn(page, await newcomer(instanceUrl(), 'shaper'));
  await page.goto('/main/public');
  const post = page.getByRole('article').first();
  await expect(post).toBeVisible();
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const panelShadow = () =>
    post.evaluate((el) => getComputedStyle(el.closest('section[aria-labelledby]')!).boxShadow);
  const postText = post.locator('[class*="_content_"]').first();
  // The sidebar post form's button (the Theme tab's preview has one of the same name).
  const postButton = page.getByRole('button', { name: 'Post', exact: true });
  const buttonRadius = () => postButton.evaluate((el) => getComputedStyle(el).borderTopLeftRadius);
  expect(await buttonRadius()).toBe('4px');

  const dialog = await openThemeTab(page);
  const apply = dialog.getByRole('button', { name: 'Apply' });
  expect(await panelShadow()).toBe('none');

  await dialog.getByRole('tab', { name: 'Roundness' }).click();
  await dialog.getByRole('spinbutton', { name: 'Buttons', exact: true }).fill('17');
  await dialog.getByRole('tab', { name: 'Shadow and lighting' }).click();
  await dialog
    .getByRole('group', { name: 'Panels', exact: true })
    .getByRole('button', { name: 'Add a shadow' })
    .click();
  // Dark grey text on the dark background: about 1.5:1, so it is shown lighter.
  await dialog.getByRole('tab', { name: 'Common' }).click();
  const typed = '#303a44';
  const text = dialog.getByRole('textbox', { name: 'Text', exact: true });
  await text.fill(typed);
  await expect(text).toHaveAccessibleDescription(
    /below 4\.5: shown as #[0-9a-f]{6} \(\d+\.\d+:1\)/,
  );
  const ratio = await text.evaluate(
    (el) => document.getElementById(el.getAttribute('aria-describedby')!)!.textContent!,
  );
  const [, adjusted = '', shownRatio] =
    /shown as (#[0-9a-f]{6}) \((\d+\.\d+):1\)/.exec(ratio) ?? [];
  expect(Number(shownRatio)).toBeGreaterThanOrEqual(4.5);
  expect(adjusted).not.toBe(typed);

  await apply.click();
  await expect(dialog.getByText('Theme applied.')).toBeVisible();
  await expect(apply).toHaveCSS('border-top-left-radius', '17px');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await buttonRadius()).toBe('17px');
  await expect.poll(panelShadow).toBe('rgba(0, 0, 0, 0.4) 0px 2px 6px 0px');
  await expect(postText).toHaveCSS('color', rgb(adjusted));
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});
