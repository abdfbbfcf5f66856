import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  addUser,
  bearer,
  makeTestApp,
  passwordToken,
  type TestApp,
} from './routes/test-helpers.ts';

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body exactly as a browser's FormData sends it. */
export async function multipartOf(
  fields: Record<string, string | Blob>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(name, value, `${name}.png`);
    else form.append(name, value);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await makeTestApp();
  addUser(t, 'alice');
  addUser(t, 'bob');
  token = await passwordToken(t.app, 'alice');
});
afterAll(async () => t.close());

describe('request bodies', () => {
  it('registers an app and signs in with multipart bodies, as Pleroma-FE does', async () => {
    const registration = await t.app.inject({
      method: 'POST',
      url: '/api/v1/apps',
      ...(await multipartOf({
        client_name: 'Pleroma-FE',
        redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
        scopes: 'read write follow push',
      })),
    });
    expect(registration.statusCode).toBe(200);
    const client = registration.json() as { client_id: string; client_secret: string };
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      ...(await multipartOf({
        grant_type: 'password',
        username: 'alice',
        password: TEST_PASSWORD,
        client_id: client.client_id,
        client_secret: client.client_secret,
      })),
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().access_token).toEqual(expect.any(String));
  });

  it('takes url-encoded, JSON and multipart bodies alike', async () => {
    const forms = [
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'note=one' },
      { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ note: 'two' }) },
      await multipartOf({ note: 'three' }),
    ];
    for (const [index, form] of forms.entries()) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/accounts/update_credentials',
        payload: form.payload,
        headers: { ...bearer(token), ...form.headers },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().source.note).toBe(['one', 'two', 'three'][index]);
    }
  });

  it('answers a bad multipart body with a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/apps',
      headers: { 'content-type': 'multipart/form-data; boundary=nothing-here' },
      payload: 'garbage',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Invalid multipart body');
  });

  it('updates the profile with avatar and header files, stored as media', async () => {
    const form = await multipartOf({
      display_name: 'Alice with a face',
      locked: 'true',
      'fields_attributes[0][name]': 'home',
      'fields_attributes[0][value]': 'the hedge',
      avatar: new Blob([TINY_PNG], { type: 'image/png' }),
      header: new Blob([TINY_PNG], { type: 'image/png' }),
    });
    const updated = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/update_credentials',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(token) },
    });
    expect(updated.statusCode).toBe(200);
    const account = updated.json();
    expect(account).toMatchObject({
      display_name: 'Alice with a face',
      locked: true,
      source: { fields: [{ name: 'home', value: 'the hedge' }] },
    });
    expect(account.avatar).toMatch(/^http:\/\/127\.0\.0\.1:4000\/media\/uploads\/\w+\.png$/);
    expect(account.header).toMatch(/\/media\/uploads\/\w+\.png$/);
    const path = new URL(account.avatar as string).pathname.replace('/media/', '');
    expect(existsSync(join(t.dir, 'media', path))).toBe(true);
    const served = await t.app.inject({ url: new URL(account.avatar as string).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('refuses an avatar that is not an image and changes nothing', async () => {
    const form = await multipartOf({
      display_name: 'Should not stick',
      avatar: new Blob(['just words'], { type: 'text/plain' }),
    });
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/update_credentials',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(token) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/avatar/);
    const me = await t.app.inject({
      url: '/api/v1/accounts/verify_credentials',
      headers: bearer(token),
    });
    expect(me.json().display_name).not.toBe('Should not stick');
  });

  it('answers paths with a trailing slash like the same path without it', async () => {
    const bob = await t.app.inject({ url: '/api/v1/accounts/lookup?acct=bob' });
    const bobId = bob.json().id as string;
    for (const url of [
      '/api/v1/mutes/',
      `/api/v1/accounts/relationships/?id=${bobId}`,
      '/api/v1/timelines/home/',
    ]) {
      const response = await t.app.inject({ url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(200);
    }
    const relationships = await t.app.inject({
      url: `/api/v1/accounts/relationships/?id=${bobId}`,
      headers: bearer(token),
    });
    expect(relationships.json()).toEqual([expect.objectContaining({ id: bobId })]);
  });
});
