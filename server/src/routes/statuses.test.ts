import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StreamMessage } from '../events.ts';
import { sql } from '../db/index.ts';
import { addUser, bearer, makeTestApp, passwordToken, post, type TestApp } from './test-helpers.ts';

let t: TestApp;
let alice: string;
let bob: string;
let carol: string;
let mo: string;
let tokens: Record<string, string>;

beforeEach(async () => {
  t = await makeTestApp();
  alice = addUser(t, 'alice');
  bob = addUser(t, 'bob');
  carol = addUser(t, 'carol');
  mo = addUser(t, 'mo', { isModerator: true });
  addUser(t, 'kestrel', { domain: 'elsewhere.example' });
  sql(
    t.ctx.db,
    "INSERT INTO custom_emojis (shortcode, file_name) VALUES ('starling', 'starling.png')",
  ).run();
  tokens = {};
  for (const name of ['alice', 'bob', 'carol', 'mo'])
    tokens[name] = await passwordToken(t.app, name);
  // bob follows alice; carol is a stranger.
  const follow = await t.app.inject({
    method: 'POST',
    url: `/api/v1/accounts/${alice}/follow`,
    headers: bearer(tokens.bob!),
  });
  expect(follow.json().following).toBe(true);
});
afterEach(async () => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? bearer(token) : {} });

describe('posting', () => {
  it('formats plain text: escapes HTML, links mentions, hashtags and URLs, lists emoji', async () => {
    const status = await post(t.app, tokens.alice!, {
      status:
        '<b>Hi</b> @bob and @kestrel@elsewhere.example & @nobody\nsee #Birds https://example.org/x. :starling: :unknown:',
      spoiler_text: 'birds',
    });
    const content = status.content as string;
    expect(content).toContain('&lt;b&gt;Hi&lt;/b&gt;');
    expect(content).toContain(
      `<span class="h-card"><a class="u-url mention" data-user="${bob}" href="http://127.0.0.1:4000/users/bob" rel="ugc">@<span>bob</span></a></span>`,
    );
    expect(content).toContain('href="https://elsewhere.example/users/kestrel"');
    expect(content).toContain('&amp; @nobody<br/>');
    expect(content).toContain(
      '<a class="hashtag" data-tag="birds" href="http://127.0.0.1:4000/tag/birds" rel="tag ugc">#Birds</a>',
    );
    expect(content).toContain(
      '<a href="https://example.org/x" rel="ugc">https://example.org/x</a>.',
    );
    expect(status.mentions).toEqual([
      { id: bob, username: 'bob', acct: 'bob', url: 'http://127.0.0.1:4000/users/bob' },
      expect.objectContaining({ acct: 'kestrel@elsewhere.example', username: 'kestrel' }),
    ]);
    expect(status.tags).toEqual([{ name: 'birds', url: 'http://127.0.0.1:4000/tag/birds' }]);
    expect(status.emojis).toEqual([
      expect.objectContaining({
        shortcode: 'starling',
        url: 'http://127.0.0.1:4000/emoji/custom/starling.png',
      }),
    ]);
    expect(status).toMatchObject({
      visibility: 'public',
      spoiler_text: 'birds',
      sensitive: false,
      text: null,
      application: { name: 'Test client', website: 'https://client.example' },
      pleroma: {
        local: true,
        content: { 'text/plain': expect.stringContaining('<b>Hi</b>') },
        spoiler_text: { 'text/plain': 'birds' },
      },
    });
    expect(status.id).toMatch(/^[0-9A-Za-z]{18}$/);
  });

  it('notifies mentioned accounts and publishes stream events with the right streams', async () => {
    const messages: StreamMessage[] = [];
    t.ctx.events.on('stream', (m) => messages.push(m));
    const status = await post(t.app, tokens.alice!, { status: 'hey @carol #News' });
    const update = messages.find((m) => m.event === 'update')!;
    expect(update.streams.sort()).toEqual(
      [
        'public',
        'public:local',
        'hashtag:news',
        'hashtag:local:news',
        `user:${alice}`,
        `user:${bob}`,
        `user:${carol}`,
      ].sort(),
    );
    expect((update.render(null) as { id: string }).id).toBe(status.id);
    const notification = messages.find((m) => m.event === 'notification')!;
    expect(notification.streams).toEqual([`user:${carol}`]);
    expect(notification.render(bob)).toBeNull();
    expect(notification.render(carol)).toMatchObject({
      type: 'mention',
      account: { id: alice },
      status: { id: status.id },
    });

    const list = await get('/api/v1/notifications', tokens.carol);
    expect(list.json()).toEqual([
      expect.objectContaining({ type: 'mention', pleroma: { is_seen: false, is_muted: false } }),
    ]);
  });

  it('streams a direct status only to its participants', async () => {
    const messages: StreamMessage[] = [];
    t.ctx.events.on('stream', (m) => messages.push(m));
    await post(t.app, tokens.alice!, { status: '@carol secret', visibility: 'direct' });
    const update = messages.find((m) => m.event === 'update')!;
    expect(update.streams.sort()).toEqual(
      [`direct:${alice}`, `direct:${carol}`, `user:${alice}`, `user:${carol}`].sort(),
    );
    expect(update.render(bob)).toBeNull();
    expect(update.render(null)).toBeNull();
    expect(update.render(carol)).not.toBeNull();
  });

  it('uses the default visibility of the account and honours Idempotency-Key', async () => {
    sql(t.ctx.db, "UPDATE accounts SET default_scope = 'unlisted' WHERE id = ?").run(alice);
    const headers = { ...bearer(tokens.alice!), 'idempotency-key': 'abc' };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers,
      payload: { status: 'once' },
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers,
      payload: { status: 'once' },
    });
    expect(first.json().visibility).toBe('unlisted');
    expect(second.json().id).toBe(first.json().id);
  });

  it('answers bad input with 4xx JSON and writes nothing', async () => {
    const cases = [
      { payload: {}, status: 422, error: 'Cannot post an empty status without attachments' },
      {
        payload: { status: '   ' },
        status: 422,
        error: 'Cannot post an empty status without attachments',
      },
      {
        payload: { status: 'x'.repeat(5001) },
        status: 422,
        error: 'The status is over the character limit',
      },
      {
        payload: { status: 'x', visibility: 'everyone' },
        status: 422,
        error: 'Invalid visibility: everyone',
      },
      {
        payload: { status: 'x', in_reply_to_id: 'nope' },
        status: 422,
        error: 'The post being replied to was deleted',
      },
      { payload: { status: 'x', sensitive: 'maybe' }, status: 400 },
    ];
    for (const c of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/statuses',
        headers: bearer(tokens.alice!),
        payload: c.payload,
      });
      expect(response.statusCode, JSON.stringify(c.payload)).toBe(c.status);
      if (c.error) expect(response.json()).toEqual({ error: c.error });
      else expect(typeof response.json().error).toBe('string');
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: { ...bearer(tokens.alice!), 'content-type': 'application/json' },
      payload: '{"status": "oops',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'Invalid JSON body' });
    expect((sql(t.ctx.db, 'SELECT count(*) AS n FROM statuses').get() as { n: number }).n).toBe(0);
  });

  it('accepts form-encoded posts', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: { ...bearer(tokens.alice!), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=from+a+form&visibility=private&sensitive=true',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      content: 'from a form',
      visibility: 'private',
      sensitive: true,
    });
  });
});

describe('visibility', () => {
  it('shows a private status to the author, followers and mentioned accounts only', async () => {
    const status = await post(t.app, tokens.alice!, {
      status: 'followers only',
      visibility: 'private',
    });
    expect((await get(`/api/v1/statuses/${status.id}`, tokens.alice)).statusCode).toBe(200);
    expect((await get(`/api/v1/statuses/${status.id}`, tokens.bob)).statusCode).toBe(200);
    const stranger = await get(`/api/v1/statuses/${status.id}`, tokens.carol);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: 'Record not found' });
    expect((await get(`/api/v1/statuses/${status.id}`)).statusCode).toBe(404);
    const mentioning = await post(t.app, tokens.alice!, {
      status: 'psst @carol',
      visibility: 'private',
    });
    expect((await get(`/api/v1/statuses/${mentioning.id}`, tokens.carol)).statusCode).toBe(200);
  });

  it('shows a direct status to participants only, not to followers', async () => {
    const status = await post(t.app, tokens.alice!, {
      status: '@carol just us',
      visibility: 'direct',
    });
    expect((await get(`/api/v1/statuses/${status.id}`, tokens.carol)).statusCode).toBe(200);
    expect((await get(`/api/v1/statuses/${status.id}`, tokens.bob)).statusCode).toBe(404);
  });

  it('refuses to reply to a status the author cannot see', async () => {
    const hidden = await post(t.app, tokens.alice!, { status: 'private', visibility: 'private' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: bearer(tokens.carol!),
      payload: { status: 'reply', in_reply_to_id: hidden.id },
    });
    expect(response.statusCode).toBe(422);
  });

  it('filters account statuses by visibility', async () => {
    await post(t.app, tokens.alice!, { status: 'one', visibility: 'public' });
    await post(t.app, tokens.alice!, { status: 'two', visibility: 'private' });
    await post(t.app, tokens.alice!, { status: '@bob three', visibility: 'direct' });
    const texts = async (token?: string) =>
      (
        (await get(`/api/v1/accounts/${alice}/statuses`, token)).json() as { content: string }[]
      ).map((s) => s.content.replace(/<[^>]+>/g, ''));
    expect(await texts()).toEqual(['one']);
    expect(await texts(tokens.carol)).toEqual(['one']);
    expect(await texts(tokens.bob)).toEqual(['@bob three', 'two', 'one']);
    expect(await texts(tokens.alice)).toEqual(['@bob three', 'two', 'one']);
  });
});

describe('deleting', () => {
  it('lets the owner delete and answers with the source text', async () => {
    const messages: StreamMessage[] = [];
    t.ctx.events.on('stream', (m) => messages.push(m));
    const status = await post(t.app, tokens.alice!, { status: 'bye #gone' });
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/statuses/${status.id}`,
      headers: bearer(tokens.alice!),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: status.id, text: 'bye #gone' });
    expect((await get(`/api/v1/statuses/${status.id}`, tokens.alice)).statusCode).toBe(404);
    const deletion = messages.find((m) => m.event === 'delete')!;
    expect(deletion.streams).toEqual(
      expect.arrayContaining([
        'public',
        'public:local',
        'hashtag:gone',
        `user:${alice}`,
        `user:${bob}`,
      ]),
    );
    expect(deletion.render(null)).toBe(status.id);
    const me = (await get('/api/v1/accounts/verify_credentials', tokens.alice)).json();
    expect(me.statuses_count).toBe(0);
  });

  it("refuses to delete someone else's status, unless moderator", async () => {
    const status = await post(t.app, tokens.alice!, { status: 'mine' });
    const other = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/statuses/${status.id}`,
      headers: bearer(tokens.bob!),
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: "Can't delete this post" });
    const mod = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/statuses/${status.id}`,
      headers: bearer(tokens.mo!),
    });
    expect(mod.statusCode).toBe(200);
    void mo;
  });

  it('answers 404 for unknown ids', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/statuses/0000nope',
      headers: bearer(tokens.alice!),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Record not found' });
  });
});

describe('context', () => {
  it('returns ancestors and descendants the viewer may see, in thread order', async () => {
    const root = await post(t.app, tokens.alice!, { status: 'root' });
    const a = await post(t.app, tokens.bob!, { status: 'a', in_reply_to_id: root.id });
    const b = await post(t.app, tokens.alice!, { status: 'b', in_reply_to_id: a.id });
    const c = await post(t.app, tokens.carol!, { status: 'c', in_reply_to_id: root.id });
    const hidden = await post(t.app, tokens.alice!, {
      status: 'hidden',
      in_reply_to_id: b.id,
      visibility: 'private',
    });
    expect(a.in_reply_to_account_id).toBe(alice);
    expect((a.mentions as { id: string }[]).map((m) => m.id)).toEqual([alice]);
    expect(a.pleroma).toMatchObject({
      in_reply_to_account_acct: 'alice',
      parent_visible: true,
      conversation_id: (root.pleroma as { conversation_id: number }).conversation_id,
    });

    const ids = (list: { id: string }[]) => list.map((s) => s.id);
    const asCarol = (await get(`/api/v1/statuses/${b.id}/context`, tokens.carol)).json();
    expect(ids(asCarol.ancestors)).toEqual([root.id, a.id]);
    expect(ids(asCarol.descendants)).toEqual([]);
    const rootAsBob = (await get(`/api/v1/statuses/${root.id}/context`, tokens.bob)).json();
    expect(ids(rootAsBob.descendants)).toEqual([a.id, b.id, hidden.id, c.id]);
    const rootAsCarol = (await get(`/api/v1/statuses/${root.id}/context`, tokens.carol)).json();
    expect(ids(rootAsCarol.descendants)).toEqual([a.id, b.id, c.id]);
    const rendered = (await get(`/api/v1/statuses/${root.id}`)).json();
    expect(rendered.replies_count).toBe(2);
  });
});
