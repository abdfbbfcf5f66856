import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../db/index.ts';
import { POLL_LIMITS } from './constants.ts';
import { addUser, bearer, makeTestApp, passwordToken, post, type TestApp } from './test-helpers.ts';

let t: TestApp;
let tokens: Record<string, string>;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeEach(async () => {
  t = await makeTestApp();
  for (const name of ['alice', 'bob', 'carol']) addUser(t, name);
  sql(
    t.ctx.db,
    "INSERT INTO custom_emojis (shortcode, file_name) VALUES ('starling', 'starling.png')",
  ).run();
  tokens = {};
  for (const name of ['alice', 'bob', 'carol']) tokens[name] = await passwordToken(t.app, name);
});
afterEach(async () => t.close());

const call = async (method: 'GET' | 'POST', url: string, user?: string, payload?: unknown) => {
  const response = await t.app.inject({
    method,
    url,
    headers: user ? bearer(tokens[user]!) : {},
    ...(payload !== undefined ? { payload: payload as Json } : {}),
  });
  return { status: response.statusCode, body: response.json() as Json };
};

const form = async (user: string, body: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/statuses',
    headers: { ...bearer(tokens[user]!), 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as Json };
};

describe('creating polls', () => {
  it('accepts a poll as JSON and renders it on the status', async () => {
    const status = await post(t.app, tokens.alice!, {
      status: 'Which?',
      poll: { options: ['Starling', 'Heron :starling:'], expires_in: 3600, multiple: true },
    });
    const poll = status.poll as Json;
    expect(poll).toMatchObject({
      expired: false,
      multiple: true,
      votes_count: 0,
      voters_count: 0,
      voted: true,
      own_votes: [],
      options: [
        { title: 'Starling', votes_count: 0 },
        { title: 'Heron :starling:', votes_count: 0 },
      ],
      emojis: [expect.objectContaining({ shortcode: 'starling' })],
      pleroma: { non_anonymous: false },
    });
    const expires = Date.parse(poll.expires_at) - Date.parse(status.created_at as string);
    expect(expires).toBe(3600 * 1000);
    const fetched = await call('GET', `/api/v1/polls/${poll.id}`);
    expect(fetched.body).toMatchObject({ id: poll.id, voted: false });
  });

  it('accepts a poll as form fields', async () => {
    const created = await form(
      'alice',
      'status=Form+poll&poll[options][]=One&poll[options][]=Two&poll[options][]=Three&poll[expires_in]=600&poll[multiple]=false',
    );
    expect(created.status).toBe(200);
    expect(created.body.poll.options.map((o: Json) => o.title)).toEqual(['One', 'Two', 'Three']);
    expect(created.body.poll.multiple).toBe(false);
  });

  it("enforces the instance's poll limits with Pleroma's messages", async () => {
    const tooMany = Array.from({ length: POLL_LIMITS.max_options + 1 }, (_, i) => `o${i}`);
    const cases: [Json, number, string][] = [
      [
        { options: tooMany, expires_in: 600 },
        422,
        `Poll can't contain more than ${POLL_LIMITS.max_options} options`,
      ],
      [
        { options: ['a', 'x'.repeat(POLL_LIMITS.max_option_chars + 1)], expires_in: 600 },
        422,
        `Poll options cannot be longer than ${POLL_LIMITS.max_option_chars} characters each`,
      ],
      [
        { options: ['a', 'b'], expires_in: POLL_LIMITS.max_expiration + 1 },
        422,
        'Expiration date is too far in the future',
      ],
      [{ options: ['a', 'a'], expires_in: 600 }, 422, 'Too few unique options in poll'],
      [{ options: ['a'], expires_in: 600 }, 422, 'Too few unique options in poll'],
      [{ options: ['a', 'b'] }, 400, 'poll: Invalid expires_in. Got: undefined'],
      [{ options: ['a', 'b'], expires_in: 'soon' }, 400, 'poll: Invalid expires_in. Got: soon'],
      [{ expires_in: 600 }, 400, 'Missing field: poll[options].'],
    ];
    for (const [poll, status, error] of cases) {
      const r = await call('POST', '/api/v1/statuses', 'alice', { status: 'p', poll });
      expect(r, JSON.stringify(poll)).toMatchObject({ status, body: { error } });
    }
    expect(sql(t.ctx.db, 'SELECT count(*) AS n FROM statuses').get()).toEqual({ n: 0 });
  });
});

describe('voting', () => {
  const makePoll = async (multiple: boolean, expiresIn = 3600) => {
    const status = await post(t.app, tokens.alice!, {
      status: 'Vote!',
      poll: { options: ['A', 'B', 'C'], expires_in: expiresIn, multiple },
    });
    return (status.poll as Json).id as string;
  };

  it('records votes, counts voters and own votes', async () => {
    const id = await makePoll(true);
    const voted = await call('POST', `/api/v1/polls/${id}/votes`, 'bob', { choices: [0, 2] });
    expect(voted.status).toBe(200);
    expect(voted.body).toMatchObject({
      voted: true,
      own_votes: [0, 2],
      votes_count: 2,
      voters_count: 1,
      options: [{ votes_count: 1 }, { votes_count: 0 }, { votes_count: 1 }],
    });
    const formVote = await t.app.inject({
      method: 'POST',
      url: `/api/v1/polls/${id}/votes`,
      headers: { ...bearer(tokens.carol!), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'choices[]=2',
    });
    expect(formVote.json()).toMatchObject({ votes_count: 3, voters_count: 2, own_votes: [2] });
    const seenByAuthor = await call('GET', `/api/v1/polls/${id}`, 'alice');
    expect(seenByAuthor.body).toMatchObject({ voted: true, own_votes: [] });
  });

  it('answers 422 as Pleroma does: author, double vote, range, too many, expired', async () => {
    const single = await makePoll(false);
    const vote = (user: string, choices: unknown, id = single) =>
      call('POST', `/api/v1/polls/${id}/votes`, user, { choices });
    expect(await vote('alice', [0])).toMatchObject({
      status: 422,
      body: { error: "Poll's author can't vote" },
    });
    expect(await vote('bob', [0, 1])).toMatchObject({
      status: 422,
      body: { error: 'Too many choices' },
    });
    expect(await vote('bob', [3])).toMatchObject({
      status: 422,
      body: { error: 'Invalid indices' },
    });
    expect(await vote('bob', [])).toMatchObject({
      status: 422,
      body: { error: 'Invalid indices' },
    });
    expect((await vote('bob', ['x'])).status).toBe(400);
    expect((await vote('bob', [1])).status).toBe(200);
    expect(await vote('bob', [1])).toMatchObject({ status: 422, body: { error: 'Already voted' } });

    const short = await makePoll(false, 1);
    sql(t.ctx.db, 'UPDATE polls SET expires_at = ? WHERE id = ?').run(
      new Date(Date.now() - 1000).toISOString(),
      short,
    );
    expect(await vote('bob', [0], short)).toMatchObject({
      status: 422,
      body: { error: "Poll's expired" },
    });
    expect((await call('GET', `/api/v1/polls/${short}`)).body.expired).toBe(true);
    expect((await call('POST', '/api/v1/polls/nope/votes', 'bob', { choices: [0] })).status).toBe(
      404,
    );
    expect(
      (await call('POST', `/api/v1/polls/${single}/votes`, undefined, { choices: [0] })).status,
    ).toBe(401);
  });

  it('hides polls of statuses the viewer cannot see', async () => {
    const status = await post(t.app, tokens.alice!, {
      status: 'secret poll',
      visibility: 'private',
      poll: { options: ['A', 'B'], expires_in: 600 },
    });
    const id = (status.poll as Json).id as string;
    expect((await call('GET', `/api/v1/polls/${id}`, 'bob')).status).toBe(404);
    expect((await call('POST', `/api/v1/polls/${id}/votes`, 'bob', { choices: [0] })).status).toBe(
      404,
    );
  });
});
