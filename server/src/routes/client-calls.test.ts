import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
let alice: string;
let bob: string;

beforeAll(async () => {
  t = await makeTestApp();
  addUser(t, 'alice');
  addUser(t, 'bob');
  addUser(t, 'carol');
  addUser(t, 'remote', { domain: 'birds.example' });
  alice = await passwordToken(t.app, 'alice');
  bob = await passwordToken(t.app, 'bob');
});
afterAll(async () => t.close());

const get = async (url: string, token?: string) => {
  const response = await t.app.inject({ url, headers: token ? bearer(token) : {} });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
};
const send = async (method: 'POST' | 'DELETE', url: string, token: string, payload?: object) => {
  const response = await t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
  return { status: response.statusCode, body: response.json() };
};

describe('the Mastodon calls a third-party client makes', () => {
  it('describes the instance in v2 shape, with peers and weekly activity', async () => {
    const v2 = await get('/api/v2/instance');
    expect(v2.body).toMatchObject({
      domain: '127.0.0.1:4000',
      configuration: {
        urls: { streaming: 'ws://127.0.0.1:4000' },
        statuses: { max_characters: 5000 },
        polls: { max_options: 20 },
      },
      registrations: { enabled: true },
      usage: { users: { active_month: expect.any(Number) } },
    });
    expect((await get('/api/v1/instance/peers')).body).toEqual(['birds.example']);
    const activity = (await get('/api/v1/instance/activity')).body as Record<string, string>[];
    expect(activity).toHaveLength(12);
    expect(activity[0]).toEqual({
      week: expect.stringMatching(/^\d+$/),
      statuses: '0',
      logins: '0',
      registrations: expect.stringMatching(/^[1-9]\d*$/),
    });
  });

  it('tells an app about itself, without its secret', async () => {
    const client = await registerClient(t.app, 'read write');
    const token = await passwordToken(t.app, 'alice', { client, scope: 'read' });
    const verified = await get('/api/v1/apps/verify_credentials', token);
    expect(verified.body).toMatchObject({ name: 'Test client', scopes: ['read'] });
    expect(verified.body.client_secret).toBeUndefined();
    expect((await get('/api/v1/apps/verify_credentials')).status).toBe(401);
  });

  it('keeps read markers per timeline, counting versions', async () => {
    expect((await get('/api/v1/markers?timeline[]=home', alice)).body).toEqual({});
    const first = await send('POST', '/api/v1/markers', alice, { home: { last_read_id: '100' } });
    expect(first.body.home).toMatchObject({ last_read_id: '100', version: 0 });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/markers',
      headers: { ...bearer(alice), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'home[last_read_id]=200&notifications[last_read_id]=7',
    });
    expect(form.json()).toMatchObject({
      home: { last_read_id: '200', version: 1 },
      notifications: { last_read_id: '7', version: 0 },
    });
    const both = await get('/api/v1/markers?timeline[]=home&timeline[]=notifications', alice);
    expect(Object.keys(both.body).sort()).toEqual(['home', 'notifications']);
    expect((await get('/api/v1/markers', bob)).body).toEqual({});
    expect((await send('POST', '/api/v1/markers', alice, {})).status).toBe(422);
  });

  it('answers the posting preferences', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/update_credentials',
      headers: bearer(alice),
      payload: { source: { privacy: 'unlisted', sensitive: true } },
    });
    expect((await get('/api/v1/preferences', alice)).body).toMatchObject({
      'posting:default:visibility': 'unlisted',
      'posting:default:sensitive': true,
      'reading:expand:spoilers': false,
    });
  });

  it('lists direct conversations with their people, unread state, reading and hiding', async () => {
    const first = await post(t.app, alice, { status: '@bob a secret', visibility: 'direct' });
    await post(t.app, bob, {
      status: '@alice and back',
      visibility: 'direct',
      in_reply_to_id: first.id,
    });
    await post(t.app, alice, { status: '@carol another', visibility: 'direct' });
    await post(t.app, alice, { status: 'public, not a conversation' });
    const list = await get('/api/v1/conversations?limit=1', alice);
    expect(list.body).toHaveLength(1);
    expect(list.headers.link).toContain('max_id=');
    const all = (await get('/api/v1/conversations', alice)).body as {
      id: string;
      unread: boolean;
      accounts: { username: string }[];
      last_status: { content: string };
    }[];
    expect(all.map((c) => c.accounts.map((a) => a.username))).toEqual([['carol'], ['bob']]);
    expect(all[0]!.unread).toBe(false);
    expect(all[1]!.unread).toBe(true);
    expect(all[1]!.last_status.content).toContain('and back');
    const read = await send('POST', `/api/v1/conversations/${all[1]!.id}/read`, alice);
    expect(read.body.unread).toBe(false);
    expect((await send('DELETE', `/api/v1/conversations/${all[0]!.id}`, alice)).status).toBe(200);
    expect((await get('/api/v1/conversations', alice)).body).toHaveLength(1);
    expect((await get('/api/v1/conversations', bob)).body).toHaveLength(1);
    expect((await send('DELETE', `/api/v1/conversations/${all[0]!.id}`, bob)).status).toBe(404);
  });
});
