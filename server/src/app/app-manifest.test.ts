import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../routes/test-helpers.ts';
import { INSTANCE_TITLE } from '../routes/constants.ts';
import { APP_ICONS, shortNameOf } from './app-manifest.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t.close());

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

describe('the web app manifest of the local instance', () => {
  it('makes the client installable under the instance’s name', async () => {
    const response = await t.app.inject({ url: '/manifest.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = response.json();
    expect(manifest).toMatchObject({
      name: INSTANCE_TITLE,
      short_name: 'Starling',
      start_url: '/main/friends',
      scope: '/',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      share_target: {
        action: '/main/share',
        method: 'GET',
        params: { title: 'title', text: 'text', url: 'url' },
      },
    });
    const icons = manifest.icons as ManifestIcon[];
    const sizes = (purpose: string) =>
      icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes);
    expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes('maskable')).toContain('512x512');
  });

  it('serves every icon it names as a PNG of that size', async () => {
    const manifest = (await t.app.inject({ url: '/manifest.json' })).json();
    for (const icon of manifest.icons as ManifestIcon[]) {
      const response = await t.app.inject({ url: icon.src });
      expect(response.statusCode, icon.src).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const meta = await sharp(response.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      expect(meta.format).toBe('png');
    }
  });

  it('fills a maskable icon to its corners, where a launcher’s mask may cut', async () => {
    const maskable = APP_ICONS.find((icon) => icon.maskable)!;
    const plain = APP_ICONS.find((icon) => !icon.maskable)!;
    const corner = async (file: string) => {
      const response = await t.app.inject({ url: `/static/icons/${file}` });
      const { data } = await sharp(response.rawPayload)
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return data[3];
    };
    expect(await corner(maskable.file)).toBe(255);
    expect(await corner(plain.file)).toBe(0);
  });

  it('answers an icon it does not have with a JSON 404', async () => {
    for (const url of ['/static/icons/icon-1024.png', '/static/icons/..%2F..%2Fpackage.json']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found' });
    }
  });

  it('keeps a home screen label short', () => {
    expect(shortNameOf('Starling local')).toBe('Starling');
    expect(shortNameOf('Cats')).toBe('Cats');
    expect(shortNameOf('Averyveryverylongname social')).toHaveLength(12);
  });
});
