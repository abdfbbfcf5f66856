import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addUser, bearer, makeTestApp, passwordToken, post, type TestApp } from './test-helpers.ts';

let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await makeTestApp();
  addUser(t, 'alice');
  token = await passwordToken(t.app, 'alice');
});
afterEach(async () => t.close());

describe('account backups', () => {
  it('makes a zip of the account that can be listed and downloaded', async () => {
    await post(t.app, token, { status: 'kept in the backup' });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/pleroma/backups',
          headers: bearer(token),
        })
      ).json(),
    ).toEqual([]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pleroma/backups',
      headers: bearer(token),
    });
    const [backup] = created.json() as { url: string; processed: boolean; file_size: number }[];
    expect(backup).toMatchObject({ processed: true, content_type: 'application/zip' });
    const download = await t.app.inject({ method: 'GET', url: new URL(backup!.url).pathname });
    expect(download.statusCode).toBe(200);
    const bytes = download.rawPayload;
    expect(bytes.length).toBe(backup!.file_size);
    expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
    // The end-of-directory record counts five files.
    expect(bytes.readUInt16LE(bytes.length - 22 + 10)).toBe(5);
    expect(bytes.toString('utf8')).toContain('kept in the backup');
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/pleroma/backups' });
    expect(response.statusCode).toBe(401);
  });
});
