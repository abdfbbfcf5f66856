import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SETTINGS_STORE_FRONTEND_BYTES,
  SETTINGS_STORE_MAX_DEPTH,
  SETTINGS_STORE_TOTAL_BYTES,
} from './constants.ts';
import { addUser, bearer, makeTestApp, passwordToken, type TestApp } from './test-helpers.ts';

/** Pleroma's settings store (pleroma_settings_store in update_credentials) has a size and depth. */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await makeTestApp();
  addUser(t, 'alice');
  token = await passwordToken(t.app, 'alice');
});
afterAll(async () => t.close());

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
};
const nestedText = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

const update = (payload: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/v1/accounts/update_credentials',
    headers: { ...bearer(token), 'content-type': contentType },
    payload,
  });
const storeNow = async () =>
  (
    await t.app.inject({ url: '/api/v1/accounts/verify_credentials', headers: bearer(token) })
  ).json().pleroma.settings_store as Record<string, unknown>;

describe('the settings store', () => {
  it('keeps a frontend’s settings at the size and depth limits', async () => {
    const padding = 'x'.repeat(SETTINGS_STORE_FRONTEND_BYTES - JSON.stringify({ p: '' }).length);
    expect(
      (await update(JSON.stringify({ pleroma_settings_store: { fe: { p: padding } } }))).statusCode,
    ).toBe(200);
    const deep = JSON.stringify({
      pleroma_settings_store: { fe: nested(SETTINGS_STORE_MAX_DEPTH - 1) },
    });
    expect((await update(deep)).statusCode).toBe(200);
    expect(await storeNow()).toEqual({ fe: nested(SETTINGS_STORE_MAX_DEPTH - 1) });
  });

  it('refuses a frontend’s settings over the size limit with a 413 JSON error', async () => {
    const padding = 'x'.repeat(SETTINGS_STORE_FRONTEND_BYTES);
    const response = await update(
      JSON.stringify({ display_name: 'Big', pleroma_settings_store: { fe: { p: padding } } }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: expect.stringMatching(/settings_store of fe is too large/),
    });
    const me = await t.app.inject({
      url: '/api/v1/accounts/verify_credentials',
      headers: bearer(token),
    });
    expect(me.json().display_name).not.toBe('Big');
  });

  it('refuses a store over the size limit for all frontends together', async () => {
    const share = 'x'.repeat(SETTINGS_STORE_FRONTEND_BYTES - 100);
    let last = 0;
    for (
      let index = 0;
      index * SETTINGS_STORE_FRONTEND_BYTES <= SETTINGS_STORE_TOTAL_BYTES;
      index++
    ) {
      last = (await update(JSON.stringify({ pleroma_settings_store: { [`fe${index}`]: share } })))
        .statusCode;
    }
    expect(last).toBe(413);
  });

  it.each([
    ['a JSON body', 4000, 'application/json'],
    ['a JSON body, far deeper', 20_000, 'application/json'],
    ['a form field', 4000, 'application/x-www-form-urlencoded'],
    ['a form field, far deeper', 20_000, 'application/x-www-form-urlencoded'],
  ])('refuses settings nested too deep in %s with a 4xx JSON error', async (_how, depth, type) => {
    const store = `{"fe":${nestedText(depth)}}`;
    const payload =
      type === 'application/json'
        ? `{"pleroma_settings_store":${store}}`
        : `pleroma_settings_store=${encodeURIComponent(store)}`;
    const response = await update(payload, type);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toEqual({ error: expect.stringMatching(/nest/) });
  });

  it('names the settings store when it is too deep inside an otherwise shallow body', async () => {
    const response = await update(
      JSON.stringify({ pleroma_settings_store: { fe: nested(SETTINGS_STORE_MAX_DEPTH + 1) } }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(
      /pleroma_settings_store: the settings of fe nest more than 64/,
    );
  });
});
