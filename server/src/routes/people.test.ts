import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addUser,
  bearer,
  makeTestApp,
  passwordToken,
  post,
  registerClient,
  type TestApp,
} from './test-helpers.ts';

let t: TestApp;
let ids: Record<string, string>;
let tokens: Record<string, string>;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeEach(async () => {
  t = await makeTestApp();
  ids = {
    root: addUser(t, 'root', { isAdmin: true }),
    mod: addUser(t, 'mod', { isModerator: true }),
    alice: addUser(t, 'alice'),
    bob: addUser(t, 'bob'),
    kestrel: addUser(t, 'kestrel', { domain: 'elsewhere.example' }),
  };
  tokens = {};
  const scope = 'read write follow push admin';
  const client = await registerClient(t.app, scope);
  for (const name of ['root', 'mod', 'alice', 'bob'])
    tokens[name] = await passwordToken(t.app, name, { client, scope });
});
afterEach(async () => t.close());

async function call(method: string, url: string, who: string, payload?: unknown) {
  const response = await t.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(tokens[who]!),
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  const body = response.body ? (JSON.parse(response.body) as Json) : null;
  return { status: response.statusCode, body };
}

describe('notes and subscriptions', () => {
  it('keeps a personal note in the relationship, and an empty note removes it', async () => {
    const saved = await call('POST', `/api/v1/accounts/${ids.bob}/note`, 'alice', {
      comment: 'met at the fair',
    });
    expect(saved.status).toBe(200);
    expect(saved.body!.note).toBe('met at the fair');
    const rel = await call('GET', `/api/v1/accounts/relationships?id=${ids.bob}`, 'alice');
    expect(rel.body![0].note).toBe('met at the fair');
    const cleared = await call('POST', `/api/v1/accounts/${ids.bob}/note`, 'alice', {
      comment: '',
    });
    expect(cleared.body!.note).toBe('');
    const long = await call('POST', `/api/v1/accounts/${ids.bob}/note`, 'alice', {
      comment: 'x'.repeat(2001),
    });
    expect(long.status).toBe(400);
    expect(long.body!.error).toMatch(/2000/);
  });

  it('subscribes only to someone followed, and unsubscribes', async () => {
    const early = await call('POST', `/api/v1/pleroma/accounts/${ids.bob}/subscribe`, 'alice');
    expect(early.status).toBe(400);
    await call('POST', `/api/v1/accounts/${ids.bob}/follow`, 'alice');
    const on = await call('POST', `/api/v1/pleroma/accounts/${ids.bob}/subscribe`, 'alice');
    expect(on.body).toMatchObject({ subscribing: true, notifying: true, following: true });
    const off = await call('POST', `/api/v1/pleroma/accounts/${ids.bob}/unsubscribe`, 'alice');
    expect(off.body).toMatchObject({ subscribing: false, following: true });
  });
});

describe('suggestions', () => {
  it('suggests local accounts not yet followed, in both shapes', async () => {
    await call('POST', `/api/v1/accounts/${ids.bob}/follow`, 'alice');
    const v2 = await call('GET', '/api/v2/suggestions', 'alice');
    expect(v2.status).toBe(200);
    const names = v2.body!.map((s: Json) => s.account.username);
    expect(names).toContain('root');
    expect(names).not.toContain('bob');
    expect(names).not.toContain('alice');
    expect(names).not.toContain('kestrel');
    const v1 = await call('GET', '/api/v1/suggestions?limit=1', 'alice');
    expect(v1.body).toHaveLength(1);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v2/suggestions' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('admin user endpoints', () => {
  it('lets only admins grant and revoke roles, on local accounts', async () => {
    const url = '/api/v1/pleroma/admin/users/permission_group/moderator';
    expect((await call('POST', url, 'alice', { nicknames: ['bob'] })).status).toBe(403);
    expect((await call('POST', url, 'mod', { nicknames: ['bob'] })).status).toBe(403);
    const granted = await call('POST', url, 'root', { nicknames: ['bob'] });
    expect(granted).toMatchObject({ status: 200, body: { is_moderator: true } });
    const bob = await call('GET', `/api/v1/accounts/${ids.bob}`, 'alice');
    expect(bob.body!.pleroma.is_moderator).toBe(true);
    const remote = await call('POST', url, 'root', { nicknames: ['kestrel@elsewhere.example'] });
    expect(remote.status).toBe(400);
    const self = await call(
      'DELETE',
      '/api/v1/pleroma/admin/users/permission_group/admin',
      'root',
      {
        nicknames: ['root'],
      },
    );
    expect(self.status).toBe(400);
    const revoked = await call('DELETE', url, 'root', { nicknames: ['bob'] });
    expect(revoked.body).toEqual({ is_moderator: false });
  });

  it('deactivates (ending sessions) and activates with the activation privilege only', async () => {
    const deactivate = '/api/v1/pleroma/admin/users/deactivate';
    expect((await call('PATCH', deactivate, 'mod', { nicknames: ['bob'] })).status).toBe(403);
    const done = await call('PATCH', deactivate, 'root', { nicknames: ['bob'] });
    expect(done.body!.users[0]).toMatchObject({ nickname: 'bob', is_active: false });
    expect((await call('GET', '/api/v1/accounts/verify_credentials', 'bob')).status).toBe(401);
    const view = await call('GET', `/api/v1/accounts/${ids.bob}`, 'alice');
    expect(view.body!.pleroma.deactivated).toBe(true);
    const back = await call('PATCH', '/api/v1/pleroma/admin/users/activate', 'root', {
      nicknames: ['bob'],
    });
    expect(back.body!.users[0].is_active).toBe(true);
    const missing = await call('PATCH', deactivate, 'root', {});
    expect(missing.status).toBe(400);
  });

  it('tags and untags users', async () => {
    const url = '/api/v1/pleroma/admin/users/tag';
    const body = { nicknames: ['bob'], tags: ['mrf_tag:sandbox'] };
    expect((await call('PUT', url, 'alice', body)).status).toBe(403);
    expect((await call('PUT', url, 'root', body)).status).toBe(204);
    let bob = await call('GET', `/api/v1/accounts/${ids.bob}`, 'alice');
    expect(bob.body!.pleroma.tags).toEqual(['mrf_tag:sandbox']);
    expect((await call('DELETE', url, 'root', body)).status).toBe(204);
    bob = await call('GET', `/api/v1/accounts/${ids.bob}`, 'alice');
    expect(bob.body!.pleroma.tags).toEqual([]);
  });

  it('deletes a user: their posts leave every timeline', async () => {
    await post(t.app, tokens.bob!, { status: 'a post by bob' });
    await call('POST', `/api/v1/accounts/${ids.bob}/follow`, 'alice');
    const url = `/api/v1/pleroma/admin/users?nicknames[]=bob`;
    expect((await call('DELETE', url, 'mod')).status).toBe(403);
    const deleted = await call('DELETE', url, 'root');
    expect(deleted.body).toEqual(['bob']);
    const pub = await call('GET', '/api/v1/timelines/public', 'alice');
    expect(pub.body!.some((s: Json) => s.account.id === ids.bob)).toBe(false);
    const rel = await call('GET', `/api/v1/accounts/relationships?id=${ids.bob}`, 'alice');
    expect(rel.body![0].following).toBe(false);
  });
});

describe('remote follow', () => {
  it('sends the posted form to the client screen, and refuses an empty one', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/main/ostatus',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'nickname=alice&profile=',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/main/ostatus?nickname=alice');
    const empty = await t.app.inject({
      method: 'POST',
      url: '/main/ostatus',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'profile=',
    });
    expect(empty.statusCode).toBe(400);
  });
});
