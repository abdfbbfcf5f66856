import { DEMO_PASSWORD } from './demo.ts';
import { apiToken, expect, instanceUrl, postStatus, test } from './fixtures.ts';
import { api, persistSession, unique } from './session.ts';

/** Sets `token`'s avatar to a GIF, as a browser's multipart form would. */
async function setGifAvatar(token: string): Promise<void> {
  const sharp = (await import('sharp')).default;
  const gif = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 220, g: 30, b: 40 } },
  })
    .gif()
    .toBuffer();
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(gif)], { type: 'image/gif' }), 'avatar.gif');
  const response = await fetch(`${instanceUrl()}api/v1/accounts/update_credentials`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(200);
}

test('with stopGifs, an avatar the server gives no still version of shows its first frame until hovered', async ({
  page,
}) => {
  const token = await apiToken('erin', DEMO_PASSWORD);
  await setGifAvatar(token);
  try {
    const me = (
      await api<{ avatar: string; avatar_static: string }>(
        token,
        'GET',
        'api/v1/accounts/verify_credentials',
      )
    ).body;
    // Pleroma's shape: the "still" address is the animated one.
    expect(me.avatar).toMatch(/\.gif$/);
    expect(me.avatar_static).toBe(me.avatar);
    const text = unique('Still avatar');
    const { id } = await postStatus(token, text);

    await persistSession(page, null);
    await page.goto(`/notice/${id}`);
    const card = page.getByRole('article').filter({ hasText: text }).first();
    const frame = card.locator('canvas[data-still-frame]').first();
    await expect(frame).toBeVisible();
    await expect(card.locator(`img[src="${me.avatar}"]`)).toHaveCount(0);
    // The frame is really drawn: its middle pixel is the avatar's red.
    await expect
      .poll(() =>
        frame.evaluate((canvas: HTMLCanvasElement) => {
          const { width, height } = canvas;
          const pixel = canvas.getContext('2d')!.getImageData(width >> 1, height >> 1, 1, 1).data;
          return pixel[0]! > 180 && pixel[1]! < 80 && pixel[3] === 255;
        }),
      )
      .toBe(true);

    await frame.hover();
    await expect(card.locator(`img[src="${me.avatar}"]`).first()).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(card.locator('canvas[data-still-frame]').first()).toBeVisible();
  } finally {
    await api(token, 'PATCH', 'api/v1/accounts/update_credentials', { avatar: '' });
  }
});

test('with stopGifs, a GIF attachment shows a still until hovered or focused', async ({ page }) => {
  const token = await apiToken('erin', DEMO_PASSWORD);
  const sharp = (await import('sharp')).default;
  const gif = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 30, g: 160, b: 40 } },
  })
    .gif()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(gif)], { type: 'image/gif' }), 'dance.gif');
  const uploaded = await fetch(`${instanceUrl()}api/v1/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(uploaded.ok).toBe(true);
  const media = (await uploaded.json()) as { id: string; url: string; preview_url: string };
  expect(media.url).toMatch(/\.gif$/);
  const text = unique('Still attachment');
  const { id } = (
    await api<{ id: string }>(token, 'POST', 'api/v1/statuses', {
      status: text,
      media_ids: [media.id],
    })
  ).body;

  await persistSession(page, null);
  await page.goto(`/notice/${id}`);
  const card = page.getByRole('article').filter({ hasText: text }).first();
  const tile = card.getByRole('button', { name: /^View media 1 of 1/ });
  const animated = tile.locator(`img[src="${media.url}"]`);
  await expect(tile.locator('img, canvas[data-still-frame]').first()).toBeVisible();
  await expect(animated).toHaveCount(0);

  await tile.hover();
  await expect(animated).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(animated).toHaveCount(0);
  await tile.focus();
  await expect(animated).toBeVisible();
});
