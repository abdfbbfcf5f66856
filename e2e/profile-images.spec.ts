import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoA11yViolations } from './axe.ts';
import { expect, postStatus, test } from './fixtures.ts';
import { api, signedIn, unique } from './session.ts';
import { openSettings } from './settingsDialog.ts';

/**
 * Profile image crop and the instance's per-kind upload limits (avatar 2 MB, banner and
 * background 4 MB on the local instance). Dave's avatar is put back after each journey.
 */
const USER = 'dave';
const CROP_DIALOG = '[role="dialog"]:has(input[type="range"])';

async function openProfileImages(page: Page) {
  await page.goto('/main/public');
  const settings = await openSettings(page, 'Profile');
  return { settings, images: settings.getByRole('group', { name: 'Images' }) };
}

/** A 900x300 PNG: a red, a green and a blue third, so the middle square is all green. */
function threeStripes(): Promise<Buffer> {
  const width = 900;
  const height = 300;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const channel = Math.floor(x / 300);
      pixels[(y * width + x) * 3 + channel] = 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

test('crop a wide avatar to a square of its middle and see it on posts', async ({ page }) => {
  test.setTimeout(60_000);
  const token = await signedIn(page, USER);
  const text = unique('cropped avatar');
  await postStatus(token, text);
  const stripes = { name: 'stripes.png', mimeType: 'image/png', buffer: await threeStripes() };
  try {
    const { settings, images } = await openProfileImages(page);
    const picker = images.getByLabel('Avatar', { exact: true });

    // Escape cancels: nothing staged, focus back on the picker.
    await picker.setInputFiles(stripes);
    const crop = page.getByRole('dialog', { name: 'Crop the avatar' });
    await expect(crop).toBeVisible();
    await expect(crop.getByRole('slider', { name: 'Zoom' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(crop).toBeHidden();
    await expect(settings).toBeVisible();
    await expect(picker).toBeFocused();
    await expect(images.getByRole('img', { name: 'New Avatar (not saved yet)' })).toHaveCount(0);

    await picker.setInputFiles(stripes);
    await expect(crop).toBeVisible();
    const area = crop.getByRole('group', { name: 'Part of the image to keep' });
    await expect(area).toBeVisible();
    await expectNoA11yViolations(page, 'the crop dialog', CROP_DIALOG);

    // Zoom to 200% from the keyboard, then nudge the crop with the arrow keys.
    const zoom = crop.getByRole('slider', { name: 'Zoom' });
    await zoom.focus();
    for (let step = 0; step < 10; step += 1) await page.keyboard.press('ArrowRight');
    await expect(zoom).toHaveAttribute('aria-valuetext', '200%');
    await area.focus();
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowLeft');
    // Tab stays inside the dialog.
    await page.keyboard.press('Tab');
    await expect(zoom).toBeFocused();

    await crop.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(crop).toBeHidden();
    await expect(picker).toBeFocused();
    // The crop dialog's Save is the only save, and the picker names the file it took.
    await expect(images.getByRole('status')).toHaveText('Settings saved');
    await expect(images.getByRole('button', { name: 'Save Avatar' })).toHaveCount(0);
    await expect(picker).toHaveAccessibleDescription('stripes.png');

    const me = (await api<{ avatar: string }>(token, 'GET', 'api/v1/accounts/verify_credentials'))
      .body;
    expect(me.avatar).toContain('/media/');
    const saved = await page.request.get(me.avatar);
    const { data, info } = await sharp(await saved.body())
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(info.height);
    expect(info.width).toBeLessThanOrEqual(400);
    // Every corner and the centre come from the green middle third, none from red or blue.
    const last = info.width - 1;
    for (const [x, y] of [
      [0, 0],
      [last, 0],
      [0, last],
      [last, last],
      [last >> 1, last >> 1],
    ] as const) {
      const at = (y * info.width + x) * 3;
      expect([data[at], data[at + 1], data[at + 2]]).toEqual([0, 255, 0]);
    }

    await settings.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    const card = page.getByRole('article').filter({ hasText: text }).first();
    const avatar = card.locator(`img[src="${me.avatar}"]`).first();
    await expect(avatar).toBeVisible();
    const natural = await avatar.evaluate((image: HTMLImageElement) => [
      image.naturalWidth,
      image.naturalHeight,
    ]);
    expect(natural[0]).toBeGreaterThan(0);
    expect(natural[0]).toBe(natural[1]);
  } finally {
    await api(token, 'PATCH', 'api/v1/accounts/update_credentials', { avatar: '' });
  }
});

test("files over their kind's upload limit are refused with both sizes", async ({ page }) => {
  test.setTimeout(60_000);
  const token = await signedIn(page, USER);
  // Noise does not compress: about 2.9 MiB, under the general limit, over the avatar's.
  const noise = await sharp(randomBytes(1000 * 1000 * 3), {
    raw: { width: 1000, height: 1000, channels: 3 },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(noise.length).toBeGreaterThan(2_000_000);
  try {
    const { images } = await openProfileImages(page);
    const picker = images.getByLabel('Avatar', { exact: true });
    await picker.setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: noise });
    const crop = page.getByRole('dialog', { name: 'Crop the avatar' });
    await crop.getByRole('button', { name: 'Use the whole image' }).click();
    await expect(crop).toBeHidden();
    const size = (noise.length / 1024 ** 2).toFixed(2).replace(/\.?0+$/, '');
    await expect(images.getByRole('alert')).toHaveText(`File too big [${size} MiB / 1.91 MiB]`);
    await expect(images.getByRole('button', { name: 'Save Avatar' })).toHaveCount(0);

    // Cropped to 400x400 the same picture fits.
    await picker.setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: noise });
    await crop.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(images.getByRole('status')).toHaveText('Settings saved');
    await expect(images.getByRole('alert')).toHaveCount(0);

    // A background has no crop: checked against its own 4 MB limit as soon as it is picked.
    await images.getByLabel('Background image', { exact: true }).setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(4_500_000),
    });
    await expect(images.getByRole('alert')).toHaveText('File too big [4.29 MiB / 3.81 MiB]');
    await expect(images.getByRole('button', { name: 'Save Background image' })).toHaveCount(0);
    const me = (
      await api<{ avatar: string; pleroma?: { background_image: string | null } }>(
        token,
        'GET',
        'api/v1/accounts/verify_credentials',
      )
    ).body;
    expect(me.avatar).toContain('/media/');
    expect(me.pleroma?.background_image ?? null).toBeNull();
  } finally {
    await api(token, 'PATCH', 'api/v1/accounts/update_credentials', { avatar: '' });
  }
});
