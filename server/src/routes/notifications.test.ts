import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../db/index.ts';
import { insertNotification } from '../db/notifications.ts';
import { addUser, bearer, makeTestApp, passwordToken, post, type TestApp } from './test-helpers.ts';

let t: TestApp;
let alice: string;
let bob: string;
let tokens: Record<string, string>;

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeEach(async () => {
  t = await makeTestApp();
  alice = addUser(t, 'alice');
  bob = addUser(t, 'bob');
  tokens = {};
  for (const name of ['alice', 'bob']) tokens[name] = await passwordToken(t.app, name);
});
afterEach(async () => t.close());

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, user = 'alice') {
  const response = await t.app.inject({ method, url, headers: bearer(tokens[user]!) });
  return { status: response.statusCode, body: response.body ? (response.json() as Json) : null };
}

async function bobInteracts(): Promise<void> {
  const mine = await post(t.app, tokens.alice!, { status: 'hello' });
  await post(t.app, tokens.bob!, { status: 'hi @alice' });
  await call('POST', `/api/v1/statuses/${mine.id}/favourite`, 'bob');
  await call('POST', `/api/v1/statuses/${mine.id}/reblog`, 'bob');
}

describe('notifications', () => {
  it('filters by types and exclude_types, accepting the client-side type names', async () => {
    await bobInteracts();
    const all = await call('GET', '/api/v1/notifications');
    expect(all.body.map((n: Json) => n.type)).toEqual(['reblog', 'favourite', 'mention']);
    const only = await call(
      'GET',
      '/api/v1/notifications?include_types[]=like&include_types[]=mention',
    );
    expect(only.body.map((n: Json) => n.type)).toEqual(['favourite', 'mention']);
    const without = await call('GET', '/api/v1/notifications?exclude_types[]=reblog');
    expect(without.body.map((n: Json) => n.type)).toEqual(['favourite', 'mention']);
  });

  it('counts unread ones, and marks read by id and by max_id', async () => {
    await bobInteracts();
    expect((await call('GET', '/api/v1/notifications/unread_count')).body).toEqual({ count: 3 });
    const [newest, middle] = (await call('GET', '/api/v1/notifications')).body;
    const one = await call('POST', `/api/v1/pleroma/notifications/read?id=${middle.id}`);
    expect(one.body.pleroma.is_seen).toBe(true);
    expect((await call('GET', '/api/v1/notifications/unread_count')).body).toEqual({ count: 2 });
    const all = await call('POST', `/api/v1/pleroma/notifications/read?max_id=${newest.id}`);
    expect(all.body).toHaveLength(3);
    expect((await call('GET', '/api/v1/notifications/unread_count')).body).toEqual({ count: 0 });
  });

  it('dismisses one and destroys several, only the owner’s', async () => {
    await bobInteracts();
    const [a, b, c] = (await call('GET', '/api/v1/notifications')).body;
    expect((await call('POST', `/api/v1/notifications/${a.id}/dismiss`, 'bob')).status).toBe(404);
    expect((await call('POST', `/api/v1/notifications/${a.id}/dismiss`)).status).toBe(200);
    const destroyed = await call(
      'DELETE',
      `/api/v1/notifications/destroy_multiple?ids[]=${b.id}&ids[]=${c.id}`,
    );
    expect(destroyed).toEqual({ status: 200, body: {} });
    expect((await call('GET', '/api/v1/notifications')).body).toEqual([]);
    const empty = await call('DELETE', '/api/v1/notifications/destroy_multiple');
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBeTruthy();
  });

  it('tells the author and the voters once when a poll ends', async () => {
    const poll: Json = await post(t.app, tokens.alice!, {
      status: 'which?',
      poll: { options: ['a', 'b'], expires_in: 300 },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/polls/${poll.poll.id}/votes`,
      headers: bearer(tokens.bob!),
      payload: { choices: [1] },
    });
    sql(t.ctx.db, 'UPDATE polls SET expires_at = ? WHERE id = ?').run(
      new Date(Date.now() - 1000).toISOString(),
      poll.poll.id,
    );
    for (const user of ['alice', 'bob']) {
      const list = (await call('GET', '/api/v1/notifications?types[]=poll', user)).body;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ type: 'poll', status: { id: poll.id } });
    }
    expect((await call('GET', '/api/v1/notifications?types[]=poll')).body).toHaveLength(1);
  });

  it('renders a move with its target account', async () => {
    const carol = addUser(t, 'carol');
    insertNotification(t.ctx.db, { accountId: alice, type: 'move', fromId: bob, targetId: carol });
    const [move] = (await call('GET', '/api/v1/notifications')).body;
    expect(move).toMatchObject({ type: 'move', account: { id: bob }, target: { id: carol } });
  });
});
