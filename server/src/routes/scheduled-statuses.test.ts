import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamMessage } from '../events.ts';
import { sql } from '../db/index.ts';
import { insertMedia } from '../db/media.ts';
import { addUser, bearer, makeTestApp, passwordToken, post, type TestApp } from './test-helpers.ts';
import { purgeAccount } from './account-purge.ts';
import { SWEEP_MS, publishDueScheduled } from './scheduled-statuses.ts';

let t: TestApp;
let alice: string;
let bob: string;
let tokens: Record<string, string>;

const HOUR = 60 * 60 * 1000;
const inAnHour = () => new Date(Date.now() + HOUR).toISOString();

beforeEach(async () => {
  t = await makeTestApp();
  alice = addUser(t, 'alice');
  bob = addUser(t, 'bob');
  addUser(t, 'carol');
  tokens = {};
  for (const name of ['alice', 'bob', 'carol']) tokens[name] = await passwordToken(t.app, name);
  const follow = await t.app.inject({
    method: 'POST',
    url: `/api/v1/accounts/${alice}/follow`,
    headers: bearer(tokens.bob!),
  });
  expect(follow.statusCode).toBe(200);
});
afterEach(async () => t.close());

const get = (url: string, token: string) => t.app.inject({ url, headers: bearer(token) });
const statusCount = () =>
  (sql(t.ctx.db, 'SELECT count(*) AS n FROM statuses').get() as { n: number }).n;

async function schedule(token: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/statuses',
    headers: bearer(token),
    payload: { scheduled_at: inAnHour(), ...payload },
  });
}

function addMedia(accountId: string): string {
  return insertMedia(t.ctx.db, {
    accountId,
    type: 'image',
    filePath: 'uploads/a.png',
    mimeType: 'image/png',
    description: 'a starling',
  });
}

async function timelineIds(url: string, token: string): Promise<string[]> {
  const response = await get(url, token);
  expect(response.statusCode).toBe(200);
  return (response.json() as { id: string }[]).map((s) => s.id);
}

describe('scheduling a status', () => {
  it('stores it, answers a ScheduledStatus and shows nothing until it is due', async () => {
    const at = inAnHour();
    const mediaId = addMedia(alice);
    const messages: StreamMessage[] = [];
    t.ctx.events.on('stream', (m) => messages.push(m));
    const response = await schedule(tokens.alice!, {
      status: 'later, @bob',
      scheduled_at: at,
      spoiler_text: 'cw',
      visibility: 'unlisted',
      media_ids: [mediaId],
    });
    expect(response.statusCode).toBe(200);
    const scheduled = response.json();
    expect(scheduled).toMatchObject({
      scheduled_at: at,
      params: {
        text: 'later, @bob',
        spoiler_text: 'cw',
        visibility: 'unlisted',
        sensitive: false,
        media_ids: [mediaId],
        poll: null,
        in_reply_to_id: null,
        scheduled_at: at,
        with_rate_limit: false,
      },
      media_attachments: [{ id: mediaId, type: 'image', description: 'a starling' }],
    });
    expect(typeof scheduled.params.application_id).toBe('number');
    expect(statusCount()).toBe(0);
    expect(messages).toEqual([]);
    expect(await timelineIds('/api/v1/timelines/home', tokens.bob!)).toEqual([]);
    expect(await timelineIds('/api/v1/timelines/public', tokens.bob!)).toEqual([]);
    expect(await timelineIds(`/api/v1/accounts/${alice}/statuses`, tokens.alice!)).toEqual([]);
    expect((await get('/api/v1/notifications', tokens.bob!)).json()).toEqual([]);

    const list = await get('/api/v1/scheduled_statuses', tokens.alice!);
    expect(list.json()).toEqual([scheduled]);
    const one = await get(`/api/v1/scheduled_statuses/${scheduled.id}`, tokens.alice!);
    expect(one.json()).toEqual(scheduled);
  });

  it('posts at once when scheduled_at is less than 5 minutes ahead, and refuses a non-date', async () => {
    const soon = new Date(Date.now() + 60 * 1000).toISOString();
    const now = await schedule(tokens.alice!, { status: 'right away', scheduled_at: soon });
    expect(now.statusCode).toBe(200);
    expect(now.json()).toMatchObject({ content: expect.stringContaining('right away') });
    expect(await timelineIds('/api/v1/timelines/home', tokens.bob!)).toEqual([now.json().id]);

    const bad = await schedule(tokens.alice!, { status: 'x', scheduled_at: 'next tuesday' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toMatch(/scheduled_at/);
    expect((await get('/api/v1/scheduled_statuses', tokens.alice!)).json()).toEqual([]);
  });

  it('checks the post as an immediate one would be checked (4xx JSON, nothing stored)', async () => {
    const bobsMedia = addMedia(bob);
    const cases: Record<string, unknown>[] = [
      { status: '' },
      { status: 'x'.repeat(6000) },
      { status: 'x', media_ids: [bobsMedia] },
      { status: 'x', visibility: 'everyone' },
      { status: 'x', in_reply_to_id: 'nope' },
      { status: 'x', poll: { options: ['only one'], expires_in: 3600 } },
      { status: 'x', poll: { options: ['a', 'b'], expires_in: 'soon' } },
      { status: 5 },
    ];
    for (const payload of cases) {
      const response = await schedule(tokens.alice!, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
      expect(typeof response.json().error).toBe('string');
    }
    expect((await get('/api/v1/scheduled_statuses', tokens.alice!)).json()).toEqual([]);
  });

  it('holds its media: no other post may take them until it is cancelled', async () => {
    const mediaId = addMedia(alice);
    const scheduled = (await schedule(tokens.alice!, { status: 'a', media_ids: [mediaId] })).json();
    const other = await schedule(tokens.alice!, { status: 'b', media_ids: [mediaId] });
    expect(other.statusCode).toBe(422);
    const now = await t.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: bearer(tokens.alice!),
      payload: { status: 'c', media_ids: [mediaId] },
    });
    expect(now.statusCode).toBe(422);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/scheduled_statuses/${scheduled.id}`,
      headers: bearer(tokens.alice!),
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({});
    const status = await post(t.app, tokens.alice!, { status: 'd', media_ids: [mediaId] });
    expect(status.media_attachments).toEqual([expect.objectContaining({ id: mediaId })]);
  });

  it('answers a retried submission with the same scheduled status', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/statuses',
        headers: { ...bearer(tokens.alice!), 'idempotency-key': 'k1' },
        payload: { status: 'once', scheduled_at: inAnHour() },
      });
    const first = (await send()).json();
    const second = (await send()).json();
    expect(second.id).toBe(first.id);
    expect((await get('/api/v1/scheduled_statuses', tokens.alice!)).json()).toHaveLength(1);
  });
});

describe('managing scheduled statuses', () => {
  it('reschedules, refusing a time too close or not a date, and cancels', async () => {
    const scheduled = (await schedule(tokens.alice!, { status: 'move me' })).json();
    const later = new Date(Date.now() + 3 * HOUR).toISOString();
    const put = (scheduled_at: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/scheduled_statuses/${scheduled.id}`,
        headers: bearer(tokens.alice!),
        payload: { scheduled_at },
      });
    const moved = await put(later);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: scheduled.id, scheduled_at: later });
    for (const bad of [new Date(Date.now() + 60 * 1000).toISOString(), 'whenever', '']) {
      const response = await put(bad);
      expect(response.statusCode).toBe(422);
      expect(typeof response.json().error).toBe('string');
    }
    const shown = await get(`/api/v1/scheduled_statuses/${scheduled.id}`, tokens.alice!);
    expect(shown.json().scheduled_at).toBe(later);

    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/scheduled_statuses/${scheduled.id}`,
      headers: bearer(tokens.alice!),
    });
    expect(cancel.json()).toEqual({});
    expect(
      (await get(`/api/v1/scheduled_statuses/${scheduled.id}`, tokens.alice!)).statusCode,
    ).toBe(404);
    expect(publishDueScheduled(t.ctx, Date.now() + 10 * HOUR).published).toEqual([]);
  });

  it("keeps each account's scheduled statuses to itself", async () => {
    const scheduled = (await schedule(tokens.alice!, { status: 'mine' })).json();
    expect((await get('/api/v1/scheduled_statuses', tokens.bob!)).json()).toEqual([]);
    const url = `/api/v1/scheduled_statuses/${scheduled.id}`;
    expect((await get(url, tokens.bob!)).statusCode).toBe(404);
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url,
        headers: bearer(tokens.bob!),
        payload: { scheduled_at: inAnHour() },
      });
      expect(response.statusCode).toBe(404);
      expect(typeof response.json().error).toBe('string');
    }
    expect((await t.app.inject({ url: '/api/v1/scheduled_statuses' })).statusCode).toBe(401);
    expect((await get('/api/v1/scheduled_statuses/none', tokens.alice!)).statusCode).toBe(404);
    expect((await get(url, tokens.alice!)).statusCode).toBe(200);
  });

  it("keeps Pleroma's limit of 25 scheduled posts a day", async () => {
    const day = (d: number, hour: number) => new Date(Date.UTC(2100, 0, d, hour)).toISOString();
    for (let i = 0; i < 25; i += 1)
      sql(
        t.ctx.db,
        `INSERT INTO scheduled_statuses (id, account_id, scheduled_at, params_json, created_at)
         VALUES (?, ?, ?, '{"text":"x"}', ?)`,
      ).run(`s${i}`, alice, day(1, i % 24), day(1, 0));
    const full = await schedule(tokens.alice!, { status: 'one more', scheduled_at: day(1, 12) });
    expect(full.statusCode).toBe(422);
    expect(full.json().error).toMatch(/daily limit/);
    const nextDay = await schedule(tokens.alice!, { status: 'one more', scheduled_at: day(2, 12) });
    expect(nextDay.statusCode).toBe(200);
    const moveIn = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/scheduled_statuses/${nextDay.json().id}`,
      headers: bearer(tokens.alice!),
      payload: { scheduled_at: day(1, 13) },
    });
    expect(moveIn.statusCode).toBe(422);
  });

  it('pages the list with a Link header', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push((await schedule(tokens.alice!, { status: `n${i}` })).json().id);
    const first = await get('/api/v1/scheduled_statuses?limit=2', tokens.alice!);
    expect(first.json().map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1]]);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link as string)![1]!;
    const second = await get(next.replace('http://127.0.0.1:4000', ''), tokens.alice!);
    expect(second.json().map((s: { id: string }) => s.id)).toEqual([ids[0]]);
  });
});

describe('publishing', () => {
  it('publishes a due status as a post, streamed and notified, with its media and poll', async () => {
    const mediaId = addMedia(alice);
    const withMedia = (
      await schedule(tokens.alice!, { status: 'hello @bob #Later', media_ids: [mediaId] })
    ).json();
    const withPoll = (
      await schedule(tokens.alice!, {
        status: 'vote',
        scheduled_at: new Date(Date.now() + 2 * HOUR).toISOString(),
        poll: { options: ['yes', 'no'], expires_in: 3600 },
      })
    ).json();
    const messages: StreamMessage[] = [];
    t.ctx.events.on('stream', (m) => messages.push(m));

    expect(publishDueScheduled(t.ctx, Date.now() + 30 * 60 * 1000).published).toEqual([]);
    const first = publishDueScheduled(t.ctx, Date.now() + HOUR + 1000);
    expect(first.published).toHaveLength(1);
    const statusId = first.published[0]!;
    const status = (await get(`/api/v1/statuses/${statusId}`, tokens.bob!)).json();
    expect(status).toMatchObject({
      content: expect.stringContaining('#Later'),
      media_attachments: [expect.objectContaining({ id: mediaId })],
      application: { name: 'Test client' },
    });
    expect(await timelineIds('/api/v1/timelines/home', tokens.bob!)).toEqual([statusId]);
    const update = messages.find((m) => m.event === 'update')!;
    expect(update.streams).toContain(`user:${bob}`);
    expect(messages.find((m) => m.event === 'notification')!.render(bob)).toMatchObject({
      type: 'mention',
      status: { id: statusId },
    });
    expect(
      (await get(`/api/v1/scheduled_statuses/${withMedia.id}`, tokens.alice!)).statusCode,
    ).toBe(404);

    const second = publishDueScheduled(t.ctx, Date.now() + 3 * HOUR);
    expect(second.published).toHaveLength(1);
    const poll = (await get(`/api/v1/statuses/${second.published[0]}`, tokens.alice!)).json().poll;
    expect(poll.options.map((o: { title: string }) => o.title)).toEqual(['yes', 'no']);
    expect((await get('/api/v1/scheduled_statuses', tokens.alice!)).json()).toEqual([]);
    expect(withPoll.params.poll).toEqual({
      options: ['yes', 'no'],
      expires_in: 3600,
      multiple: false,
    });
  });

  it('drops an entry that can no longer be posted instead of retrying it', async () => {
    const parent = await post(t.app, tokens.bob!, { status: 'parent' });
    const reply = (
      await schedule(tokens.alice!, { status: 'a reply', in_reply_to_id: parent.id })
    ).json();
    const mediaId = addMedia(alice);
    const withMedia = (
      await schedule(tokens.alice!, { status: 'pic', media_ids: [mediaId] })
    ).json();
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/statuses/${parent.id}`,
      headers: bearer(tokens.bob!),
    });
    sql(t.ctx.db, 'DELETE FROM media_attachments WHERE id = ?').run(mediaId);
    const outcome = publishDueScheduled(t.ctx, Date.now() + 2 * HOUR);
    expect(outcome.published).toEqual([]);
    expect(outcome.dropped.map((d) => d.id)).toEqual([reply.id, withMedia.id]);
    expect(outcome.dropped[0]!.reason).toMatch(/replied to/);
    expect(outcome.dropped[1]!.reason).toMatch(/media/);
    expect(statusCount()).toBe(0);
    expect((await get('/api/v1/scheduled_statuses', tokens.alice!)).json()).toEqual([]);
    expect(publishDueScheduled(t.ctx, Date.now() + 3 * HOUR)).toEqual({
      published: [],
      dropped: [],
    });
  });

  it('never publishes for an account that is gone', async () => {
    await schedule(tokens.alice!, { status: 'from beyond' });
    await schedule(tokens.bob!, { status: 'bob later' });
    sql(t.ctx.db, 'UPDATE accounts SET deactivated = 1 WHERE id = ?').run(bob);
    purgeAccount(t.ctx, alice);
    const left = sql(t.ctx.db, 'SELECT account_id FROM scheduled_statuses').all();
    expect(left).toEqual([{ account_id: bob }]);
    const outcome = publishDueScheduled(t.ctx, Date.now() + 2 * HOUR);
    expect(outcome.published).toEqual([]);
    expect(outcome.dropped).toHaveLength(1);
    expect(statusCount()).toBe(0);
  });

  it('publishes overdue entries when the instance starts', async () => {
    const scheduled = (await schedule(tokens.alice!, { status: 'while you were away' })).json();
    expect(statusCount()).toBe(0);
    await t.app.close();
    const past = new Date(Date.now() - HOUR).toISOString();
    const restarted = await makeTestApp(t.dir);
    sql(restarted.ctx.db, 'UPDATE scheduled_statuses SET scheduled_at = ?').run(past);
    // The database was changed before the app became ready: its start-up sweep publishes.
    await restarted.app.ready();
    const statuses = sql(restarted.ctx.db, 'SELECT content_source FROM statuses').all();
    expect(statuses).toEqual([{ content_source: 'while you were away' }]);
    expect(sql(restarted.ctx.db, 'SELECT id FROM scheduled_statuses').all()).toEqual([]);
    expect(scheduled.id).toBeTruthy();
    t = restarted;
  });

  it('runs its own sweep, which does not hold the process open and stops when the app closes', async () => {
    const setSpy = vi.spyOn(globalThis, 'setInterval');
    const clearSpy = vi.spyOn(globalThis, 'clearInterval');
    try {
      await t.app.close();
      const restarted = await makeTestApp(t.dir);
      t = restarted;
      await restarted.app.ready();
      const index = setSpy.mock.calls.findIndex(([, delay]) => delay === SWEEP_MS);
      expect(index).toBeGreaterThanOrEqual(0);
      const timer = setSpy.mock.results[index]!.value as NodeJS.Timeout;
      expect(timer.hasRef()).toBe(false);

      const token = await passwordToken(restarted.app, 'alice');
      const scheduled = await restarted.app.inject({
        method: 'POST',
        url: '/api/v1/statuses',
        headers: bearer(token),
        payload: { status: 'on the tick', scheduled_at: inAnHour() },
      });
      expect(scheduled.statusCode).toBe(200);
      sql(restarted.ctx.db, 'UPDATE scheduled_statuses SET scheduled_at = ?').run(
        new Date(Date.now() - 1000).toISOString(),
      );
      const tick = setSpy.mock.calls[index]![0] as () => void;
      tick();
      expect(sql(restarted.ctx.db, 'SELECT content_source FROM statuses').all()).toEqual([
        { content_source: 'on the tick' },
      ]);

      await restarted.app.close();
      expect(clearSpy).toHaveBeenCalledWith(timer);
    } finally {
      setSpy.mockRestore();
      clearSpy.mockRestore();
    }
  });
});
