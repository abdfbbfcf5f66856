import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TINY_PNG, multipartOf } from '../test-uploads.ts';
import { addUser, bearer, makeTestApp, passwordToken, type TestApp } from './test-helpers.ts';

/** An image upload is an image because sharp can read it, not because the browser said so. */

let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await makeTestApp();
  addUser(t, 'alice');
  token = await passwordToken(t.app, 'alice');
});
afterEach(async () => t.close());

const HTML = new Blob(['<!doctype html><script>alert(document.cookie)</script>'], {
  type: 'image/png',
});
const SVG = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], {
  type: 'image/svg+xml',
});
const storedFiles = () => {
  const uploads = join(t.dir, 'media', 'uploads');
  return existsSync(uploads) ? readdirSync(uploads) : [];
};
const me = async () =>
  (
    await t.app.inject({ url: '/api/v1/accounts/verify_credentials', headers: bearer(token) })
  ).json();

async function updateProfile(fields: Record<string, string | Blob>) {
  const form = await multipartOf(fields);
  return t.app.inject({
    method: 'PATCH',
    url: '/api/v1/accounts/update_credentials',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
}

describe('profile images', () => {
  it.each([
    ['avatar', 'HTML', HTML],
    ['header', 'HTML', HTML],
    ['pleroma_background_image', 'HTML', HTML],
    ['avatar', 'SVG', SVG],
  ])(
    'refuses an %s that is %s declared as an image, with a 422, storing nothing',
    async (param, _what, file) => {
      const before = await me();
      const response = await updateProfile({ display_name: 'Not stored', [param]: file });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        error: `Invalid ${param}: not an image (it cannot be decoded)`,
      });
      expect(storedFiles()).toEqual([]);
      const after = await me();
      expect(after.display_name).toBe(before.display_name);
      expect([after.avatar, after.header]).toEqual([before.avatar, before.header]);
    },
  );

  it('still takes a real image', async () => {
    const response = await updateProfile({ avatar: new Blob([TINY_PNG], { type: 'image/png' }) });
    expect(response.statusCode).toBe(200);
    expect(response.json().avatar).toMatch(/\/media\/uploads\/\w+\.png$/);
  });
});

describe('media attachments', () => {
  it('refuses HTML declared as a PNG with a 422, storing nothing', async () => {
    const form = await multipartOf({ file: HTML });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(token) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'The file is not an image: it claims to be image/png but cannot be decoded',
    });
    expect(storedFiles()).toEqual([]);
  });
});
