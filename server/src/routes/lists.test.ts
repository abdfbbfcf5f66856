import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StreamMessage } from '../events.ts';
import { addUser, bearer, makeTestApp, passwordToken, post, type TestApp } from './test-helpers.ts';

let t: TestApp;
let alice: string;
let bob: string;
let carol: string;
let tokens: Record<string, string>;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeEach(async () => {
  t = await makeTestApp();
  alice = addUser(t, 'alice');
  bob = addUser(t, 'bob');
  carol = addUser(t, 'carol');
  tokens = {};
  for (const name of ['alice', 'bob', 'carol']) tokens[name] = await passwordToken(t.app, name);
  await t.app.inject({
    method: 'POST',
    url: `/api/v1/accounts/${bob}/follow`,
    headers: bearer(tokens.alice!),
  });
});
afterEach(async () => t.close());

const call = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user?: string,
  payload?: Json,
) => {
  const response = await t.app.inject({
    method,
    url,
    headers: user ? bearer(tokens[user]!) : {},
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Json, headers: response.headers };
};

describe('lists', () => {
  it('creates, renames, lists and deletes lists; only the owner sees them', async () => {
    const created = await call('POST', '/api/v1/lists', 'alice', { title: 'Friends' });
    expect(created.body).toEqual({ id: expect.any(String), title: 'Friends' });
    const id = created.body.id as string;
    expect((await call('GET', '/api/v1/lists', 'alice')).body).toEqual([created.body]);
    expect((await call('GET', `/api/v1/lists/${id}`, 'alice')).body.title).toBe('Friends');
    expect((await call('GET', `/api/v1/lists/${id}`, 'bob')).status).toBe(404);
    expect((await call('PUT', `/api/v1/lists/${id}`, 'bob', { title: 'x' })).status).toBe(404);
    const renamed = await call('PUT', `/api/v1/lists/${id}`, 'alice', { title: 'Birders' });
    expect(renamed.body).toEqual({ id, title: 'Birders' });
    expect((await call('POST', '/api/v1/lists', 'alice', { title: '  ' })).status).toBe(422);
    const readOnly = await passwordToken(t.app, 'alice', { scope: 'read:lists' });
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/lists',
      headers: bearer(readOnly),
      payload: { title: 'nope' },
    });
    expect(denied.statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/lists/${id}`, 'alice')).body).toEqual({});
    expect((await call('GET', '/api/v1/lists', 'alice')).body).toEqual([]);
  });

  it('adds only followed accounts, serves the list timeline with Link pagination and streams', async () => {
    const id = (await call('POST', '/api/v1/lists', 'alice', { title: 'L' })).body.id as string;
    const refused = await call('POST', `/api/v1/lists/${id}/accounts`, 'alice', {
      account_ids: [carol],
    });
    expect(refused).toMatchObject({
      status: 422,
      body: { error: 'Validation failed: Account has not been followed' },
    });
    expect(
      (await call('POST', `/api/v1/lists/${id}/accounts`, 'alice', { account_ids: [bob] })).body,
    ).toEqual({});
    const members = await call('GET', `/api/v1/lists/${id}/accounts`, 'alice');
    expect(members.body.map((a: Json) => a.id)).toEqual([bob]);
    const lists = await call('GET', `/api/v1/accounts/${bob}/lists`, 'alice');
    expect(lists.body).toEqual([{ id, title: 'L' }]);
    expect((await call('GET', `/api/v1/accounts/${bob}/lists`, 'bob')).body).toEqual([]);

    const messages: StreamMessage[] = [];
    t.ctx.events.on('stream', (m) => messages.push(m));
    const posted: string[] = [];
    for (let i = 0; i < 3; i++)
      posted.push((await post(t.app, tokens.bob!, { status: `p${i}` })).id as string);
    await post(t.app, tokens.carol!, { status: 'not in the list' });
    await post(t.app, tokens.alice!, { status: 'not in the list either' });
    expect(messages.filter((m) => m.streams.includes(`list:${id}`))).toHaveLength(3);
    const first = await call('GET', `/api/v1/timelines/list/${id}?limit=2`, 'alice');
    expect(first.body.map((s: Json) => s.id)).toEqual([posted[2], posted[1]]);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link as string)![1]!;
    const rest = await call('GET', next.replace('http://127.0.0.1:4000', ''), 'alice');
    expect(rest.body.map((s: Json) => s.id)).toEqual([posted[0]]);
    expect((await call('GET', `/api/v1/timelines/list/${id}`, 'bob')).status).toBe(404);

    const removed = await call(
      'DELETE',
      `/api/v1/lists/${id}/accounts?account_ids[]=${bob}`,
      'alice',
    );
    expect(removed.body).toEqual({});
    expect((await call('GET', `/api/v1/lists/${id}/accounts`, 'alice')).body).toEqual([]);
  });

  it('drops an unfollowed account from the lists, as Mastodon does', async () => {
    const id = (await call('POST', '/api/v1/lists', 'alice', { title: 'L' })).body.id as string;
    await call('POST', `/api/v1/lists/${id}/accounts`, 'alice', { account_ids: [bob] });
    await call('POST', `/api/v1/accounts/${bob}/unfollow`, 'alice');
    expect((await call('GET', `/api/v1/lists/${id}/accounts`, 'alice')).body).toEqual([]);
    expect(alice).toBeTruthy();
  });
});
