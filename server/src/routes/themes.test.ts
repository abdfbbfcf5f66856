import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ url });

describe('/static/styles.json and the theme files', () => {
  it('lists several themes, pleroma-dark first, each a Pleroma-FE theme file', async () => {
    const styles = (await get('/static/styles.json')).json() as Record<string, string>;
    const names = Object.keys(styles);
    expect(names[0]).toBe('pleroma-dark');
    expect(names).toEqual(expect.arrayContaining(['pleroma-light', 'redmond-xx']));
    expect(names.length).toBeGreaterThanOrEqual(4);
    const schemes = new Set<string>();
    for (const name of names) {
      const response = await get(styles[name] as string);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      const file = response.json();
      expect(file._pleroma_theme_version).toBe(2);
      expect(file.source.themeEngineVersion).toBe(3);
      expect(file.source.colors).toMatchObject({
        bg: expect.any(String),
        text: expect.any(String),
      });
      expect(file.theme.colors.bg).toBe(file.source.colors.bg);
      expect(file.theme.radii).toMatchObject({ avatarAlt: expect.any(Number) });
      schemes.add(parseInt(file.theme.colors.bg.slice(1, 3), 16) > 128 ? 'light' : 'dark');
    }
    expect([...schemes].sort()).toEqual(['dark', 'light']);
  });

  it('answers an unknown or crafted theme path with a JSON 404', async () => {
    for (const url of [
      '/static/themes/nope.json',
      '/static/themes/constructor.json',
      '/static/themes/..%2F..%2Fpackage.json',
      '/static/themes/pleroma-dark',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: 'Not found' });
    }
  });
});
