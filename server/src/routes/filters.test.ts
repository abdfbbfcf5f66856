import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFilters, keywordMatches, readableText } from '../views/filter.ts';
import type { Filter } from '../db/filters.ts';
import { addUser, bearer, makeTestApp, passwordToken, post, type TestApp } from './test-helpers.ts';

let t: TestApp;
let alice: string;
let bob: string;

beforeAll(async () => {
  t = await makeTestApp();
  addUser(t, 'alice');
  addUser(t, 'bob');
  alice = await passwordToken(t.app, 'alice');
  bob = await passwordToken(t.app, 'bob');
});
afterAll(async () => t.close());

const call = async (method: string, url: string, token: string, payload?: unknown) => {
  const response = await t.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & [] };
};

describe('keyword matching', () => {
  const keyword = (text: string, whole: boolean) => ({
    id: 1,
    filter_id: 1,
    keyword: text,
    whole_word: whole ? 1 : 0,
  });
  it('matches whole words only when asked, ignoring case and markup', () => {
    const text = readableText({ content: '<p>I love <b>Cats</b> &amp; catalogues</p>' });
    expect(keywordMatches(text, keyword('cats', true))).toBe(true);
    expect(keywordMatches(text, keyword('cat', true))).toBe(false);
    expect(keywordMatches(text, keyword('cat', false))).toBe(true);
    expect(keywordMatches(text, keyword('& catalogues', true))).toBe(true);
  });
  it('skips expired filters and drops hidden statuses', () => {
    const filter = (action: 'warn' | 'hide', expires: string | null): Filter => ({
      row: {
        id: 1,
        account_id: 'a',
        title: 't',
        context_json: '["home"]',
        filter_action: action,
        expires_at: expires,
        created_at: '',
      },
      context: ['home'],
      keywords: [keyword('spoilers', true)],
      statuses: [],
    });
    const statuses = [
      { id: '1', content: 'no spoilers please' },
      { id: '2', content: 'fine' },
    ];
    expect(applyFilters([filter('hide', null)], 'home', statuses).map((s) => s.id)).toEqual(['2']);
    expect(applyFilters([filter('hide', '2000-01-01T00:00:00Z')], 'home', statuses)).toEqual(
      statuses,
    );
    expect(applyFilters([filter('hide', null)], 'public', statuses)).toEqual(statuses);
    const warned = applyFilters([filter('warn', null)], 'home', statuses);
    expect(warned[0]!.filtered).toEqual([
      expect.objectContaining({ keyword_matches: ['spoilers'], status_matches: [] }),
    ]);
    expect(statuses[0]).not.toHaveProperty('filtered');
  });
});

describe('filters', () => {
  it('creates, edits and deletes v2 filters with keywords and statuses', async () => {
    const created = await call('POST', '/api/v2/filters', alice, {
      title: 'Birds',
      context: ['home', 'public'],
      filter_action: 'warn',
      keywords_attributes: [{ keyword: 'magpie', whole_word: true }],
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      title: 'Birds',
      context: ['home', 'public'],
      filter_action: 'warn',
      expires_at: null,
      keywords: [{ keyword: 'magpie', whole_word: true }],
      statuses: [],
    });
    const id = created.body.id as string;
    const keywords = created.body.keywords as { id: string }[];
    const updated = await call('PUT', `/api/v2/filters/${id}`, alice, {
      title: 'Corvids',
      keywords_attributes: [{ id: keywords[0]!.id, _destroy: true }, { keyword: 'crow' }],
    });
    expect(updated.body).toMatchObject({ title: 'Corvids', keywords: [{ keyword: 'crow' }] });
    const added = await call('POST', `/api/v2/filters/${id}/keywords`, alice, { keyword: 'rook' });
    expect(added.body).toMatchObject({ keyword: 'rook', whole_word: true });
    const status = await post(t.app, bob, { status: 'an ordinary post' });
    const filtered = await call('POST', `/api/v2/filters/${id}/statuses`, alice, {
      status_id: status.id,
    });
    expect(filtered.body).toMatchObject({ status_id: status.id });
    expect((await call('GET', `/api/v2/filters/${id}/statuses`, alice)).body).toHaveLength(1);
    expect((await call('GET', `/api/v2/filters/${id}`, bob)).status).toBe(404);
    expect(
      (await call('DELETE', `/api/v2/filters/keywords/${added.body.id as string}`, alice)).status,
    ).toBe(200);
    expect((await call('DELETE', `/api/v2/filters/${id}`, alice)).status).toBe(200);
    expect((await call('GET', '/api/v2/filters', alice)).body).toEqual([]);
  });

  it('refuses a filter without context or with an unknown one', async () => {
    expect((await call('POST', '/api/v2/filters', alice, { title: 'x' })).status).toBe(422);
    const unknown = await call('POST', '/api/v1/filters', alice, {
      phrase: 'x',
      context: ['everywhere'],
    });
    expect(unknown.status).toBe(422);
  });

  it('applies v1 and v2 filters to timelines: warn marks, irreversible hides', async () => {
    const follow = await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${(await call('GET', '/api/v1/accounts/verify_credentials', bob)).body.id as string}/follow`,
      headers: bearer(alice),
    });
    expect(follow.statusCode).toBe(200);
    await post(t.app, bob, { status: 'talking about politics again' });
    await post(t.app, bob, { status: 'the weather is lovely' });
    await post(t.app, bob, { status: 'a spoiler for the film' });
    const hide = await call('POST', '/api/v1/filters', alice, {
      phrase: 'politics',
      context: ['home'],
      irreversible: true,
    });
    expect(hide.body).toMatchObject({ phrase: 'politics', irreversible: true, whole_word: true });
    await call('POST', '/api/v2/filters', alice, {
      title: 'Films',
      context: ['home'],
      keywords_attributes: [{ keyword: 'spoiler' }],
    });
    const home = (await call('GET', '/api/v1/timelines/home', alice)).body as {
      content: string;
      filtered?: { filter: { title: string } }[];
    }[];
    expect(home.some((s) => s.content.includes('politics'))).toBe(false);
    const spoiler = home.find((s) => s.content.includes('spoiler'));
    expect(spoiler?.filtered?.[0]?.filter.title).toBe('Films');
    expect(home.find((s) => s.content.includes('weather'))?.filtered).toBeUndefined();
    const v1 = (await call('GET', '/api/v1/filters', alice)).body as { phrase: string }[];
    expect(v1.map((f) => f.phrase).sort()).toEqual(['politics', 'spoiler']);
    expect((await call('DELETE', `/api/v1/filters/${hide.body.id as string}`, alice)).status).toBe(
      200,
    );
    const again = (await call('GET', '/api/v1/timelines/home', alice)).body as {
      content: string;
    }[];
    expect(again.some((s) => s.content.includes('politics'))).toBe(true);
  });
});
