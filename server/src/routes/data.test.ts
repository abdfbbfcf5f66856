import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importHandles } from './data.ts';
import { addUser, bearer, makeTestApp, passwordToken, type TestApp } from './test-helpers.ts';

let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await makeTestApp();
  addUser(t, 'alice');
  addUser(t, 'bob');
  addUser(t, 'carol');
  token = await passwordToken(t.app, 'alice');
});
afterEach(async () => t.close());

describe('imports', () => {
  it('reads handles and CSV first columns', () => {
    expect(
      importHandles('Account address,Show boosts\n@bob@127.0.0.1:4000,true\ncarol,false'),
    ).toEqual(['bob@127.0.0.1:4000', 'carol']);
    expect(importHandles('bob  carol\nbob')).toEqual(['bob', 'carol']);
  });

  it('follows, blocks and mutes the listed accounts, reporting the unknown ones', async () => {
    const follow = await t.app.inject({
      method: 'POST',
      url: '/api/pleroma/follow_import',
      headers: bearer(token),
      payload: { list: 'bob\nnobody\n@alice' },
    });
    expect(follow.json()).toEqual({ status: 'success', imported: 1, unknown: ['nobody', 'alice'] });
    const mutes = await t.app.inject({
      method: 'POST',
      url: '/api/pleroma/mutes_import',
      headers: bearer(token),
      payload: { list: 'carol' },
    });
    expect(mutes.json()).toMatchObject({ imported: 1 });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/mutes',
      headers: bearer(token),
    });
    expect(
      (list.json() as { acct: string; mute_expires_at: unknown }[]).map((a) => [
        a.acct,
        a.mute_expires_at,
      ]),
    ).toEqual([['carol', null]]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/pleroma/blocks_import',
      headers: bearer(token),
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
  });
});
