import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { composeStatus } from '../db/compose.ts';
import { addUser, bearer, makeTestApp, passwordToken, post, type TestApp } from './test-helpers.ts';

let t: TestApp;
let alice: string;
let bob: string;
let remote: string;
let tokens: Record<string, string>;

beforeEach(async () => {
  t = await makeTestApp();
  alice = addUser(t, 'alice');
  bob = addUser(t, 'bob');
  addUser(t, 'carol');
  remote = addUser(t, 'kestrel', { domain: 'elsewhere.example' });
  tokens = {};
  for (const name of ['alice', 'bob', 'carol']) tokens[name] = await passwordToken(t.app, name);
});
afterEach(async () => t.close());

type Status = { id: string; content: string; visibility: string };
const get = async (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? bearer(token) : {} });
const ids = (body: unknown) => (body as Status[]).map((s) => s.id);

describe('public timelines', () => {
  it('pages with limit, max_id, since_id and min_id, and forms the Link header as Mastodon does', async () => {
    const created: string[] = [];
    for (let i = 0; i < 7; i++)
      created.push((await post(t.app, tokens.alice!, { status: `post ${i}` })).id as string);
    const newestFirst = [...created].reverse();

    const first = await get('/api/v1/timelines/public?local=true&limit=3');
    expect(ids(first.json())).toEqual(newestFirst.slice(0, 3));
    expect(first.headers.link).toBe(
      `<http://127.0.0.1:4000/api/v1/timelines/public?local=true&limit=3&max_id=${newestFirst[2]}>; rel="next", ` +
        `<http://127.0.0.1:4000/api/v1/timelines/public?local=true&limit=3&min_id=${newestFirst[0]}>; rel="prev"`,
    );
    const second = await get(
      `/api/v1/timelines/public?local=true&limit=3&max_id=${newestFirst[2]}`,
    );
    expect(ids(second.json())).toEqual(newestFirst.slice(3, 6));
    expect(second.headers.link).toContain(`max_id=${newestFirst[5]}>; rel="next"`);
    expect(second.headers.link).not.toContain(`max_id=${newestFirst[2]}&`);

    // min_id: the page immediately newer than min_id, still newest first.
    const newer = await get(`/api/v1/timelines/public?limit=2&min_id=${created[1]}`);
    expect(ids(newer.json())).toEqual([created[3], created[2]]);
    // since_id: the newest page, down to (not including) since_id.
    const since = await get(`/api/v1/timelines/public?limit=2&since_id=${created[1]}`);
    expect(ids(since.json())).toEqual([created[6], created[5]]);

    const empty = await get(`/api/v1/timelines/public?max_id=${created[0]}`);
    expect(empty.json()).toEqual([]);
    expect(empty.headers.link).toBeUndefined();
  });

  it('keeps unlisted, private and direct posts off public timelines; local=true drops remote posts', async () => {
    await post(t.app, tokens.alice!, { status: 'pub' });
    await post(t.app, tokens.alice!, { status: 'unl', visibility: 'unlisted' });
    await post(t.app, tokens.alice!, { status: 'priv', visibility: 'private' });
    await post(t.app, tokens.alice!, { status: '@bob dm', visibility: 'direct' });
    composeStatus(
      t.ctx.db,
      { accountId: remote, text: 'from afar', visibility: 'public' },
      '127.0.0.1:4000',
    );
    const whole = (await get('/api/v1/timelines/public')).json() as Status[];
    expect(whole.map((s) => s.content)).toEqual(['from afar', 'pub']);
    const local = (await get('/api/v1/timelines/public?local=true')).json() as Status[];
    expect(local.map((s) => s.content)).toEqual(['pub']);
    expect(
      (whole[0] as unknown as { account: { acct: string }; pleroma: { local: boolean } }).account
        .acct,
    ).toBe('kestrel@elsewhere.example');
  });

  it('serves hashtag timelines (case-insensitive, local filter)', async () => {
    await post(t.app, tokens.alice!, { status: 'one #Birds' });
    await post(t.app, tokens.alice!, { status: 'two #other' });
    await post(t.app, tokens.alice!, { status: 'three #birds', visibility: 'unlisted' });
    composeStatus(
      t.ctx.db,
      { accountId: remote, text: 'remote #birds', visibility: 'public' },
      '127.0.0.1:4000',
    );
    const tagged = (await get('/api/v1/timelines/tag/BIRDS')).json() as Status[];
    expect(tagged).toHaveLength(2);
    const local = (await get('/api/v1/timelines/tag/birds?local=true')).json() as Status[];
    expect(local).toHaveLength(1);
  });

  it('answers bad parameters with 400 JSON, never 500', async () => {
    const bad = await get('/api/v1/timelines/public?limit=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'limit: Invalid integer. Got: abc' });
    expect((await get('/api/v1/timelines/public?local=perhaps')).statusCode).toBe(400);
    expect((await get('/api/v1/timelines/public?max_id=' + 'x'.repeat(100))).statusCode).toBe(400);
    const clamped = await get('/api/v1/timelines/public?limit=9999');
    expect(clamped.statusCode).toBe(200);
  });
});

describe('home and direct timelines', () => {
  it('shows own and followed statuses, backfills on follow and trims on unfollow, keeps mentions', async () => {
    const early = await post(t.app, tokens.bob!, { status: 'bob before follow' });
    const mention = await post(t.app, tokens.bob!, { status: 'hi @alice' });
    const own = await post(t.app, tokens.alice!, { status: 'alice herself' });
    expect(ids((await get('/api/v1/timelines/home', tokens.alice)).json())).toEqual([
      own.id,
      mention.id,
    ]);

    await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${bob}/follow`,
      headers: bearer(tokens.alice!),
    });
    const privatePost = await post(t.app, tokens.bob!, {
      status: 'followers only',
      visibility: 'private',
    });
    expect(ids((await get('/api/v1/timelines/home', tokens.alice)).json())).toEqual([
      privatePost.id,
      own.id,
      mention.id,
      early.id,
    ]);

    await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${bob}/unfollow`,
      headers: bearer(tokens.alice!),
    });
    expect(ids((await get('/api/v1/timelines/home', tokens.alice)).json())).toEqual([
      own.id,
      mention.id,
    ]);
    const carolHome = await get('/api/v1/timelines/home', tokens.carol);
    expect(carolHome.json()).toEqual([]);
    void alice;
  });

  it('pages the home timeline with a Link header', async () => {
    for (let i = 0; i < 5; i++) await post(t.app, tokens.alice!, { status: `p${i}` });
    const response = await get('/api/v1/timelines/home?limit=2', tokens.alice);
    const page = ids(response.json());
    expect(page).toHaveLength(2);
    expect(response.headers.link).toBe(
      `<http://127.0.0.1:4000/api/v1/timelines/home?limit=2&max_id=${page[1]}>; rel="next", <http://127.0.0.1:4000/api/v1/timelines/home?limit=2&min_id=${page[0]}>; rel="prev"`,
    );
  });

  it('lists direct statuses involving the viewer', async () => {
    const dm = await post(t.app, tokens.alice!, { status: '@bob psst', visibility: 'direct' });
    await post(t.app, tokens.alice!, { status: 'public' });
    expect(ids((await get('/api/v1/timelines/direct', tokens.bob)).json())).toEqual([dm.id]);
    expect(ids((await get('/api/v1/timelines/direct', tokens.alice)).json())).toEqual([dm.id]);
    expect((await get('/api/v1/timelines/direct', tokens.carol)).json()).toEqual([]);
  });
});
