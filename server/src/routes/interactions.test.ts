import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StreamMessage } from '../events.ts';
import { sql } from '../db/index.ts';
import { normaliseReaction } from './interactions.ts';
import { addUser, bearer, makeTestApp, passwordToken, post, type TestApp } from './test-helpers.ts';

let t: TestApp;
let alice: string;
let bob: string;
let carol: string;
let tokens: Record<string, string>;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeEach(async () => {
  t = await makeTestApp();
  alice = addUser(t, 'alice');
  bob = addUser(t, 'bob');
  carol = addUser(t, 'carol');
  sql(
    t.ctx.db,
    "INSERT INTO custom_emojis (shortcode, file_name) VALUES ('starling', 'starling.png')",
  ).run();
  tokens = {};
  for (const name of ['alice', 'bob', 'carol']) tokens[name] = await passwordToken(t.app, name);
  // bob follows alice; carol follows bob.
  for (const [who, whom] of [
    ['bob', alice],
    ['carol', bob],
  ] as const) {
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${whom}/follow`,
      headers: bearer(tokens[who]!),
    });
    expect(r.statusCode).toBe(200);
  }
});
afterEach(async () => t.close());

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
  return { status: response.statusCode, body: response.json() as Json, headers: response.headers };
};

const notificationsOf = async (user: string) =>
  (await call('GET', '/api/v1/notifications', user)).body as unknown as Json[];

describe('favourites, bookmarks, pins and thread mutes', () => {
  it('favourites idempotently, notifies the author once, and undoes', async () => {
    const status = await post(t.app, tokens.alice!, { status: 'fave me' });
    const first = await call('POST', `/api/v1/statuses/${status.id}/favourite`, 'bob');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: status.id, favourited: true, favourites_count: 1 });
    const again = await call('POST', `/api/v1/statuses/${status.id}/favourite`, 'bob');
    expect(again.body).toMatchObject({ favourited: true, favourites_count: 1 });
    const favs = (await notificationsOf('alice')).filter((n) => n.type === 'favourite');
    expect(favs).toHaveLength(1);
    expect(favs[0]!.account.id).toBe(bob);
    expect(favs[0]!.status.id).toBe(status.id);

    const by = await call('GET', `/api/v1/statuses/${status.id}/favourited_by`, 'carol');
    expect(by.body.map((a: Json) => a.id)).toEqual([bob]);

    const undone = await call('POST', `/api/v1/statuses/${status.id}/unfavourite`, 'bob');
    expect(undone.body).toMatchObject({ favourited: false, favourites_count: 0 });
    expect((await notificationsOf('alice')).filter((n) => n.type === 'favourite')).toEqual([]);
    // Self-favourites do not notify.
    await call('POST', `/api/v1/statuses/${status.id}/favourite`, 'alice');
    expect((await notificationsOf('alice')).filter((n) => n.type === 'favourite')).toEqual([]);
  });

  it('checks scopes and visibility', async () => {
    const status = await post(t.app, tokens.alice!, { status: 'private', visibility: 'private' });
    const readOnly = await passwordToken(t.app, 'bob', { scope: 'read' });
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/v1/statuses/${status.id}/favourite`,
      headers: bearer(readOnly),
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toContain('write:favourites');
    const favOnly = await passwordToken(t.app, 'bob', { scope: 'write:favourites' });
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/v1/statuses/${status.id}/favourite`,
      headers: bearer(favOnly),
    });
    expect(ok.statusCode).toBe(200);
    // carol does not follow alice: the private status does not exist for her.
    expect((await call('POST', `/api/v1/statuses/${status.id}/favourite`, 'carol')).status).toBe(
      404,
    );
    expect((await call('POST', '/api/v1/statuses/nope/bookmark', 'carol')).status).toBe(404);
    expect((await call('POST', `/api/v1/statuses/${status.id}/bookmark`)).status).toBe(401);
  });

  it('bookmarks and lists bookmarks and favourites with Link pagination by row', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await post(t.app, tokens.alice!, { status: `b${i}` })).id as string);
    // Bookmark oldest first: the newest bookmark is the oldest status.
    for (const id of ids) {
      const r = await call('POST', `/api/v1/statuses/${id}/bookmark`, 'bob');
      expect(r.body.bookmarked).toBe(true);
      await call('POST', `/api/v1/statuses/${id}/bookmark`, 'bob');
      await call(
        'POST',
        `/api/v1/statuses/${[...ids].reverse()[ids.indexOf(id)]}/favourite`,
        'bob',
      );
    }
    const page = await call('GET', '/api/v1/bookmarks?limit=2', 'bob');
    expect(page.body.map((s: Json) => s.id)).toEqual([ids[2], ids[1]]);
    const next = /<([^>]+)>; rel="next"/.exec(page.headers.link as string)![1]!;
    const rest = await call('GET', next.replace('http://127.0.0.1:4000', ''), 'bob');
    expect(rest.body.map((s: Json) => s.id)).toEqual([ids[0]]);
    const favs = await call('GET', '/api/v1/favourites', 'bob');
    expect(favs.body.map((s: Json) => s.id)).toEqual([ids[0], ids[1], ids[2]]);
    await call('POST', `/api/v1/statuses/${ids[1]}/unbookmark`, 'bob');
    expect((await call('GET', '/api/v1/bookmarks', 'bob')).body).toHaveLength(2);
    expect((await call('GET', '/api/v1/bookmarks', 'alice')).body).toEqual([]);
  });

  it("serves an account's favourites unless hidden", async () => {
    const status = await post(t.app, tokens.alice!, { status: 'x' });
    await call('POST', `/api/v1/statuses/${status.id}/favourite`, 'bob');
    // hide_favorites defaults to true, as in Pleroma.
    const hidden = await call('GET', `/api/v1/pleroma/accounts/${bob}/favourites`, 'carol');
    expect(hidden.status).toBe(403);
    expect(hidden.body.error).toBe("Can't get favorites");
    expect(
      (await call('GET', `/api/v1/pleroma/accounts/${bob}/favourites`, 'bob')).body,
    ).toHaveLength(1);
    sql(t.ctx.db, 'UPDATE accounts SET hide_favorites = 0 WHERE id = ?').run(bob);
    const shown = await call('GET', `/api/v1/pleroma/accounts/${bob}/favourites`);
    expect(shown.body.map((s: Json) => s.id)).toEqual([status.id]);
    expect((await call('GET', '/api/v1/pleroma/accounts/nobody/favourites')).status).toBe(404);
  });

  it('pins own public or unlisted statuses only', async () => {
    const mine = await post(t.app, tokens.alice!, { status: 'pin me' });
    const pinned = await call('POST', `/api/v1/statuses/${mine.id}/pin`, 'alice');
    expect(pinned.body).toMatchObject({ pinned: true, pleroma: { pinned_at: expect.any(String) } });
    expect((await call('POST', `/api/v1/statuses/${mine.id}/pin`, 'alice')).status).toBe(200);
    const other = await call('POST', `/api/v1/statuses/${mine.id}/pin`, 'bob');
    expect(other).toMatchObject({
      status: 422,
      body: { error: "Someone else's status cannot be pinned" },
    });
    const secret = await post(t.app, tokens.alice!, { status: 'p', visibility: 'private' });
    const refused = await call('POST', `/api/v1/statuses/${secret.id}/pin`, 'alice');
    expect(refused).toMatchObject({
      status: 422,
      body: { error: 'Non-public status cannot be pinned' },
    });
    const pins = await call('GET', `/api/v1/accounts/${alice}/statuses?pinned=true`, 'bob');
    expect(pins.body.map((s: Json) => s.id)).toEqual([mine.id]);
    const unpinned = await call('POST', `/api/v1/statuses/${mine.id}/unpin`, 'alice');
    expect(unpinned.body.pinned).toBe(false);
  });

  it('mutes a thread: every status of the conversation renders muted, context keeps working', async () => {
    const root = await post(t.app, tokens.alice!, { status: 'thread' });
    const reply = await post(t.app, tokens.bob!, { status: 'reply', in_reply_to_id: root.id });
    const muted = await call('POST', `/api/v1/statuses/${reply.id}/mute`, 'alice');
    expect(muted.body).toMatchObject({ muted: true, pleroma: { thread_muted: true } });
    expect((await call('POST', `/api/v1/statuses/${reply.id}/mute`, 'alice')).status).toBe(200);
    const rootNow = await call('GET', `/api/v1/statuses/${root.id}`, 'alice');
    expect(rootNow.body).toMatchObject({ muted: true, pleroma: { thread_muted: true } });
    expect((await call('GET', `/api/v1/statuses/${root.id}`, 'bob')).body.muted).toBe(false);
    const context = await call('GET', `/api/v1/statuses/${root.id}/context`, 'alice');
    expect(context.body.descendants.map((s: Json) => s.id)).toEqual([reply.id]);
    expect(context.body.descendants[0].muted).toBe(true);
    // Others' posts in the muted thread leave alice's home timeline, unless with_muted.
    const home = await call('GET', '/api/v1/timelines/home', 'alice');
    expect(home.body.map((s: Json) => s.id)).toEqual([root.id]);
    const all = await call('GET', '/api/v1/timelines/home?with_muted=true', 'alice');
    expect(all.body.map((s: Json) => s.id)).toEqual([reply.id, root.id]);
    const unmuted = await call('POST', `/api/v1/statuses/${root.id}/unmute`, 'alice');
    expect(unmuted.body).toMatchObject({ muted: false, pleroma: { thread_muted: false } });
  });
});

describe('reblogs', () => {
  it("reblogs into followers' home timelines and public timelines, with a notification and a stream update", async () => {
    const original = await post(t.app, tokens.alice!, { status: 'boost me #tag' });
    const messages: StreamMessage[] = [];
    t.ctx.events.on('stream', (m) => messages.push(m));
    const reblog = await call('POST', `/api/v1/statuses/${original.id}/reblog`, 'bob');
    expect(reblog.status).toBe(200);
    expect(reblog.body).toMatchObject({
      account: { id: bob },
      reblogged: true,
      visibility: 'public',
      content: original.content,
      reblog: { id: original.id, reblogged: true, reblogs_count: 1 },
    });
    expect(reblog.body.id).not.toBe(original.id);
    const again = await call('POST', `/api/v1/statuses/${original.id}/reblog`, 'bob');
    expect(again.body.id).toBe(reblog.body.id);

    const update = messages.find((m) => m.event === 'update')!;
    expect(update.streams).toEqual(
      expect.arrayContaining(['public', 'public:local', `user:${bob}`, `user:${carol}`]),
    );
    expect((update.render(carol) as Json).reblog.id).toBe(original.id);
    expect(messages.filter((m) => m.event === 'notification')).toHaveLength(1);

    const carolsHome = await call('GET', '/api/v1/timelines/home', 'carol');
    expect(carolsHome.body.map((s: Json) => s.id)).toEqual([reblog.body.id]);
    const pub = await call('GET', '/api/v1/timelines/public');
    expect(pub.body.map((s: Json) => s.id)).toEqual([reblog.body.id, original.id]);
    const notes = (await notificationsOf('alice')).filter((n) => n.type === 'reblog');
    expect(notes.map((n) => [n.account.id, n.status.id])).toEqual([[bob, original.id]]);

    const by = await call('GET', `/api/v1/statuses/${original.id}/reblogged_by`);
    expect(by.body.map((a: Json) => a.id)).toEqual([bob]);
    // Favouriting the reblog favourites the original.
    const fav = await call('POST', `/api/v1/statuses/${reblog.body.id}/favourite`, 'carol');
    expect(fav.body).toMatchObject({ id: original.id, favourited: true });
    // The context of a reblog is the original's.
    const context = await call('GET', `/api/v1/statuses/${reblog.body.id}/context`, 'carol');
    expect(context.status).toBe(200);

    const statuses = await call('GET', `/api/v1/accounts/${bob}/statuses`, 'carol');
    expect(statuses.body.map((s: Json) => s.id)).toEqual([reblog.body.id]);
    const noReblogs = await call(
      'GET',
      `/api/v1/accounts/${bob}/statuses?exclude_reblogs=true`,
      'carol',
    );
    expect(noReblogs.body).toEqual([]);

    messages.length = 0;
    const undone = await call('POST', `/api/v1/statuses/${original.id}/unreblog`, 'bob');
    expect(undone.body).toMatchObject({ id: original.id, reblogged: false, reblogs_count: 0 });
    expect(messages.find((m) => m.event === 'delete')?.render(carol)).toBe(reblog.body.id);
    expect((await call('GET', '/api/v1/timelines/home', 'carol')).body).toEqual([]);
    expect((await notificationsOf('alice')).filter((n) => n.type === 'reblog')).toEqual([]);
  });

  it('refuses to reblog private and direct posts, except own private ones to followers', async () => {
    const secret = await post(t.app, tokens.alice!, { status: 'followers', visibility: 'private' });
    const refused = await call('POST', `/api/v1/statuses/${secret.id}/reblog`, 'bob');
    expect(refused).toMatchObject({ status: 422, body: { error: 'can not announce this object' } });
    const own = await call('POST', `/api/v1/statuses/${secret.id}/reblog`, 'alice');
    expect(own.status).toBe(200);
    expect(own.body.visibility).toBe('private');
    const direct = await post(t.app, tokens.alice!, { status: '@bob hi', visibility: 'direct' });
    expect((await call('POST', `/api/v1/statuses/${direct.id}/reblog`, 'bob')).status).toBe(422);
    expect((await call('POST', `/api/v1/statuses/${direct.id}/reblog`, 'alice')).status).toBe(422);
    const open = await post(t.app, tokens.alice!, { status: 'open' });
    const badVisibility = await call('POST', `/api/v1/statuses/${open.id}/reblog`, 'bob', {
      visibility: 'direct',
    });
    expect(badVisibility.status).toBe(422);
    const unlisted = await call('POST', `/api/v1/statuses/${open.id}/reblog`, 'bob', {
      visibility: 'unlisted',
    });
    expect(unlisted.body.visibility).toBe('unlisted');
    // Unlisted reblogs stay off the public timeline.
    const pub = await call('GET', '/api/v1/timelines/public');
    expect(pub.body.map((s: Json) => s.id)).not.toContain(unlisted.body.id);
  });
});

describe('emoji reactions', () => {
  it('validates the emoji: one unicode emoji or a known custom shortcode', () => {
    const known = (code: string) => code === 'starling';
    expect(normaliseReaction('👍', known)).toBe('👍');
    expect(normaliseReaction('❤', known)).toBe('❤️');
    expect(normaliseReaction('❤️', known)).toBe('❤️');
    expect(normaliseReaction('👩‍👩‍👧', known)).toBe('👩‍👩‍👧');
    expect(normaliseReaction('🇫🇷', known)).toBe('🇫🇷');
    expect(normaliseReaction(':starling:', known)).toBe('starling');
    expect(normaliseReaction('starling', known)).toBe('starling');
    for (const bad of ['👍👍', 'a', '1', ':nope:', '', 'hello', '<b>']) {
      expect(normaliseReaction(bad, known), bad).toBeNull();
    }
  });

  it('adds, lists and removes reactions, with notifications', async () => {
    const status = await post(t.app, tokens.alice!, { status: 'react to me' });
    const url = (emoji: string) =>
      `/api/v1/pleroma/statuses/${status.id}/reactions/${encodeURIComponent(emoji)}`;
    const added = await call('PUT', url('👍'), 'bob');
    expect(added.status).toBe(200);
    expect(added.body.pleroma.emoji_reactions).toEqual([
      { name: '👍', count: 1, me: true, url: null, account_ids: [bob] },
    ]);
    await call('PUT', url('👍'), 'bob');
    await call('PUT', url('👍'), 'carol');
    const custom = await call('PUT', url(':starling:'), 'carol');
    expect(custom.body.pleroma.emoji_reactions).toEqual([
      { name: '👍', count: 2, me: true, url: null, account_ids: [bob, carol] },
      {
        name: 'starling',
        count: 1,
        me: true,
        url: 'http://127.0.0.1:4000/emoji/custom/starling.png',
        account_ids: [carol],
      },
    ]);
    const alias = await call(
      'PUT',
      `/api/v1/statuses/${status.id}/emoji_reactions/${encodeURIComponent('🔥')}`,
      'bob',
    );
    expect(alias.status).toBe(200);

    const list = await call('GET', `/api/v1/pleroma/statuses/${status.id}/reactions`, 'bob');
    expect(list.body.map((r: Json) => [r.name, r.count, r.me, r.accounts.length])).toEqual([
      ['👍', 2, true, 2],
      ['starling', 1, false, 1],
      ['🔥', 1, true, 1],
    ]);
    const one = await call('GET', url('starling'));
    expect(one.body).toHaveLength(1);
    expect(one.body[0]).toMatchObject({ name: 'starling', me: false });
    expect(one.body[0].accounts[0].id).toBe(carol);

    const notes = (await notificationsOf('alice')).filter(
      (n) => n.type === 'pleroma:emoji_reaction',
    );
    expect(notes).toHaveLength(4);
    const customNote = notes.find((n) => n.emoji === ':starling:')!;
    expect(customNote.emoji_url).toBe('http://127.0.0.1:4000/emoji/custom/starling.png');
    expect(notes.find((n) => n.emoji === '👍')!.emoji_url).toBeNull();

    for (const bad of ['nope', '👍👍', 'x']) {
      const r = await call('PUT', url(bad), 'bob');
      expect(r, bad).toMatchObject({
        status: 400,
        body: { error: 'Could not add reaction emoji' },
      });
    }
    const removed = await call('DELETE', url('👍'), 'bob');
    expect(removed.body.pleroma.emoji_reactions.find((r: Json) => r.name === '👍')).toMatchObject({
      count: 1,
      me: false,
    });
    expect(
      (await notificationsOf('alice')).filter((n) => n.type === 'pleroma:emoji_reaction'),
    ).toHaveLength(3);
    expect((await call('PUT', url('👍'))).status).toBe(401);
  });
});
