import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../db/index.ts';
import {
  addUser,
  bearer,
  makeTestApp,
  passwordToken,
  post,
  TEST_ORIGIN,
  type TestApp,
} from './test-helpers.ts';

let t: TestApp;
let ids: Record<string, string>;
let tokens: Record<string, string>;

beforeEach(async () => {
  t = await makeTestApp();
  ids = {
    alice: addUser(t, 'alice', { displayName: 'Alice Liddell' }),
    bob: addUser(t, 'bob', { displayName: 'Bob Alison' }),
    malice: addUser(t, 'malice', { displayName: 'Mal' }),
    carol: addUser(t, 'carol', { displayName: 'Carol' }),
    alrem: addUser(t, 'al', { domain: 'elsewhere.example', displayName: 'Remote Al' }),
    gone: addUser(t, 'alicia', { displayName: 'Gone' }),
  };
  sql(t.ctx.db, 'UPDATE accounts SET deactivated = 1 WHERE id = ?').run(ids.gone);
  tokens = {
    alice: await passwordToken(t.app, 'alice'),
    bob: await passwordToken(t.app, 'bob'),
    carol: await passwordToken(t.app, 'carol'),
    carolNoAccounts: await passwordToken(t.app, 'carol', { scope: 'write' }),
  };
});
afterEach(async () => t.close());

const get = async (url: string, token?: string) => {
  const response = await t.app.inject({ url, headers: token ? bearer(token) : {} });
  return { status: response.statusCode, body: response.json() };
};
const accts = (body: unknown) => (body as { acct: string }[]).map((a) => a.acct);

describe('GET /api/v1/accounts/search', () => {
  it('matches nickname, acct and display name, prefix matches first', async () => {
    const { status, body } = await get('/api/v1/accounts/search?q=al', tokens.carol);
    expect(status).toBe(200);
    // exact nickname, then nickname/acct prefixes (local first), then display-name word prefix, then the rest
    expect(accts(body)).toEqual(['al@elsewhere.example', 'alice', 'bob', 'malice']);
    expect((body as { id: string; pleroma: unknown }[])[1]!.id).toBe(ids.alice);
  });

  it('matches nick@domain, strips a leading @ and our own host, and limits', async () => {
    expect(accts((await get('/api/v1/accounts/search?q=al@else')).body)).toEqual([
      'al@elsewhere.example',
    ]);
    expect(accts((await get('/api/v1/accounts/search?q=@bo')).body)).toEqual(['bob']);
    expect(accts((await get('/api/v1/accounts/search?q=bob@127.0.0.1:4000')).body)).toEqual([
      'bob',
    ]);
    expect(accts((await get('/api/v1/accounts/search?q=al&limit=2')).body)).toHaveLength(2);
    expect(accts((await get('/api/v1/accounts/search?q=al&limit=500')).body)).toHaveLength(4);
    expect(accts((await get('/api/v1/accounts/search?q=%25')).body)).toEqual([]);
    expect(accts((await get('/api/v1/accounts/search?q=_')).body)).toEqual([]);
  });

  it('can keep only followed accounts, and leaves out blocked ones', async () => {
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${ids.malice}/follow`,
      headers: bearer(tokens.carol!),
    });
    expect(
      accts((await get('/api/v1/accounts/search?q=al&following=true', tokens.carol)).body),
    ).toEqual(['malice']);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${ids.bob}/block`,
      headers: bearer(tokens.carol!),
    });
    expect(accts((await get('/api/v1/accounts/search?q=al', tokens.carol)).body)).not.toContain(
      'bob',
    );
  });

  it('answers bad input with 4xx JSON and checks the scope of a given token', async () => {
    expect(await get('/api/v1/accounts/search')).toEqual({
      status: 400,
      body: { error: 'Missing field: q.' },
    });
    expect((await get('/api/v1/accounts/search?q=al&limit=many')).status).toBe(400);
    expect((await get('/api/v1/accounts/search?q=al&resolve=perhaps')).status).toBe(400);
    const scoped = await get('/api/v1/accounts/search?q=al', tokens.carolNoAccounts);
    expect(scoped.status).toBe(403);
    expect((await get('/api/v1/accounts/search?q=al&resolve=true')).status).toBe(200);
  });
});

describe('GET /api/v2/search', () => {
  it('finds hashtags by prefix from visible statuses, most used first', async () => {
    await post(t.app, tokens.alice!, { status: '#Birdwatch #birds' });
    await post(t.app, tokens.bob!, { status: '#birds again' });
    await post(t.app, tokens.bob!, { status: '#birdsecret', visibility: 'private' });
    const { status, body } = await get('/api/v2/search?q=%23bird&type=hashtags', tokens.carol);
    expect(status).toBe(200);
    expect(body).toEqual({
      accounts: [],
      statuses: [],
      hashtags: [
        { name: 'birds', url: `${TEST_ORIGIN}/tag/birds`, history: expect.any(Array) },
        { name: 'birdwatch', url: `${TEST_ORIGIN}/tag/birdwatch`, history: expect.any(Array) },
      ],
    });
    const own = await get('/api/v2/search?q=birdse&type=hashtags', tokens.bob);
    expect(own.body.hashtags.map((h: { name: string }) => h.name)).toEqual(['birdsecret']);
    const exactFirst = await get('/api/v2/search?q=birdwatch&type=hashtags');
    expect(exactFirst.body.hashtags[0].name).toBe('birdwatch');
  });

  it('finds statuses containing every word, only those the viewer may see', async () => {
    const open = await post(t.app, tokens.alice!, { status: 'The starling sings at dawn' });
    await post(t.app, tokens.alice!, { status: 'A starling, silent' });
    const hidden = await post(t.app, tokens.alice!, {
      status: 'Starling sings for followers',
      visibility: 'private',
    });
    const found = await get('/api/v2/search?q=starling%20SINGS&type=statuses', tokens.carol);
    expect(found.body.statuses.map((s: { id: string }) => s.id)).toEqual([open.id]);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${ids.alice}/follow`,
      headers: bearer(tokens.carol!),
    });
    const following = await get('/api/v2/search?q=starling%20sings&type=statuses', tokens.carol);
    expect(following.body.statuses.map((s: { id: string }) => s.id)).toEqual([hidden.id, open.id]);
    const anonymous = await get('/api/v2/search?q=starling%20sings');
    expect(anonymous.body.statuses.map((s: { id: string }) => s.id)).toEqual([open.id]);
    const byUrl = await get(
      `/api/v2/search?q=${encodeURIComponent(`${TEST_ORIGIN}/notice/${open.id as string}`)}`,
    );
    expect(byUrl.body.statuses.map((s: { id: string }) => s.id)).toEqual([open.id]);
  });

  it('searches every type at once, and refuses a bad type or an empty query', async () => {
    await post(t.app, tokens.alice!, { status: 'alice posts #alpine' });
    const all = await get('/api/v2/search?q=al', tokens.carol);
    expect(accts(all.body.accounts)).toContain('alice');
    expect(all.body.hashtags.map((h: { name: string }) => h.name)).toEqual(['alpine']);
    expect(all.body.statuses).toHaveLength(1);
    expect(await get('/api/v2/search?q=al&type=people')).toEqual({
      status: 422,
      body: { error: 'Invalid type: people' },
    });
    expect((await get('/api/v2/search?q=')).status).toBe(400);
    expect((await get('/api/v2/search?q=al&offset=-1')).status).toBe(400);
  });

  it('gives each hashtag its use over the last seven days from visible statuses', async () => {
    const day = 86_400_000;
    const today = Math.floor(Date.now() / day) * day;
    const backdate = (id: unknown, daysAgo: number) =>
      sql(t.ctx.db, 'UPDATE statuses SET created_at = ? WHERE id = ?').run(
        new Date(today - daysAgo * day + 3_600_000).toISOString(),
        id,
      );
    await post(t.app, tokens.alice!, { status: 'today #heron' });
    await post(t.app, tokens.alice!, { status: 'today again #heron' });
    await post(t.app, tokens.bob!, { status: 'bob today #heron' });
    backdate((await post(t.app, tokens.bob!, { status: 'two days ago #heron' })).id, 2);
    backdate((await post(t.app, tokens.bob!, { status: 'too old #heron' })).id, 7);
    await post(t.app, tokens.bob!, { status: 'hidden #heron', visibility: 'private' });
    const { body } = await get('/api/v2/search?q=heron&type=hashtags', tokens.carol);
    const history = body.hashtags[0].history as { day: string; uses: string; accounts: string }[];
    expect(history).toHaveLength(7);
    expect(history[0]).toEqual({ day: String(today / 1000), uses: '3', accounts: '2' });
    expect(history[1]).toEqual({ day: String((today - day) / 1000), uses: '0', accounts: '0' });
    expect(history[2]).toEqual({ day: String((today - 2 * day) / 1000), uses: '1', accounts: '1' });
    expect(history[6]!.day).toBe(String((today - 6 * day) / 1000));
    expect(history.slice(3).every((d) => d.uses === '0')).toBe(true);
  });

  it('pages with offset and limit', async () => {
    for (const word of ['one', 'two', 'three'])
      await post(t.app, tokens.alice!, { status: `paged ${word}` });
    const first = await get('/api/v2/search?q=paged&type=statuses&limit=2', tokens.carol);
    const second = await get('/api/v2/search?q=paged&type=statuses&limit=2&offset=2', tokens.carol);
    expect(first.body.statuses).toHaveLength(2);
    expect(second.body.statuses.map((s: { content: string }) => s.content)).toEqual([
      expect.stringContaining('paged one'),
    ]);
  });

  it('resolves a handle to that account alone, and a URL to the stored status or account', async () => {
    const handle = await get(
      '/api/v2/search?q=%40al%40elsewhere.example&resolve=true',
      tokens.carol,
    );
    expect(accts(handle.body.accounts)).toEqual(['al@elsewhere.example']);
    const unresolved = await get('/api/v2/search?q=al%40elsewhere.example', tokens.carol);
    expect(accts(unresolved.body.accounts)).toEqual(['al@elsewhere.example']);
    const missing = await get(
      '/api/v2/search?q=nobody%40nowhere.example&resolve=true',
      tokens.carol,
    );
    expect(missing.body.accounts).toEqual([]);

    const remote = await post(t.app, tokens.alice!, { status: 'from afar' });
    sql(t.ctx.db, 'UPDATE statuses SET account_id = ?, local = 0 WHERE id = ?').run(
      ids.alrem,
      remote.id,
    );
    const uri = (await get(`/api/v1/statuses/${remote.id as string}`, tokens.carol)).body.uri;
    expect(uri).toMatch(/^https:\/\/elsewhere\.example\/objects\//);
    const byUri = await get(
      `/api/v2/search?q=${encodeURIComponent(uri)}&resolve=true`,
      tokens.carol,
    );
    expect(byUri.body.statuses.map((s: { id: string }) => s.id)).toEqual([remote.id]);
    expect(byUri.body.accounts).toEqual([]);
    const wrongHost = uri.replace('elsewhere.example', 'sea.example');
    expect(
      (await get(`/api/v2/search?q=${encodeURIComponent(wrongHost)}&resolve=true`)).body,
    ).toEqual({ accounts: [], statuses: [], hashtags: [] });

    const profile = await get(
      `/api/v2/search?q=${encodeURIComponent('https://elsewhere.example/users/al')}&resolve=true`,
      tokens.carol,
    );
    expect(accts(profile.body.accounts)).toEqual(['al@elsewhere.example']);
    const local = await get(
      `/api/v2/search?q=${encodeURIComponent(`${TEST_ORIGIN}/users/alice`)}&resolve=true`,
    );
    expect(accts(local.body.accounts)).toEqual(['alice']);

    const secret = await post(t.app, tokens.alice!, { status: 'for me', visibility: 'direct' });
    const hidden = await get(
      `/api/v2/search?q=${encodeURIComponent(`${TEST_ORIGIN}/notice/${secret.id as string}`)}&resolve=true`,
      tokens.carol,
    );
    expect(hidden.body.statuses).toEqual([]);
  });
});
