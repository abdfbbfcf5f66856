import sharp from 'sharp';
import { expect, test } from './fixtures.ts';

test('phone: an anonymous visitor reads the whole timeline title and can log in from the landing page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/main/all');
  const title = page.getByRole('button', { name: 'The whole known network' });
  await expect(title).toBeVisible();
  // Not cut with an ellipsis: everything the button holds fits inside it.
  const cut = await title.evaluate((button) => button.scrollWidth > button.clientWidth + 1);
  expect(cut).toBe(false);
  const box = (await title.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);

  const logIn = page.getByRole('banner').getByRole('link', { name: 'Log in' });
  await expect(logIn).toBeVisible();
  await logIn.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
});

test("desktop: the top bar's logo draws the instance's bird, not a blank disc", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/main/all');
  const logo = page.locator('[data-logo]').first();
  await expect(logo).toBeVisible();
  // The mask is an image of its own: until it has loaded the logo is not drawn at all.
  await expect(async () => {
    const shot = await logo.screenshot();
    const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
    const colours = new Set<string>();
    // The middle of the logo: a blank disc is one colour there; the bird adds a second.
    for (let y = Math.floor(info.height / 4); y < (info.height * 3) / 4; y += 1) {
      for (let x = Math.floor(info.width / 4); x < (info.width * 3) / 4; x += 1) {
        const at = (y * info.width + x) * info.channels;
        const shade = [data[at]!, data[at + 1]!, data[at + 2]!].map((v) => v >> 5);
        colours.add(shade.join(','));
      }
    }
    expect(colours.size).toBeGreaterThan(1);
  }).toPass({ timeout: 10_000 });
});
