import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StreamMessage } from '../events.ts';
import { insertMedia } from '../db/media.ts';
import { addUser, bearer, makeTestApp, passwordToken, post, type TestApp } from './test-helpers.ts';

let t: TestApp;
let alice: string;
let bob: string;
let tokens: Record<string, string>;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

beforeEach(async () => {
  t = await makeTestApp();
  alice = addUser(t, 'alice');
  bob = addUser(t, 'bob');
  tokens = {};
  for (const name of ['alice', 'bob']) tokens[name] = await passwordToken(t.app, name);
  await t.app.inject({
    method: 'POST',
    url: `/api/v1/accounts/${alice}/follow`,
    headers: bearer(tokens.bob!),
  });
});
afterEach(async () => t.close());

const call = async (method: 'GET' | 'PUT' | 'POST', url: string, user?: string, payload?: Json) => {
  const response = await t.app.inject({
    method,
    url,
    headers: user ? bearer(tokens[user]!) : {},
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Json };
};

describe('editing', () => {
  it('edits own statuses, keeps history, serves the source, streams and notifies', async () => {
    const status = await post(t.app, tokens.alice!, {
      status: 'first #one',
      poll: { options: ['a', 'b'], expires_in: 600 },
    });
    await call('POST', `/api/v1/statuses/${status.id}/favourite`, 'bob');
    const messages: StreamMessage[] = [];
    t.ctx.events.on('stream', (m) => messages.push(m));

    const edited = await call('PUT', `/api/v1/statuses/${status.id}`, 'alice', {
      status: 'second #two',
      spoiler_text: 'cw',
      sensitive: true,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: status.id,
      spoiler_text: 'cw',
      sensitive: true,
      edited_at: expect.any(String),
      tags: [{ name: 'two' }],
      poll: { options: [{ title: 'a' }, { title: 'b' }] },
    });
    expect(edited.body.content).toContain('second');
    const update = messages.find((m) => m.event === 'status.update')!;
    expect(update.streams).toEqual(expect.arrayContaining(['public', `user:${bob}`]));
    expect((update.render(bob) as Json).content).toContain('second');
    const notes = (await call('GET', '/api/v1/notifications', 'bob')).body as Json[];
    expect(notes.find((n) => n.type === 'update')?.status.id).toBe(status.id);

    const source = await call('GET', `/api/v1/statuses/${status.id}/source`, 'alice');
    expect(source.body).toEqual({
      id: status.id,
      text: 'second #two',
      spoiler_text: 'cw',
      content_type: 'text/plain',
    });
    expect((await call('GET', `/api/v1/statuses/${status.id}/source`, 'bob')).status).toBe(403);

    await call('PUT', `/api/v1/statuses/${status.id}`, 'alice', {
      status: 'third',
      poll: { options: ['a', 'b', 'c'], expires_in: 600 },
    });
    const history = await call('GET', `/api/v1/statuses/${status.id}/history`, 'bob');
    expect(history.body.map((v: Json) => [v.spoiler_text, v.sensitive])).toEqual([
      ['', false],
      ['cw', true],
      ['cw', true],
    ]);
    expect(history.body[0].content).toContain('first');
    expect(history.body[2].content).toContain('third');
    expect(history.body[0].created_at).toBe(status.created_at);
    expect(history.body[0].poll).toEqual({ options: [{ title: 'a' }, { title: 'b' }] });
    expect(history.body[2].poll.options).toHaveLength(3);
    expect(history.body[2].account.id).toBe(alice);
  });

  it('refuses others, bad input and reblogs; history of an unedited status has one version', async () => {
    const status = await post(t.app, tokens.alice!, { status: 'mine' });
    expect(
      (await call('PUT', `/api/v1/statuses/${status.id}`, 'bob', { status: 'x' })).status,
    ).toBe(403);
    expect(
      (await call('PUT', `/api/v1/statuses/${status.id}`, 'alice', { status: '' })).status,
    ).toBe(422);
    expect((await call('PUT', '/api/v1/statuses/nope', 'alice', { status: 'x' })).status).toBe(404);
    const history = await call('GET', `/api/v1/statuses/${status.id}/history`);
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ sensitive: false, media_attachments: [], emojis: [] });
    const reblog = await call('POST', `/api/v1/statuses/${status.id}/reblog`, 'bob');
    expect(
      (await call('PUT', `/api/v1/statuses/${reblog.body.id}`, 'bob', { status: 'x' })).status,
    ).toBe(404);
  });

  it('changes attachments, keeping old ones in the history', async () => {
    const status = await post(t.app, tokens.alice!, { status: 'pics' });
    const media = (n: number) =>
      insertMedia(t.ctx.db, {
        accountId: alice,
        type: 'image',
        filePath: `p${n}.png`,
        mimeType: 'image/png',
        description: `picture ${n}`,
      });
    const first = media(1);
    const second = media(2);
    const others = insertMedia(t.ctx.db, {
      accountId: bob,
      type: 'image',
      filePath: 'b.png',
      mimeType: 'image/png',
    });
    const added = await call('PUT', `/api/v1/statuses/${status.id}`, 'alice', {
      status: 'pics',
      media_ids: [first, second],
    });
    expect(added.body.media_attachments.map((m: Json) => m.id)).toEqual([first, second]);
    const swapped = await call('PUT', `/api/v1/statuses/${status.id}`, 'alice', {
      status: 'pics',
      media_ids: [second],
    });
    expect(swapped.body.media_attachments.map((m: Json) => m.id)).toEqual([second]);
    const bad = await call('PUT', `/api/v1/statuses/${status.id}`, 'alice', {
      status: 'pics',
      media_ids: [others],
    });
    expect(bad).toMatchObject({ status: 422, body: { error: 'Invalid media_ids' } });
    const history = await call('GET', `/api/v1/statuses/${status.id}/history`, 'alice');
    expect(history.body.map((v: Json) => v.media_attachments.length)).toEqual([0, 2, 1]);
    const onlyMedia = await call('GET', '/api/v1/timelines/public?only_media=true');
    expect(onlyMedia.body.map((s: Json) => s.id)).toEqual([status.id]);
  });
});
