import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { follow as insertFollow } from '../db/follows.ts';
import { composeStatus } from '../db/compose.ts';
import { migrate, sql } from '../db/index.ts';
import { addUser, bearer, makeTestApp, passwordToken, post, type TestApp } from './test-helpers.ts';

/**
 * A block holds: carol blocks dave, and dave tries every way back in. erin is a bystander;
 * kestrel lives on a domain carol may block.
 */

let t: TestApp;
let carol: string;
let dave: string;
let erin: string;
let kestrel: string;
let tokens: Record<string, string>;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

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
  return { status: response.statusCode, body: response.json() as Json };
};
const ids = (body: Json) => (body as Json[]).map((s) => s.id as string);

beforeEach(async () => {
  t = await makeTestApp();
  carol = addUser(t, 'carol');
  dave = addUser(t, 'dave');
  erin = addUser(t, 'erin');
  kestrel = addUser(t, 'kestrel', { domain: 'elsewhere.example' });
  tokens = {};
  for (const name of ['carol', 'dave', 'erin']) tokens[name] = await passwordToken(t.app, name);
});
afterEach(async () => t.close());

const block = async () => {
  const blocked = await call('POST', `/api/v1/accounts/${dave}/block`, 'carol');
  expect(blocked.body).toMatchObject({ blocking: true });
};

/** A 403 naming the blocker, as Pleroma answers a blocked follow. */
const expectRefusedByBlock = (answer: { status: number; body: Json }) => {
  expect(answer.status).toBe(403);
  expect(answer.body.error).toMatch(/carol blocked you/);
};

describe('following across a block', () => {
  it('refuses a follow from the blocked account and keeps him out of her followers', async () => {
    expect((await call('POST', `/api/v1/accounts/${carol}/follow`, 'dave')).status).toBe(200);
    expect((await call('POST', `/api/v1/accounts/${dave}/follow`, 'carol')).status).toBe(200);
    await block();
    // The block ended both follows.
    expect(ids((await call('GET', `/api/v1/accounts/${carol}/followers`)).body)).toEqual([]);
    expect(ids((await call('GET', `/api/v1/accounts/${carol}/following`)).body)).toEqual([]);

    const again = await call('POST', `/api/v1/accounts/${carol}/follow`, 'dave');
    expectRefusedByBlock(again);
    expect(again.body.error).toBe('Could not follow user: carol blocked you.');
    const [relationship] = (await call('GET', `/api/v1/accounts/relationships?id=${carol}`, 'dave'))
      .body as Json[];
    expect(relationship).toMatchObject({ following: false, requested: false, blocked_by: true });
    expect(ids((await call('GET', `/api/v1/accounts/${carol}/followers`)).body)).toEqual([]);
    expect(
      (await call('GET', '/api/v1/notifications', 'carol')).body.filter(
        (n: Json) => n.account.id === dave,
      ),
    ).toEqual([]);
  });

  it('drops a pending request on block and takes no new one from the blocked account', async () => {
    sql(t.ctx.db, 'UPDATE accounts SET locked = 1 WHERE id = ?').run(carol);
    const asked = await call('POST', `/api/v1/accounts/${carol}/follow`, 'dave');
    expect(asked.body).toMatchObject({ requested: true });
    await block();
    expect((await call('GET', '/api/v1/follow_requests', 'carol')).body).toEqual([]);
    expectRefusedByBlock(await call('POST', `/api/v1/accounts/${carol}/follow`, 'dave'));
    expect((await call('GET', '/api/v1/follow_requests', 'carol')).body).toEqual([]);
    expect((await call('POST', `/api/v1/follow_requests/${dave}/authorize`, 'carol')).status).toBe(
      404,
    );
  });

  it('refuses the blocker following the account she blocks, as Mastodon does', async () => {
    await block();
    const follow = await call('POST', `/api/v1/accounts/${dave}/follow`, 'carol');
    expect(follow.status).toBe(403);
    expect(follow.body.error).toBe('Could not follow user: you blocked dave.');
    expect(ids((await call('GET', `/api/v1/accounts/${dave}/followers`)).body)).toEqual([]);
  });

  it('ends follows both ways with a blocked domain and refuses following there', async () => {
    expect((await call('POST', `/api/v1/accounts/${kestrel}/follow`, 'carol')).status).toBe(200);
    insertFollow(t.ctx.db, kestrel, carol); // a remote follower, as federation would add
    await call('POST', '/api/v1/domain_blocks', 'carol', { domain: 'elsewhere.example' });
    expect(ids((await call('GET', `/api/v1/accounts/${carol}/followers`)).body)).toEqual([]);
    expect(ids((await call('GET', `/api/v1/accounts/${carol}/following`)).body)).toEqual([]);
    const follow = await call('POST', `/api/v1/accounts/${kestrel}/follow`, 'carol');
    expect(follow.status).toBe(403);
    expect(follow.body.error).toBe('Could not follow user: you blocked elsewhere.example.');
  });

  it('does not let a follow import get round the block', async () => {
    await block();
    const imported = await call('POST', '/api/pleroma/follow_import', 'dave', {
      list: 'carol\nerin',
    });
    expect(imported.body).toMatchObject({ imported: 1 });
    expect(ids((await call('GET', `/api/v1/accounts/${carol}/followers`)).body)).toEqual([]);
    expect(ids((await call('GET', `/api/v1/accounts/${erin}/followers`)).body)).toEqual([dave]);
  });
});

describe("reading the blocker's private posts", () => {
  it('keeps her followers-only posts from him through status, context, timelines and lists', async () => {
    expect((await call('POST', `/api/v1/accounts/${carol}/follow`, 'dave')).status).toBe(200);
    const before = await post(t.app, tokens.carol!, {
      status: 'for followers, before',
      visibility: 'private',
    });
    await block();
    await call('POST', `/api/v1/accounts/${carol}/follow`, 'dave');
    const opener = await post(t.app, tokens.carol!, { status: 'public opener' });
    const secret = await post(t.app, tokens.carol!, {
      status: 'for followers only',
      visibility: 'private',
      in_reply_to_id: opener.id,
    });
    for (const id of [before.id, secret.id]) {
      expect((await call('GET', `/api/v1/statuses/${id}`, 'dave')).status).toBe(404);
    }
    const context = await call('GET', `/api/v1/statuses/${opener.id}/context`, 'dave');
    expect(ids(context.body.descendants)).toEqual([]);
    const home = ids((await call('GET', '/api/v1/timelines/home', 'dave')).body);
    expect(home).not.toContain(secret.id);
    expect(home).not.toContain(before.id);
    const profile = ids((await call('GET', `/api/v1/accounts/${carol}/statuses`, 'dave')).body);
    expect(profile).toEqual([opener.id]);
    // Lists take only followed accounts: carol cannot be put in one.
    const list = await call('POST', '/api/v1/lists', 'dave', { title: 'people' });
    const added = await call('POST', `/api/v1/lists/${list.body.id}/accounts`, 'dave', {
      account_ids: [carol],
    });
    expect(added.status).toBe(422);
  });
});

describe('follows taken across a block before it held', () => {
  it('end when the instance is upgraded, with the private posts they let through', async () => {
    await block();
    const secret = await post(t.app, tokens.carol!, {
      status: 'for followers only',
      visibility: 'private',
    });
    // As the old server let it happen: dave followed carol after her block.
    insertFollow(t.ctx.db, dave, carol);
    expect((await call('GET', `/api/v1/statuses/${secret.id}`, 'dave')).status).toBe(200);
    sql(t.ctx.db, 'DELETE FROM schema_migrations WHERE version = 194').run();
    migrate(t.ctx.db);
    expect((await call('GET', `/api/v1/statuses/${secret.id}`, 'dave')).status).toBe(404);
    expect(ids((await call('GET', '/api/v1/timelines/home', 'dave')).body)).not.toContain(
      secret.id,
    );
    expect(ids((await call('GET', `/api/v1/accounts/${carol}/followers`)).body)).toEqual([]);
  });
});

describe("acting on the blocker's posts", () => {
  let opener: Json;
  beforeEach(async () => {
    opener = await post(t.app, tokens.carol!, { status: 'public post by carol' });
    await block();
  });

  it('refuses a favourite, and carol hears nothing', async () => {
    expectRefusedByBlock(await call('POST', `/api/v1/statuses/${opener.id}/favourite`, 'dave'));
    const status = await call('GET', `/api/v1/statuses/${opener.id}`, 'carol');
    expect(status.body.favourites_count).toBe(0);
  });

  it("refuses a repeat, also through someone else's repeat", async () => {
    expectRefusedByBlock(await call('POST', `/api/v1/statuses/${opener.id}/reblog`, 'dave'));
    const erinsRepeat = await call('POST', `/api/v1/statuses/${opener.id}/reblog`, 'erin');
    expect(erinsRepeat.status).toBe(200);
    expectRefusedByBlock(
      await call('POST', `/api/v1/statuses/${erinsRepeat.body.id}/reblog`, 'dave'),
    );
    const status = await call('GET', `/api/v1/statuses/${opener.id}`, 'carol');
    expect(status.body.reblogs_count).toBe(1);
  });

  it('refuses an emoji reaction by either route', async () => {
    const heart = encodeURIComponent('❤️');
    expectRefusedByBlock(
      await call('PUT', `/api/v1/pleroma/statuses/${opener.id}/reactions/${heart}`, 'dave'),
    );
    expectRefusedByBlock(
      await call('PUT', `/api/v1/statuses/${opener.id}/emoji_reactions/${heart}`, 'dave'),
    );
    expect((await call('GET', `/api/v1/pleroma/statuses/${opener.id}/reactions`)).body).toEqual([]);
  });

  it('refuses a reply', async () => {
    const reply = await call('POST', '/api/v1/statuses', 'dave', {
      status: 'replying anyway',
      in_reply_to_id: opener.id,
    });
    expectRefusedByBlock(reply);
    const context = await call('GET', `/api/v1/statuses/${opener.id}/context`);
    expect(context.body.descendants).toEqual([]);
  });

  it('refuses a vote in her poll', async () => {
    await call('POST', `/api/v1/accounts/${dave}/unblock`, 'carol');
    const poll = await post(t.app, tokens.carol!, {
      status: 'Which?',
      poll: { options: ['one', 'two'], expires_in: 3600 },
    });
    await block();
    const pollId = (poll.poll as Json).id as string;
    expectRefusedByBlock(
      await call('POST', `/api/v1/polls/${pollId}/votes`, 'dave', { choices: [0] }),
    );
    expect((await call('GET', `/api/v1/polls/${pollId}`)).body.votes_count).toBe(0);
  });

  it('lets the blocked account act again once unblocked', async () => {
    await call('POST', `/api/v1/accounts/${dave}/unblock`, 'carol');
    expect((await call('POST', `/api/v1/statuses/${opener.id}/favourite`, 'dave')).status).toBe(
      200,
    );
    expect((await call('POST', `/api/v1/accounts/${carol}/follow`, 'dave')).status).toBe(200);
  });
});

describe('reaching the blocker by mention or direct message', () => {
  beforeEach(block);

  it('makes no notification for a mention, a direct message or a reply mentioning her', async () => {
    const erinsPost = await post(t.app, tokens.erin!, { status: 'hello @carol' });
    await post(t.app, tokens.dave!, { status: 'hey @carol' });
    await post(t.app, tokens.dave!, { status: '@carol psst', visibility: 'direct' });
    await post(t.app, tokens.dave!, { status: '@erin @carol hi', in_reply_to_id: erinsPost.id });
    const notifications = (await call('GET', '/api/v1/notifications', 'carol')).body as Json[];
    expect(notifications.map((n) => n.account.id)).toEqual([erin]);
    expect(
      sql(
        t.ctx.db,
        'SELECT count(*) AS n FROM notifications WHERE account_id = ? AND from_account_id = ?',
      ).get(carol, dave),
    ).toEqual({ n: 0 });
  });

  it('makes no notification from an account on a domain she blocks, old or new', async () => {
    const byKestrel = (text: string) =>
      composeStatus(t.ctx.db, { accountId: kestrel, text, visibility: 'public' }, '127.0.0.1:4000');
    const before = byKestrel('@carol before the domain block');
    expect(before.notifications).toHaveLength(1);
    await call('POST', '/api/v1/domain_blocks', 'carol', { domain: 'elsewhere.example' });
    expect(byKestrel('@carol after the domain block').notifications).toEqual([]);
    expect((await call('GET', '/api/v1/notifications', 'carol')).body).toEqual([]);
    expect((await call('GET', '/api/v1/notifications/unread_count', 'carol')).body).toEqual({
      count: 0,
    });
  });

  it('keeps his direct messages out of her direct timeline and conversations', async () => {
    const fromErin = await post(t.app, tokens.erin!, {
      status: '@carol from erin',
      visibility: 'direct',
    });
    await post(t.app, tokens.dave!, { status: '@carol psst', visibility: 'direct' });
    const direct = await call('GET', '/api/v1/timelines/direct', 'carol');
    expect(ids(direct.body)).toEqual([fromErin.id]);
    const conversations = (await call('GET', '/api/v1/conversations', 'carol')).body as Json[];
    expect(conversations.map((c) => c.last_status.id)).toEqual([fromErin.id]);
  });
});
