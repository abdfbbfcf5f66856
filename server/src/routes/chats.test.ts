import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamMessage } from '../events.ts';
import { sql } from '../db/index.ts';
import { insertMedia } from '../db/media.ts';
import { purgeAccount } from './account-purge.ts';
import {
  EMPTY_MESSAGE,
  INVALID_MEDIA,
  MESSAGE_TOO_LONG,
  NOT_ACCEPTING,
  NOT_YOUR_MESSAGE,
} from './chats.ts';
import { CHAT_LIMIT } from './constants.ts';
import { addUser, bearer, makeTestApp, passwordToken, type TestApp } from './test-helpers.ts';

type Json = Record<string, unknown> & { id: string };

let t: TestApp;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await makeTestApp();
  for (const name of ['alice', 'bob', 'carol', 'dave', 'erin', 'finn', 'gail', 'hank']) {
    ids[name] = addUser(t, name);
    tokens[name] = await passwordToken(t.app, name);
  }
  sql(
    t.ctx.db,
    "INSERT INTO custom_emojis (shortcode, file_name, category) VALUES ('blob', 'blob.png', 'Custom')",
  ).run();
});
afterAll(async () => t.close());

const call = async (
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  user?: string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = {},
) => {
  const response = await t.app.inject({
    method,
    url,
    headers: { ...(user ? bearer(tokens[user]!) : {}), ...headers },
    ...(payload ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    body: response.json() as Json & Json[],
    link: response.headers.link as string | undefined,
  };
};

/** A call that must answer 200. */
const ok = async (...args: Parameters<typeof call>) => {
  const answer = await call(...args);
  expect(answer.status, `${args[0]} ${args[1]}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body;
};

const chatWith = async (user: string, other: string) =>
  ok('POST', `/api/v1/pleroma/chats/by-account-id/${ids[other]}`, user);

const send = (user: string, chatId: string, payload: Record<string, unknown>, key?: string) =>
  call(
    'POST',
    `/api/v1/pleroma/chats/${chatId}/messages`,
    user,
    payload,
    key ? { 'idempotency-key': key } : {},
  );

const say = async (user: string, chatId: string, content: string) => {
  const answer = await send(user, chatId, { content });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

const messagesOf = async (user: string, chatId: string, query = '') =>
  (await ok('GET', `/api/v1/pleroma/chats/${chatId}/messages${query}`, user)) as Json[];

const upload = (owner: string) =>
  insertMedia(t.ctx.db, {
    accountId: ids[owner]!,
    type: 'image',
    filePath: `attachments/${owner}-${Math.random()}.png`,
    mimeType: 'image/png',
    description: 'a bird',
  });

/** Collects what is published while `run` runs. */
const published = async (run: () => Promise<unknown>): Promise<StreamMessage[]> => {
  const seen: StreamMessage[] = [];
  const listen = (message: StreamMessage) => seen.push(message);
  t.ctx.events.on('stream', listen);
  try {
    await run();
  } finally {
    t.ctx.events.off('stream', listen);
  }
  return seen;
};

describe('opening a chat', () => {
  it('creates one chat per pair of accounts and returns it again to either member', async () => {
    const first = await chatWith('alice', 'bob');
    expect(first).toMatchObject({ unread: 0, last_message: null });
    expect((first.account as Json).id).toBe(ids.bob);
    expect(typeof first.updated_at).toBe('string');
    const again = await chatWith('alice', 'bob');
    expect(again.id).toBe(first.id);
    const fromBob = await chatWith('bob', 'alice');
    expect(fromBob.id).toBe(first.id);
    expect((fromBob.account as Json).id).toBe(ids.alice);
    const shown = await ok('GET', `/api/v1/pleroma/chats/${first.id}`, 'bob');
    expect((shown.account as Json).id).toBe(ids.alice);
  });

  it('answers an unknown account with 404 JSON', async () => {
    const answer = await call('POST', '/api/v1/pleroma/chats/by-account-id/nobody', 'alice');
    expect(answer.status).toBe(404);
    expect(answer.body.error).toBeTruthy();
  });

  it('needs a token with the chat scopes', async () => {
    const anonymous = await call('GET', '/api/v1/pleroma/chats');
    expect(anonymous.status).toBe(401);
    const readOnly = await passwordToken(t.app, 'alice', { scope: 'read' });
    const list = await t.app.inject({ url: '/api/v1/pleroma/chats', headers: bearer(readOnly) });
    expect(list.statusCode).toBe(200);
    const create = await t.app.inject({
      method: 'POST',
      url: `/api/v1/pleroma/chats/by-account-id/${ids.bob}`,
      headers: bearer(readOnly),
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().error).toMatch(/write:chats/);
  });
});

describe('sending', () => {
  it('sends text rendered like a status: escaped, linked, with custom emoji', async () => {
    const chat = await chatWith('alice', 'carol');
    const message = await say('alice', chat.id, '<b>hi</b> :blob: see https://birds.example/x');
    expect(message).toMatchObject({
      chat_id: chat.id,
      account_id: ids.alice,
      unread: false,
      attachment: null,
      card: null,
    });
    expect(message.content).toContain('&lt;b&gt;hi&lt;/b&gt;');
    expect(message.content).toContain('<a href="https://birds.example/x"');
    expect(message.emojis).toEqual([
      expect.objectContaining({ shortcode: 'blob', url: expect.stringMatching(/blob\.png$/) }),
    ]);
    expect(message).not.toHaveProperty('idempotency_key');
    const [seenByCarol] = await messagesOf('carol', chat.id);
    expect(seenByCarol).toMatchObject({ id: message.id, unread: true });
    const carolsChat = await ok('GET', `/api/v1/pleroma/chats/${chat.id}`, 'carol');
    expect(carolsChat.unread).toBe(1);
    expect((carolsChat.last_message as Json).id).toBe(message.id);
    expect((await ok('GET', `/api/v1/pleroma/chats/${chat.id}`, 'alice')).unread).toBe(0);
  });

  it('sends an upload alone, and only an own upload not used elsewhere', async () => {
    const chat = await chatWith('alice', 'carol');
    const mediaId = upload('alice');
    const message = await send('alice', chat.id, { media_id: mediaId });
    expect(message.status, JSON.stringify(message.body)).toBe(200);
    expect(message.body.content).toBeNull();
    expect(message.body.attachment).toMatchObject({
      id: mediaId,
      type: 'image',
      description: 'a bird',
    });
    const reused = await send('alice', chat.id, { media_id: mediaId });
    expect(reused).toMatchObject({ status: 422, body: { error: INVALID_MEDIA } });
    const foreign = await send('alice', chat.id, { content: 'look', media_id: upload('bob') });
    expect(foreign).toMatchObject({ status: 422, body: { error: INVALID_MEDIA } });
    const missing = await send('alice', chat.id, { media_id: 'no-such-upload' });
    expect(missing).toMatchObject({ status: 422, body: { error: INVALID_MEDIA } });
    const asStatus = await call('POST', '/api/v1/statuses', 'alice', {
      status: 'same picture',
      media_ids: [mediaId],
    });
    expect(asStatus.status).toBe(422);
  });

  it('refuses an empty message and one over the limit with 422', async () => {
    const chat = await chatWith('alice', 'carol');
    for (const payload of [{}, { content: '' }, { content: '  \n ' }])
      expect(await send('alice', chat.id, payload)).toMatchObject({
        status: 422,
        body: { error: EMPTY_MESSAGE },
      });
    expect(await send('alice', chat.id, { content: 'x'.repeat(CHAT_LIMIT + 1) })).toMatchObject({
      status: 422,
      body: { error: MESSAGE_TOO_LONG },
    });
    expect((await send('alice', chat.id, { content: { nested: true } })).status).toBe(422);
    expect((await send('alice', chat.id, { content: 'x'.repeat(CHAT_LIMIT) })).status).toBe(200);
  });

  it('answers a repeat with the same Idempotency-Key with the same message, stored once', async () => {
    const chat = await chatWith('bob', 'carol');
    const first = await send('bob', chat.id, { content: 'only once' }, 'key-1');
    const second = await send('bob', chat.id, { content: 'only once' }, 'key-1');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(first.body.idempotency_key).toBe('key-1');
    const listed = await messagesOf('carol', chat.id);
    expect(listed.filter((m) => m.content === 'only once')).toEqual([
      expect.objectContaining({ id: first.body.id, idempotency_key: 'key-1' }),
    ]);
    const other = await send('bob', chat.id, { content: 'only once' }, 'key-2');
    expect(other.body.id).not.toBe(first.body.id);
    // Another user's key is theirs alone.
    const carols = await send('carol', chat.id, { content: 'mine' }, 'key-1');
    expect(carols.body.id).not.toBe(first.body.id);
  });
});

describe('malformed requests', () => {
  it('answers each with a 4xx JSON error, never a 500', async () => {
    const chat = await chatWith('alice', 'bob');
    for (const [method, url, payload, headers] of [
      ['GET', '/api/v1/pleroma/chats?with_muted=maybe'],
      ['GET', '/api/v2/pleroma/chats?limit=many'],
      ['GET', `/api/v1/pleroma/chats/${chat.id}/messages?max_id=${'x'.repeat(100)}`],
      ['POST', `/api/v1/pleroma/chats/${chat.id}/read`, { last_read_id: { id: 1 } }],
      ['POST', `/api/v1/pleroma/chats/${chat.id}/messages`, { content: 42 }],
      ['POST', `/api/v1/pleroma/chats/${chat.id}/messages`, { media_id: { id: 'x' } }],
      [
        'POST',
        `/api/v1/pleroma/chats/${chat.id}/messages`,
        { content: 'hi' },
        { 'idempotency-key': 'k'.repeat(300) },
      ],
      ['POST', '/api/v1/pleroma/chats/no-such-chat/messages', { content: 'hi' }],
      ['DELETE', `/api/v1/pleroma/chats/${chat.id}/messages/no-such-message`],
    ] as const) {
      const answer = await call(method, url, 'alice', payload, headers);
      expect(answer.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${method} ${url}`).toBeLessThan(500);
      expect(typeof answer.body.error, `${method} ${url}`).toBe('string');
    }
  });

  it('keeps a chat with oneself working, without notifying oneself', async () => {
    const own = await chatWith('carol', 'carol');
    expect((own.account as Json).id).toBe(ids.carol);
    const note = await say('carol', own.id, 'note to self');
    expect(note.unread).toBe(false);
    expect((await ok('GET', `/api/v1/pleroma/chats/${own.id}`, 'carol')).unread).toBe(0);
  });
});

describe('lists', () => {
  it('lists chats most recently updated first (v1) and pages them with Link headers (v2)', async () => {
    const chats: Json[] = [];
    for (const other of ['finn', 'gail', 'hank']) chats.push(await chatWith('dave', other));
    await say('gail', chats[1]!.id, 'first');
    await say('dave', chats[0]!.id, 'second');
    const v1 = (await ok('GET', '/api/v1/pleroma/chats', 'dave')) as Json[];
    expect(v1.map((c) => c.id)).toEqual([chats[0]!.id, chats[1]!.id, chats[2]!.id]);
    expect(v1[1]).toMatchObject({ unread: 1, last_message: { content: 'first' } });

    const page1 = await call('GET', '/api/v2/pleroma/chats?limit=2', 'dave');
    expect(page1.body.map((c) => c.id)).toEqual([chats[0]!.id, chats[1]!.id]);
    const next = /<([^>]+)>; rel="next"/.exec(page1.link ?? '')?.[1];
    expect(next).toContain(`max_id=${chats[1]!.id}`);
    expect(next).toContain('limit=2');
    const page2 = await call('GET', new URL(next!).pathname + new URL(next!).search, 'dave');
    expect(page2.body.map((c) => c.id)).toEqual([chats[2]!.id]);
    const newer = await call('GET', `/api/v2/pleroma/chats?min_id=${chats[2]!.id}`, 'dave');
    expect(newer.body.map((c) => c.id)).toEqual([chats[0]!.id, chats[1]!.id]);
    const unknown = await call('GET', '/api/v2/pleroma/chats?max_id=elsewhere', 'dave');
    expect(unknown.body).toEqual([]);
  });

  it('leaves chats with muted accounts out unless with_muted', async () => {
    const chat = await chatWith('hank', 'gail');
    await ok('POST', `/api/v1/accounts/${ids.gail}/mute`, 'hank');
    const listed = async (query: string) =>
      ((await ok('GET', `/api/v1/pleroma/chats${query}`, 'hank')) as Json[]).map((c) => c.id);
    expect(await listed('')).not.toContain(chat.id);
    expect(await listed('?with_muted=true')).toContain(chat.id);
    await ok('POST', `/api/v1/accounts/${ids.gail}/unmute`, 'hank');
  });

  it('pages messages newest first, 20 by default, with max_id, min_id and since_id', async () => {
    const chat = await chatWith('finn', 'hank');
    const sent: string[] = [];
    for (let i = 0; i < 25; i++) sent.push((await say('finn', chat.id, `m${i}`)).id);
    const newest = sent.slice().reverse();
    const first = await call('GET', `/api/v1/pleroma/chats/${chat.id}/messages`, 'hank');
    expect(first.body.map((m) => m.id)).toEqual(newest.slice(0, 20));
    expect(first.link).toContain(`max_id=${newest[19]}`);
    expect(first.link).toContain(`min_id=${newest[0]}`);
    const older = await messagesOf('hank', chat.id, `?max_id=${newest[19]}`);
    expect(older.map((m) => m.id)).toEqual(newest.slice(20));
    const justNewer = await messagesOf('hank', chat.id, `?min_id=${sent[2]}&limit=2`);
    expect(justNewer.map((m) => m.id)).toEqual([sent[4], sent[3]]);
    const since = await messagesOf('hank', chat.id, `?since_id=${sent[22]}`);
    expect(since.map((m) => m.id)).toEqual([sent[24], sent[23]]);
  });
});

describe('who may see and send', () => {
  it('keeps a chat to its two members: anyone else gets 404 on it and its messages', async () => {
    const chat = await chatWith('alice', 'bob');
    const message = await say('alice', chat.id, 'between us');
    for (const [method, url, payload] of [
      ['GET', `/api/v1/pleroma/chats/${chat.id}`],
      ['GET', `/api/v1/pleroma/chats/${chat.id}/messages`],
      ['POST', `/api/v1/pleroma/chats/${chat.id}/messages`, { content: 'hi' }],
      ['POST', `/api/v1/pleroma/chats/${chat.id}/read`, { last_read_id: message.id }],
      ['POST', `/api/v1/pleroma/chats/${chat.id}/messages/${message.id}/read`],
      ['DELETE', `/api/v1/pleroma/chats/${chat.id}/messages/${message.id}`],
    ] as const) {
      const answer = await call(method, url, 'carol', payload);
      expect(answer.status, `${method} ${url}`).toBe(404);
      expect(answer.body.error).toBeTruthy();
    }
    const carols = (await ok('GET', '/api/v1/pleroma/chats', 'carol')) as Json[];
    expect(carols.map((c) => c.id)).not.toContain(chat.id);
  });

  it('refuses creating a chat and sending across a block, either way', async () => {
    const chat = await chatWith('erin', 'finn');
    await ok('POST', `/api/v1/accounts/${ids.finn}/block`, 'erin');
    for (const [user, other] of [
      ['erin', 'finn'],
      ['finn', 'erin'],
    ] as const) {
      const create = await call('POST', `/api/v1/pleroma/chats/by-account-id/${ids[other]}`, user);
      expect(create.status, `${user} opens a chat with ${other}`).toBe(403);
      expect(create.body.error).toMatch(/blocked/);
      const sent = await send(user, chat.id, { content: 'hello?' });
      expect(sent.status, `${user} writes to ${other}`).toBe(403);
      expect(sent.body.error).toMatch(/blocked/);
    }
    const erins = (await ok('GET', '/api/v1/pleroma/chats', 'erin')) as Json[];
    expect(erins.map((c) => c.id)).not.toContain(chat.id);
    await ok('POST', `/api/v1/accounts/${ids.finn}/unblock`, 'erin');
    expect((await send('finn', chat.id, { content: 'friends again' })).status).toBe(200);
  });

  it('refuses messages to an account that does not accept them', async () => {
    const chat = await chatWith('gail', 'erin');
    await ok('PATCH', '/api/v1/accounts/update_credentials', 'erin', {
      accepts_chat_messages: false,
    });
    const refused = await send('gail', chat.id, { content: 'hello' });
    expect(refused).toMatchObject({ status: 422, body: { error: NOT_ACCEPTING } });
    expect((await send('erin', chat.id, { content: 'I can still write' })).status).toBe(200);
    await ok('PATCH', '/api/v1/accounts/update_credentials', 'erin', {
      accepts_chat_messages: true,
    });
    expect((await send('gail', chat.id, { content: 'hello' })).status).toBe(200);
  });
});

describe('deleting and reading', () => {
  it('deletes only own messages, answering with the message', async () => {
    const chat = await chatWith('carol', 'dave');
    const kept = await say('carol', chat.id, 'kept');
    const theirs = await say('dave', chat.id, 'theirs');
    const mine = await say('carol', chat.id, 'oops');
    const refused = await call(
      'DELETE',
      `/api/v1/pleroma/chats/${chat.id}/messages/${theirs.id}`,
      'carol',
    );
    expect(refused).toMatchObject({ status: 403, body: { error: NOT_YOUR_MESSAGE } });
    const events = await published(async () => {
      const deleted = await ok(
        'DELETE',
        `/api/v1/pleroma/chats/${chat.id}/messages/${mine.id}`,
        'carol',
      );
      expect(deleted).toMatchObject({ id: mine.id, content: 'oops' });
    });
    const listed = await messagesOf('dave', chat.id);
    expect(listed.map((m) => m.id)).toEqual([theirs.id, kept.id]);
    const update = events.find((e) => e.event === 'pleroma:chat_update')!;
    expect(update.render(ids.dave!)).toMatchObject({ last_message: { id: theirs.id } });
    const gone = await call(
      'DELETE',
      `/api/v1/pleroma/chats/${chat.id}/messages/${mine.id}`,
      'carol',
    );
    expect(gone.status).toBe(404);
  });

  it('marks read up to last_read_id and recounts unread; one message can be read alone', async () => {
    const chat = await chatWith('bob', 'hank');
    const sent = [];
    for (const text of ['one', 'two', 'three']) sent.push(await say('bob', chat.id, text));
    expect((await ok('GET', `/api/v1/pleroma/chats/${chat.id}`, 'hank')).unread).toBe(3);
    const missing = await call('POST', `/api/v1/pleroma/chats/${chat.id}/read`, 'hank', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/last_read_id/);
    const read = await ok('POST', `/api/v1/pleroma/chats/${chat.id}/read`, 'hank', {
      last_read_id: sent[1]!.id,
    });
    expect(read).toMatchObject({ id: chat.id, unread: 1 });
    // Reading one's own messages changes nothing for the other member.
    await ok('POST', `/api/v1/pleroma/chats/${chat.id}/read`, 'bob', { last_read_id: sent[2]!.id });
    expect((await ok('GET', `/api/v1/pleroma/chats/${chat.id}`, 'hank')).unread).toBe(1);
    const one = await ok(
      'POST',
      `/api/v1/pleroma/chats/${chat.id}/messages/${sent[2]!.id}/read`,
      'hank',
    );
    expect(one).toMatchObject({ id: sent[2]!.id, unread: false });
    expect((await ok('GET', `/api/v1/pleroma/chats/${chat.id}`, 'hank')).unread).toBe(0);
  });
});

describe('side effects of sending', () => {
  it('notifies the recipient with pleroma:chat_mention, listed only when asked for', async () => {
    const chat = await chatWith('gail', 'hank');
    const message = await say('gail', chat.id, 'ping');
    const plain = (await ok('GET', '/api/v1/notifications', 'hank')) as Json[];
    expect(plain.map((n) => n.type)).not.toContain('pleroma:chat_mention');
    const asked = (await ok(
      'GET',
      '/api/v1/notifications?include_types[]=pleroma:chat_mention',
      'hank',
    )) as Json[];
    const mention = asked.find((n) => (n.chat_message as Json | undefined)?.id === message.id);
    expect(mention).toMatchObject({
      type: 'pleroma:chat_mention',
      account: { id: ids.gail },
      chat_message: { chat_id: chat.id, content: 'ping', unread: true },
    });
    const senders = (await ok(
      'GET',
      '/api/v1/notifications?include_types[]=pleroma:chat_mention',
      'gail',
    )) as Json[];
    expect(senders.map((n) => (n.chat_message as Json).id)).not.toContain(message.id);
  });

  it('streams pleroma:chat_update to both members, each seeing the chat as theirs', async () => {
    const chat = await chatWith('alice', 'dave');
    let message: Json | undefined;
    const events = await published(async () => {
      message = await say('alice', chat.id, 'streamed');
    });
    const update = events.find((e) => e.event === 'pleroma:chat_update')!;
    expect(update.streams.sort()).toEqual(
      [`user:pleroma_chat:${ids.alice}`, `user:pleroma_chat:${ids.dave}`].sort(),
    );
    expect(update.render(ids.alice!)).toMatchObject({
      id: chat.id,
      account: { id: ids.dave },
      unread: 0,
      last_message: { id: message!.id, unread: false },
    });
    expect(update.render(ids.dave!)).toMatchObject({
      id: chat.id,
      account: { id: ids.alice },
      unread: 1,
      last_message: { id: message!.id, unread: true },
    });
    expect(update.render(ids.carol!)).toBeNull();
    expect(update.render(null)).toBeNull();
    const notification = events.find((e) => e.event === 'notification')!;
    expect(notification.streams).toEqual([`user:${ids.dave}`]);

    const onRead = await published(() =>
      ok('POST', `/api/v1/pleroma/chats/${chat.id}/read`, 'dave', { last_read_id: message!.id }),
    );
    const readUpdate = onRead.find((e) => e.event === 'pleroma:chat_update')!;
    expect(readUpdate.streams).toEqual([`user:pleroma_chat:${ids.dave}`]);
    expect(readUpdate.render(ids.dave!)).toMatchObject({ unread: 0 });
  });
});

describe('an account purged', () => {
  it('takes its chats with it, and nothing else breaks', async () => {
    const doomed = addUser(t, 'ivy');
    tokens.ivy = await passwordToken(t.app, 'ivy');
    ids.ivy = doomed;
    const chat = await chatWith('ivy', 'alice');
    await say('ivy', chat.id, 'bye');
    await say('alice', chat.id, 'bye ivy');
    purgeAccount(t.ctx, doomed);
    expect((await call('GET', `/api/v1/pleroma/chats/${chat.id}`, 'alice')).status).toBe(404);
    const alices = (await ok('GET', '/api/v1/pleroma/chats', 'alice')) as Json[];
    expect(alices.map((c) => c.id)).not.toContain(chat.id);
    await ok('GET', '/api/v1/notifications?include_types[]=pleroma:chat_mention', 'alice');
    const reopened = await call('POST', `/api/v1/pleroma/chats/by-account-id/${doomed}`, 'alice');
    expect(reopened.status).toBe(404);
  });
});

describe('the mastodon flavour', () => {
  let m: TestApp;
  beforeAll(async () => {
    m = await makeTestApp(undefined, { flavour: 'mastodon' });
  });
  afterAll(async () => m.close());

  it('has no chats: every chat path answers 404 and no feature is announced', async () => {
    const id = addUser(m, 'alice');
    for (const [method, url] of [
      ['GET', '/api/v1/pleroma/chats'],
      ['GET', '/api/v2/pleroma/chats'],
      ['POST', `/api/v1/pleroma/chats/by-account-id/${id}`],
      ['GET', '/api/v1/pleroma/chats/1/messages'],
      ['POST', '/api/v1/pleroma/chats/1/messages'],
      ['POST', '/api/v1/pleroma/chats/1/read'],
    ] as const) {
      const answer = await m.app.inject({ method, url });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    for (const url of ['/api/v1/instance', '/api/v2/instance', '/nodeinfo/2.1.json'])
      expect((await m.app.inject({ url })).body).not.toContain('pleroma_chat_messages');
  });
});
