import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../db/index.ts';
import { seedAnnouncements } from '../seed/announcements.ts';
import { codeThroughSignInPages } from './test-mastodon-sign-in.ts';
import {
  addUser,
  bearer,
  makeTestApp,
  passwordToken,
  registerClient,
  type TestApp,
} from './test-helpers.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ADMIN = '/api/v1/pleroma/admin/announcements';
const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let tokens: Record<string, string>;

beforeEach(async () => {
  t = await makeTestApp();
  addUser(t, 'alice');
  addUser(t, 'bob');
  addUser(t, 'mo', { isModerator: true });
  addUser(t, 'root', { isAdmin: true });
  sql(
    t.ctx.db,
    "INSERT INTO custom_emojis (shortcode, file_name, category) VALUES ('starling', 'starling.png', 'Custom')",
  ).run();
  tokens = {};
  for (const name of ['alice', 'bob']) tokens[name] = await passwordToken(t.app, name);
  const adminClient = await registerClient(t.app, 'read write admin');
  for (const name of ['mo', 'root', 'alice'])
    tokens[`${name}Admin`] = await passwordToken(t.app, name, {
      scope: 'read write admin',
      client: adminClient,
    });
  tokens.rootNoAdmin = await passwordToken(t.app, 'root', { scope: 'read write' });
});
afterEach(async () => t.close());

const call = async (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
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

const create = async (payload: Json): Promise<Json> => {
  const answer = await call('POST', ADMIN, 'rootAdmin', payload);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

describe('the user side of announcements', () => {
  it('lists the running ones only, rendered like a post, with read state per user', async () => {
    const running = await create({
      content: 'Hello :starling: see https://birds.example/ and @alice <b>#Tides</b>',
    });
    await create({ content: 'Later', starts_at: iso(Date.now() + DAY_MS), ends_at: null });
    await create({
      content: 'Over',
      starts_at: iso(Date.now() - 2 * DAY_MS),
      ends_at: iso(Date.now() - DAY_MS),
    });

    const list = await call('GET', '/api/v1/announcements', 'alice');
    expect(list.status).toBe(200);
    expect(list.body.map((a: Json) => a.id)).toEqual([running.id]);
    const [shown] = list.body as Json[];
    expect(shown).toMatchObject({
      starts_at: null,
      ends_at: null,
      all_day: false,
      read: false,
      reactions: [],
      statuses: [],
      pleroma: {
        raw_content: 'Hello :starling: see https://birds.example/ and @alice <b>#Tides</b>',
      },
    });
    expect(shown!.content).toContain('&lt;b&gt;');
    expect(shown!.content).toContain('<a href="https://birds.example/"');
    expect(shown!.content).toContain('class="u-url mention"');
    expect(shown!.emojis.map((e: Json) => e.shortcode)).toEqual(['starling']);
    expect(shown!.mentions.map((m: Json) => m.acct)).toEqual(['alice']);
    expect(shown!.tags.map((tag: Json) => tag.name)).toEqual(['tides']);

    expect(await call('POST', `/api/v1/announcements/${running.id}/dismiss`, 'alice')).toEqual({
      status: 200,
      body: {},
    });
    expect((await call('GET', '/api/v1/announcements', 'alice')).body[0].read).toBe(true);
    expect((await call('GET', '/api/v1/announcements', 'bob')).body[0].read).toBe(false);
    // Anonymous visitors see them too, with no read state.
    expect((await call('GET', '/api/v1/announcements')).body[0]).not.toHaveProperty('read');
  });

  it('dismissing needs a user and an announcement that exists', async () => {
    const one = await create({ content: 'Read me' });
    expect((await call('POST', `/api/v1/announcements/${one.id}/dismiss`)).status).toBe(401);
    expect(await call('POST', '/api/v1/announcements/nope/dismiss', 'alice')).toEqual({
      status: 404,
      body: { error: 'Record not found' },
    });
  });
});

describe('the admin side of announcements', () => {
  it('creates with empty dates as null, lists every one, updates only what is named, deletes', async () => {
    const made = await create({
      content: 'Clean-up day',
      starts_at: '',
      ends_at: '',
      all_day: 'true',
    });
    expect(made).toMatchObject({
      content: 'Clean-up day',
      starts_at: null,
      ends_at: null,
      all_day: true,
    });

    // Pleroma's zone-less times are read as UTC.
    const patched = await call('PATCH', `${ADMIN}/${made.id}`, 'rootAdmin', {
      starts_at: '2030-05-01T00:00:00',
    });
    expect(patched.body).toMatchObject({
      content: 'Clean-up day',
      starts_at: '2030-05-01T00:00:00.000Z',
      ends_at: null,
      all_day: true,
    });
    const edited = await call('PATCH', `${ADMIN}/${made.id}`, 'rootAdmin', {
      content: 'Clean-up day, edited',
      starts_at: null,
      all_day: false,
    });
    expect(edited.body).toMatchObject({
      content: 'Clean-up day, edited',
      starts_at: null,
      all_day: false,
    });

    const over = await create({ content: 'Over', ends_at: iso(Date.now() - DAY_MS) });
    const all = await call('GET', ADMIN, 'rootAdmin');
    expect(all.body.map((a: Json) => a.id)).toEqual([over.id, made.id]);
    expect(
      (await call('GET', `${ADMIN}?limit=1&offset=1`, 'rootAdmin')).body.map((a: Json) => a.id),
    ).toEqual([made.id]);
    expect((await call('GET', `${ADMIN}/${over.id}`, 'rootAdmin')).body.id).toBe(over.id);

    expect(await call('DELETE', `${ADMIN}/${made.id}`, 'rootAdmin')).toEqual({
      status: 200,
      body: {},
    });
    expect((await call('GET', `${ADMIN}/${made.id}`, 'rootAdmin')).status).toBe(404);
    expect((await call('PATCH', `${ADMIN}/${made.id}`, 'rootAdmin', { content: 'x' })).status).toBe(
      404,
    );
    expect((await call('GET', '/api/v1/announcements', 'alice')).body).toEqual([]);
  });

  it('refuses bad input with a JSON error, never a 500', async () => {
    const cases: [Json, number, string][] = [
      [{}, 400, 'Missing field: content.'],
      [{ content: '   ' }, 422, "Validation failed: Content can't be blank"],
      [{ content: 'x', starts_at: 'tomorrow' }, 400, 'starts_at: Invalid date-time. Got: tomorrow'],
      [{ content: 'x', all_day: 'maybe' }, 400, 'all_day: Invalid boolean. Got: maybe'],
      [
        { content: 'x', starts_at: iso(Date.now()), ends_at: iso(Date.now() - DAY_MS) },
        422,
        'Validation failed: ends_at must not be before starts_at',
      ],
    ];
    for (const [payload, status, error] of cases)
      expect(await call('POST', ADMIN, 'rootAdmin', payload), JSON.stringify(payload)).toEqual({
        status,
        body: { error },
      });
    expect((await call('GET', `${ADMIN}?limit=lots`, 'rootAdmin')).status).toBe(400);
  });

  it('is for holders of announcements_manage_announcements only: others get 403', async () => {
    const one = await create({ content: 'Staff only' });
    for (const user of ['aliceAdmin', 'moAdmin', 'rootNoAdmin', 'alice']) {
      for (const [method, url] of [
        ['GET', ADMIN],
        ['GET', `${ADMIN}/${one.id}`],
        ['POST', ADMIN],
        ['PATCH', `${ADMIN}/${one.id}`],
        ['DELETE', `${ADMIN}/${one.id}`],
      ] as const) {
        const answer = await call(method, url, user, { content: 'Taken over' });
        expect(answer.status, `${user} ${method} ${url}`).toBe(403);
        expect(typeof answer.body.error).toBe('string');
      }
    }
    expect((await call('GET', ADMIN)).status).toBe(401);
    expect((await call('GET', `${ADMIN}/${one.id}`, 'rootAdmin')).body.content).toBe('Staff only');
  });
});

describe('the seeded announcements', () => {
  it('are one running, one all-day and one ended, unread by dave only, and seeded once', async () => {
    addUser(t, 'dave');
    seedAnnouncements(t.ctx);
    seedAnnouncements(t.ctx);
    tokens.dave = await passwordToken(t.app, 'dave');
    const all = (await call('GET', ADMIN, 'rootAdmin')).body as Json[];
    expect(all).toHaveLength(3);
    expect(all.filter((a) => a.all_day)).toHaveLength(1);
    const running = (await call('GET', '/api/v1/announcements', 'dave')).body as Json[];
    expect(running).toHaveLength(2);
    expect(running.every((a) => !a.read)).toBe(true);
    expect(running.find((a) => a.all_day)?.starts_at).toMatch(/T00:00:00\.000Z$/);
  });
});

describe('on the mastodon flavour', () => {
  let m: TestApp;
  beforeEach(async () => {
    m = await makeTestApp(undefined, { flavour: 'mastodon' });
    addUser(m, 'alice');
    addUser(m, 'root', { isAdmin: true });
  });
  afterEach(async () => m.close());

  it('reads and dismisses, without Pleroma fields; the admin paths are not there', async () => {
    sql(
      m.ctx.db,
      "INSERT INTO announcements (id, content_source, all_day, published_at, updated_at) VALUES ('a1', 'Hi', 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')",
    ).run();
    const redirectUri = 'https://client.example/oauth-callback';
    const client = await registerClient(m.app, 'read write', redirectUri);
    const code = await codeThroughSignInPages(m.app, {
      client,
      redirectUri,
      scope: 'read write',
      username: 'alice',
    });
    const granted = await m.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: client.client_id,
        client_secret: client.client_secret,
      },
    });
    const auth = bearer((granted.json() as { access_token: string }).access_token);
    const list = async () =>
      (await m.app.inject({ url: '/api/v1/announcements', headers: auth })).json() as Json[];
    const [before] = await list();
    expect(before).toMatchObject({ id: 'a1', read: false });
    expect(before).not.toHaveProperty('pleroma');
    const dismissed = await m.app.inject({
      method: 'POST',
      url: '/api/v1/announcements/a1/dismiss',
      headers: auth,
    });
    expect(dismissed.statusCode).toBe(200);
    expect((await list())[0]!.read).toBe(true);
    expect((await m.app.inject({ url: ADMIN, headers: auth })).statusCode).toBe(404);
  });
});
