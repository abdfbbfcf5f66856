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
        { name: 'birds', url: `${TEST_ORIGIN}/tag/birds`, history: [] },
        { name: 'birdwatch', url: `${TEST_ORIGIN}/tag/birdwatch`, history: [] },
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
});
