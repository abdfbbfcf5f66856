import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../db/index.ts';
import {
  addUser,
  bearer,
  makeTestApp,
  passwordToken,
  post,
  TEST_PASSWORD,
  type TestApp,
} from './test-helpers.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestApp;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

beforeEach(async () => {
  t = await makeTestApp();
  for (const name of ['alice', 'bob', 'carol', 'dave']) {
    ids[name] = addUser(t, name);
    tokens[name] = await passwordToken(t.app, name);
  }
});
afterEach(async () => t.close());

async function call(
  as: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<{ status: number; body: Json }> {
  const response = await t.app.inject({
    method,
    url,
    headers: bearer(tokens[as]!),
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Json };
}

const move = (as: string, target: string, password = TEST_PASSWORD) =>
  call(as, 'POST', '/api/pleroma/move_account', { password, target_account: target });

const following = async (who: string, whom: string) =>
  (await call(who, 'GET', `/api/v1/accounts/relationships?id=${ids[whom]}`)).body[0].following;

describe('move account', () => {
  it('refuses a wrong password, an unknown target, itself, and a target without the alias', async () => {
    const wrong = await move('alice', 'carol', 'not my password');
    expect(wrong).toEqual({ status: 403, body: { error: 'Invalid password.' } });
    const unknown = await move('alice', 'nobody@127.0.0.1:4000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Target account not found.');
    const self = await move('alice', 'alice');
    expect(self.status).toBe(400);
    const noAlias = await move('alice', 'carol');
    expect(noAlias.status).toBe(422);
    expect(noAlias.body.error).toMatch(/alsoKnownAs/);
    const alice = await call('bob', 'GET', `/api/v1/accounts/${ids.alice}`);
    expect(alice.body.moved).toBeUndefined();
  });

  it('moves: the account names its new one, followers are told and follow the target', async () => {
    await call('bob', 'POST', `/api/v1/accounts/${ids.alice}/follow`);
    await call('dave', 'POST', `/api/v1/accounts/${ids.alice}/follow`);
    // dave does not let moves carry his follows.
    sql(t.ctx.db, 'UPDATE accounts SET allow_following_move = 0 WHERE id = ?').run(ids.dave);
    expect((await call('carol', 'PUT', '/api/pleroma/aliases', { alias: 'alice' })).body).toEqual({
      status: 'success',
    });

    const moved = await move('alice', '@carol');
    expect(moved).toEqual({ status: 200, body: { status: 'success' } });

    const alice = await call('bob', 'GET', `/api/v1/accounts/${ids.alice}`);
    expect(alice.body.moved.id).toBe(ids.carol);
    expect(alice.body.moved.acct).toBe('carol');

    const notifications = (await call('bob', 'GET', '/api/v1/notifications')).body;
    const notice = notifications.find((n: Json) => n.type === 'move');
    expect(notice.account.id).toBe(ids.alice);
    expect(notice.target.id).toBe(ids.carol);
    expect(await following('bob', 'carol')).toBe(true);
    expect(await following('bob', 'alice')).toBe(false);

    // Told, but still following the old account.
    const daves = (await call('dave', 'GET', '/api/v1/notifications')).body;
    expect(daves.some((n: Json) => n.type === 'move')).toBe(true);
    expect(await following('dave', 'alice')).toBe(true);
    expect(await following('dave', 'carol')).toBe(false);

    // carol hears of her new follower.
    const carols = (await call('carol', 'GET', '/api/v1/notifications')).body;
    expect(carols.some((n: Json) => n.type === 'follow' && n.account.id === ids.bob)).toBe(true);
  });

  it('renders two accounts that moved to each other without going round in circles', async () => {
    await call('carol', 'PUT', '/api/pleroma/aliases', { alias: 'alice' });
    await call('alice', 'PUT', '/api/pleroma/aliases', { alias: 'carol' });
    expect((await move('alice', 'carol')).status).toBe(200);
    expect((await move('carol', 'alice')).status).toBe(200);
    const alice = (await call('bob', 'GET', `/api/v1/accounts/${ids.alice}`)).body;
    expect(alice.moved.id).toBe(ids.carol);
    expect(alice.moved.moved).toBeUndefined();
    const carol = (await call('bob', 'GET', `/api/v1/accounts/${ids.carol}`)).body;
    expect(carol.moved.id).toBe(ids.alice);
  });
});

describe('delete account', () => {
  it('needs the password, then removes the posts, the follows and the sessions', async () => {
    const status = await post(t.app, tokens.alice!, { status: 'soon gone' });
    await call('bob', 'POST', `/api/v1/accounts/${ids.alice}/follow`);
    await call('alice', 'POST', `/api/v1/accounts/${ids.carol}/follow`);
    const home = async () =>
      (await call('bob', 'GET', '/api/v1/timelines/home')).body.map((s: Json) => s.id);
    expect(await home()).toContain(status.id);

    const wrong = await call('alice', 'POST', '/api/pleroma/delete_account', { password: 'no' });
    expect(wrong).toEqual({ status: 403, body: { error: 'Invalid password.' } });
    expect(await home()).toContain(status.id);

    const deleted = await call('alice', 'POST', '/api/pleroma/delete_account', {
      password: TEST_PASSWORD,
    });
    expect(deleted).toEqual({ status: 200, body: { status: 'success' } });
    expect(await home()).not.toContain(status.id);
    const pub = (await call('bob', 'GET', '/api/v1/timelines/public')).body;
    expect(pub.some((s: Json) => s.account.id === ids.alice)).toBe(false);
    expect((await call('bob', 'GET', `/api/v1/statuses/${status.id}`)).status).toBe(404);
    expect(await following('bob', 'alice')).toBe(false);
    const carol = await call('bob', 'GET', `/api/v1/accounts/${ids.carol}`);
    expect(carol.body.followers_count).toBe(0);
    // Signed out everywhere.
    expect((await call('alice', 'GET', '/api/v1/accounts/verify_credentials')).status).toBe(401);
    await expect(passwordToken(t.app, 'alice')).rejects.toThrow();
  });
});
