import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../db/index.ts';
import { insertMedia } from '../db/media.ts';
import { composeStatus } from '../db/compose.ts';
import { addUser, bearer, makeTestApp, passwordToken, post, type TestApp } from './test-helpers.ts';

let t: TestApp;
let alice: string;
let bob: string;
let carol: string;
let kestrel: string;
let tokens: Record<string, string>;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeEach(async () => {
  t = await makeTestApp();
  alice = addUser(t, 'alice');
  bob = addUser(t, 'bob');
  carol = addUser(t, 'carol');
  kestrel = addUser(t, 'kestrel', { domain: 'elsewhere.example' });
  tokens = {};
  for (const name of ['alice', 'bob', 'carol']) tokens[name] = await passwordToken(t.app, name);
  // alice follows bob and carol and kestrel; bob follows alice.
  for (const [who, whom] of [
    ['alice', bob],
    ['alice', carol],
    ['alice', kestrel],
    ['bob', alice],
  ] as const) {
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${whom}/follow`,
      headers: bearer(tokens[who]!),
    });
  }
});
afterEach(async () => t.close());

const call = async (
  method: 'GET' | 'POST' | 'DELETE',
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
  return { status: response.statusCode, body: response.json() as Json, headers: response.headers };
};
const ids = (body: Json) => (body as Json[]).map((s) => s.id as string);
const remotePost = (text: string) =>
  composeStatus(t.ctx.db, { accountId: kestrel, text, visibility: 'public' }, '127.0.0.1:4000')
    .status.id;

describe('mutes', () => {
  it('mutes with options, lists mutes, filters timelines unless with_muted, and unmutes', async () => {
    const bobs = await post(t.app, tokens.bob!, { status: 'from bob' });
    const carols = await post(t.app, tokens.carol!, { status: 'from carol' });
    const muted = await call('POST', `/api/v1/accounts/${bob}/mute`, 'alice', {
      notifications: false,
    });
    expect(muted.body).toMatchObject({ id: bob, muting: true, muting_notifications: false });
    expect(
      (await call('POST', `/api/v1/accounts/${bob}/mute`, 'alice')).body.muting_notifications,
    ).toBe(true);
    const list = await call('GET', '/api/v1/mutes', 'alice');
    expect(ids(list.body)).toEqual([bob]);
    expect(list.body[0].pleroma.relationship.muting).toBe(true);

    expect(ids((await call('GET', '/api/v1/timelines/home', 'alice')).body)).toEqual([carols.id]);
    const all = await call('GET', '/api/v1/timelines/home?with_muted=true', 'alice');
    expect(ids(all.body)).toEqual([carols.id, bobs.id]);
    expect(all.body[1].muted).toBe(true);
    expect(ids((await call('GET', '/api/v1/timelines/public', 'alice')).body)).toEqual([carols.id]);
    expect(ids((await call('GET', '/api/v1/timelines/public')).body)).toEqual([carols.id, bobs.id]);

    // Mentions by a muted account (notifications muted) stay out of notifications.
    await post(t.app, tokens.bob!, { status: '@alice hello' });
    const notes = await call('GET', '/api/v1/notifications', 'alice');
    expect((notes.body as Json[]).filter((n) => n.type === 'mention')).toEqual([]);
    const withMuted = await call('GET', '/api/v1/notifications?with_muted=true', 'alice');
    const mention = (withMuted.body as Json[]).find((n) => n.type === 'mention')!;
    expect(mention.pleroma.is_muted).toBe(true);

    const unmuted = await call('POST', `/api/v1/accounts/${bob}/unmute`, 'alice');
    expect(unmuted.body.muting).toBe(false);
    expect((await call('GET', '/api/v1/mutes', 'alice')).body).toEqual([]);
  });

  it('lets a mute expire', async () => {
    await call('POST', `/api/v1/accounts/${bob}/mute`, 'alice', { expires_in: 60 });
    expect((await call('GET', '/api/v1/mutes', 'alice')).body).toHaveLength(1);
    sql(t.ctx.db, 'UPDATE mutes SET expires_at = ?').run(new Date(Date.now() - 1).toISOString());
    expect((await call('GET', '/api/v1/mutes', 'alice')).body).toEqual([]);
    const rel = await call('GET', `/api/v1/accounts/relationships?id[]=${bob}`, 'alice');
    expect(rel.body[0].muting).toBe(false);
    expect(
      (await call('POST', `/api/v1/accounts/${bob}/mute`, 'alice', { expires_in: 'x' })).status,
    ).toBe(400);
    expect((await call('POST', `/api/v1/accounts/${alice}/mute`, 'alice')).status).toBe(400);
    expect((await call('POST', '/api/v1/accounts/nobody/mute', 'alice')).status).toBe(404);
  });
});

describe('blocks', () => {
  it('blocks: ends follows both ways, hides statuses and notifications, relationship flags', async () => {
    const bobs = await post(t.app, tokens.bob!, { status: 'bob was here' });
    const blocked = await call('POST', `/api/v1/accounts/${bob}/block`, 'alice');
    expect(blocked.body).toMatchObject({
      id: bob,
      blocking: true,
      following: false,
      followed_by: false,
    });
    const seenByBob = await call('GET', `/api/v1/accounts/relationships?id[]=${alice}`, 'bob');
    expect(seenByBob.body[0]).toMatchObject({ blocked_by: true, following: false });
    expect(ids((await call('GET', '/api/v1/blocks', 'alice')).body)).toEqual([bob]);
    expect(ids((await call('GET', '/api/v1/timelines/home', 'alice')).body)).not.toContain(bobs.id);
    expect(ids((await call('GET', '/api/v1/timelines/public', 'alice')).body)).not.toContain(
      bobs.id,
    );
    expect(
      ids((await call('GET', '/api/v1/timelines/public?with_muted=true', 'alice')).body),
    ).not.toContain(bobs.id);
    // No notifications from a blocked account.
    await post(t.app, tokens.bob!, { status: '@alice still here?' });
    const notes = (await call('GET', '/api/v1/notifications', 'alice')).body as Json[];
    expect(notes.filter((n) => n.account.id === bob)).toEqual([]);

    const unblocked = await call('POST', `/api/v1/accounts/${bob}/unblock`, 'alice');
    expect(unblocked.body).toMatchObject({ blocking: false, following: false });
    expect((await call('GET', '/api/v1/blocks', 'alice')).body).toEqual([]);
  });

  it('checks the blocks scope', async () => {
    const token = await passwordToken(t.app, 'alice', { scope: 'read write:mutes' });
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${bob}/block`,
      headers: bearer(token),
    });
    expect(r.statusCode).toBe(403);
    const legacy = await passwordToken(t.app, 'alice', { scope: 'follow' });
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${bob}/block`,
      headers: bearer(legacy),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('removes a follower', async () => {
    const r = await call('POST', `/api/v1/accounts/${bob}/remove_from_followers`, 'alice');
    expect(r.body).toMatchObject({ followed_by: false, following: true });
  });
});

describe('domain blocks', () => {
  it('blocks a domain: its accounts leave timelines, relationship says domain_blocking', async () => {
    const remote = remotePost('hello from elsewhere');
    const local = await post(t.app, tokens.carol!, { status: 'local' });
    expect(ids((await call('GET', '/api/v1/timelines/home', 'alice')).body)).toContain(remote);
    const added = await call('POST', '/api/v1/domain_blocks', 'alice', {
      domain: 'Elsewhere.Example',
    });
    expect(added).toMatchObject({ status: 200, body: {} });
    expect((await call('GET', '/api/v1/domain_blocks', 'alice')).body).toEqual([
      'elsewhere.example',
    ]);
    expect(ids((await call('GET', '/api/v1/timelines/home', 'alice')).body)).toEqual([local.id]);
    expect(ids((await call('GET', '/api/v1/timelines/public', 'alice')).body)).toEqual([local.id]);
    const rel = await call('GET', `/api/v1/accounts/relationships?id[]=${kestrel}`, 'alice');
    expect(rel.body[0].domain_blocking).toBe(true);
    expect((await call('POST', '/api/v1/domain_blocks', 'alice', {})).status).toBe(400);
    expect(
      (await call('POST', '/api/v1/domain_blocks', 'alice', { domain: 'not a domain' })).status,
    ).toBe(400);
    const removed = await call('DELETE', '/api/v1/domain_blocks?domain=elsewhere.example', 'alice');
    expect(removed.status).toBe(200);
    expect((await call('GET', '/api/v1/domain_blocks', 'alice')).body).toEqual([]);
  });
});

describe('timeline parameters', () => {
  it('reply_visibility, exclude_replies, only_media, local and remote on home', async () => {
    const root = await post(t.app, tokens.carol!, { status: 'carol root' });
    const dave = addUser(t, 'dave');
    const daves = composeStatus(
      t.ctx.db,
      { accountId: dave, text: 'dave root', visibility: 'public' },
      '127.0.0.1:4000',
    ).status;
    // bob replies to dave (whom alice does not follow) and to carol (whom she follows).
    const toDave = await post(t.app, tokens.bob!, { status: 'to dave', in_reply_to_id: daves.id });
    const toCarol = await post(t.app, tokens.bob!, { status: 'to carol', in_reply_to_id: root.id });
    const toAlice = await post(t.app, tokens.alice!, { status: 'mine' });
    const replyToAlice = await post(t.app, tokens.bob!, {
      status: 'to alice',
      in_reply_to_id: toAlice.id,
    });
    const home = (query = '') =>
      call('GET', `/api/v1/timelines/home${query}`, 'alice').then((r) => ids(r.body));
    expect(await home()).toEqual([replyToAlice.id, toAlice.id, toCarol.id, toDave.id, root.id]);
    expect(await home('?reply_visibility=following')).toEqual([
      replyToAlice.id,
      toAlice.id,
      toCarol.id,
      root.id,
    ]);
    expect(await home('?reply_visibility=self')).toEqual([replyToAlice.id, toAlice.id, root.id]);
    expect(await home('?exclude_replies=true')).toEqual([toAlice.id, root.id]);
    expect((await call('GET', '/api/v1/timelines/home?reply_visibility=x', 'alice')).status).toBe(
      400,
    );
    insertMedia(t.ctx.db, {
      accountId: carol,
      statusId: root.id as string,
      type: 'image',
      filePath: 'x.png',
      mimeType: 'image/png',
    });
    expect(await home('?only_media=true')).toEqual([root.id]);
    const remote = remotePost('far away');
    expect(await home('?remote=true')).toEqual([remote]);
    expect(await home('?local=true')).not.toContain(remote);
  });

  it('pages a filtered home timeline past many hidden statuses', async () => {
    await call('POST', `/api/v1/accounts/${bob}/mute`, 'alice');
    const visible: string[] = [];
    for (let i = 0; i < 5; i++) {
      visible.push((await post(t.app, tokens.carol!, { status: `c${i}` })).id as string);
      for (let j = 0; j < 30; j++) await post(t.app, tokens.bob!, { status: `b${i}-${j}` });
    }
    const first = await call('GET', '/api/v1/timelines/home?limit=2', 'alice');
    expect(ids(first.body)).toEqual([visible[4], visible[3]]);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link as string)![1]!;
    const second = await call('GET', next.replace('http://127.0.0.1:4000', ''), 'alice');
    expect(ids(second.body)).toEqual([visible[2], visible[1]]);
    const newer = await call('GET', `/api/v1/timelines/home?limit=2&min_id=${visible[1]}`, 'alice');
    expect(ids(newer.body)).toEqual([visible[3], visible[2]]);
  });
});

describe('streaming', () => {
  it('leaves statuses of muted and blocked accounts out of their streams', async () => {
    const messages: import('../events.ts').StreamMessage[] = [];
    t.ctx.events.on('stream', (m) => messages.push(m));
    await call('POST', `/api/v1/accounts/${bob}/mute`, 'alice');
    await post(t.app, tokens.bob!, { status: 'muted words' });
    const update = messages.find((m) => m.event === 'update')!;
    expect(update.streams).toContain(`user:${alice}`);
    expect(update.render(alice)).toBeNull();
    expect(update.render(carol)).not.toBeNull();
    expect(update.render(null)).not.toBeNull();
  });
});
