import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StreamMessage } from '../events.ts';
import { sql } from '../db/index.ts';
import { POST_FORMATS } from '../views/formats/index.ts';
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
let alice: string;
let bob: string;
let tokens: Record<string, string>;

beforeEach(async () => {
  t = await makeTestApp();
  alice = addUser(t, 'alice');
  bob = addUser(t, 'bob');
  sql(
    t.ctx.db,
    "INSERT INTO custom_emojis (shortcode, file_name) VALUES ('starling', 'starling.png')",
  ).run();
  tokens = {
    alice: await passwordToken(t.app, 'alice'),
    bob: await passwordToken(t.app, 'bob'),
  };
});
afterEach(async () => t.close());

const count = (table: string) =>
  (sql(t.ctx.db, `SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

const send = (
  payload: Record<string, unknown>,
  options: { method?: 'POST' | 'PUT'; url?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: options.method ?? 'POST',
    url: options.url ?? '/api/v1/statuses',
    headers: { ...bearer(tokens.alice!), ...options.headers },
    payload,
  });

const mentionOfBob =
  `<span class="h-card"><a class="u-url mention" data-user="BOB" href="${TEST_ORIGIN}/users/bob" ` +
  'rel="ugc">@<span>bob</span></a></span>';
const hashtag = (tag: string) =>
  `<a class="hashtag" data-tag="${tag}" href="${TEST_ORIGIN}/tag/${tag}" rel="tag ugc">#${tag}</a>`;

describe('post formats', () => {
  it('renders Markdown with mentions, hashtags and links as in plain text', async () => {
    const status = await post(t.app, tokens.alice!, {
      status: '**Hello** @bob, see [the docs](https://docs.example) and #birds\n\n`#notatag`',
      content_type: 'text/markdown',
    });
    expect(status.content).toBe(
      `<p><strong>Hello</strong> ${mentionOfBob.replace('BOB', bob)}, see ` +
        `<a href="https://docs.example" rel="ugc">the docs</a> and ${hashtag('birds')}</p>` +
        '<p><code>#notatag</code></p>',
    );
    expect(status.tags).toEqual([{ name: 'birds', url: `${TEST_ORIGIN}/tag/birds` }]);
    expect((status.mentions as { id: string }[]).map((m) => m.id)).toEqual([bob]);
    expect((status.pleroma as { content: unknown }).content).toEqual({
      'text/plain': 'Hello @bob, see the docs and #birds\n\n#notatag',
    });
    const notifications = await t.app.inject({
      url: '/api/v1/notifications',
      headers: bearer(tokens.bob!),
    });
    expect(notifications.json()).toEqual([
      expect.objectContaining({
        type: 'mention',
        status: expect.objectContaining({ id: status.id }),
      }),
    ]);
    const source = await t.app.inject({
      url: `/api/v1/statuses/${status.id as string}/source`,
      headers: bearer(tokens.alice!),
    });
    expect(source.json()).toMatchObject({ content_type: 'text/markdown' });
  });

  it('renders BBCode and allow-listed HTML, and scrubs what is not allowed', async () => {
    const bbcode = await post(t.app, tokens.alice!, {
      status: '[b]bold[/b] [url=javascript:alert(1)]bad[/url] @bob :starling:',
      content_type: 'text/bbcode',
    });
    expect(bbcode.content).toBe(
      `<strong>bold</strong> bad ${mentionOfBob.replace('BOB', bob)} :starling:`,
    );
    expect(bbcode.emojis).toEqual([expect.objectContaining({ shortcode: 'starling' })]);

    const html = await post(t.app, tokens.alice!, {
      status:
        '<p onclick="x()">Hi <script>alert(1)</script><em>there</em> #html</p><img src=x onerror=alert(1)>',
      content_type: 'text/html',
    });
    expect(html.content).toBe(`<p>Hi <em>there</em> ${hashtag('html')}</p>`);
    expect(html.tags).toEqual([{ name: 'html', url: `${TEST_ORIGIN}/tag/html` }]);
  });

  it('keeps plain text the default, and refuses an unknown format', async () => {
    const plain = await post(t.app, tokens.alice!, { status: '**not bold**' });
    expect(plain.content).toBe('**not bold**');
    expect(sql(t.ctx.db, 'SELECT content_type FROM statuses').get()).toEqual({
      content_type: 'text/plain',
    });
    const unknown = await send({ status: 'x', content_type: 'text/rtf' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ error: 'Invalid content_type: text/rtf' });
    expect(count('statuses')).toBe(1);
  });

  it('re-renders an edit in its new format and keeps the format when none is given', async () => {
    const status = await post(t.app, tokens.alice!, { status: '*plain*' });
    const edited = await send(
      { status: '*now em*', content_type: 'text/markdown' },
      { method: 'PUT', url: `/api/v1/statuses/${status.id as string}` },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().content).toBe('<p><em>now em</em></p>');
    const again = await send(
      { status: '**still markdown**' },
      { method: 'PUT', url: `/api/v1/statuses/${status.id as string}` },
    );
    expect(again.json().content).toBe('<p><strong>still markdown</strong></p>');
    const source = await t.app.inject({
      url: `/api/v1/statuses/${status.id as string}/source`,
      headers: bearer(tokens.alice!),
    });
    expect(source.json()).toEqual({
      id: status.id,
      text: '**still markdown**',
      spoiler_text: '',
      content_type: 'text/markdown',
    });
    const bad = await send(
      { status: 'x', content_type: 'application/x-evil' },
      { method: 'PUT', url: `/api/v1/statuses/${status.id as string}` },
    );
    expect(bad.statusCode).toBe(422);
  });

  it('advertises exactly the formats it accepts', async () => {
    const instance = (await t.app.inject({ url: '/api/v1/instance' })).json();
    expect(instance.pleroma.metadata.post_formats).toEqual([...POST_FORMATS]);
    for (const format of instance.pleroma.metadata.post_formats as string[]) {
      const response = await send({ status: `in ${format}`, content_type: format });
      expect(response.statusCode, format).toBe(200);
    }
  });
});

describe('preview', () => {
  it('renders the status without saving, notifying or streaming anything', async () => {
    const messages: StreamMessage[] = [];
    t.ctx.events.on('stream', (m) => messages.push(m));
    const before = sql(t.ctx.db, 'SELECT statuses_count FROM accounts WHERE id = ?').get(alice);
    const response = await send({
      status: '# Title\n@bob #preview',
      content_type: 'text/markdown',
      preview: 'true',
      poll: { options: ['ignored'], expires_in: 'not a number' },
      media_ids: ['not-a-real-id'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview.content).toBe(
      `<h1>Title</h1><p>${mentionOfBob.replace('BOB', bob)} ${hashtag('preview')}</p>`,
    );
    expect(preview.account.id).toBe(alice);
    expect(preview.poll).toBeNull();
    expect(preview.media_attachments).toEqual([]);
    expect(count('statuses')).toBe(0);
    expect(count('notifications')).toBe(0);
    expect(count('status_tags')).toBe(0);
    expect(count('home_feed')).toBe(0);
    expect(sql(t.ctx.db, 'SELECT statuses_count FROM accounts WHERE id = ?').get(alice)).toEqual(
      before,
    );
    expect(messages).toEqual([]);
  });

  it('accepts JSON true, and refuses empty text like a post', async () => {
    const json = await send({ status: 'json preview', preview: true });
    expect(json.json().content).toBe('json preview');
    const empty = await send({ status: '  ', preview: true, media_ids: ['x'] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ error: 'Cannot post an empty status without attachments' });
    expect(count('statuses')).toBe(0);
  });

  it('does not use or record the Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'draft-1' };
    const preview = await send({ status: 'draft', preview: true }, { headers });
    const real = await send({ status: 'draft' }, { headers });
    expect(real.json().id).not.toBe(preview.json().id);
    expect(count('statuses')).toBe(1);
  });
});

describe('limits and idempotency', () => {
  it('answers each limit with a clear 422 error', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ status: 'x'.repeat(5001) }, 'The status is over the character limit'],
      [{ status: 'x', spoiler_text: 'y'.repeat(5000) }, 'The status is over the character limit'],
      [{ status: 'x', visibility: 'friends' }, 'Invalid visibility: friends'],
      [
        { status: 'x', poll: { options: ['a'], expires_in: 600 } },
        'Too few unique options in poll',
      ],
      [
        {
          status: 'x',
          poll: { options: Array.from({ length: 21 }, (_, i) => `o${i}`), expires_in: 600 },
        },
        "Poll can't contain more than 20 options",
      ],
      [
        { status: 'x', poll: { options: ['a', 'b'], expires_in: 40_000_000 } },
        'Expiration date is too far in the future',
      ],
      [{ status: 'x', media_ids: ['missing'] }, 'Invalid media_ids'],
      [
        { status: 'x', media_ids: Array.from({ length: 1001 }, (_, i) => `m${i}`) },
        'Too many attachments (at most 1000)',
      ],
    ];
    for (const [payload, error] of cases) {
      const response = await send(payload);
      expect(response.statusCode, error).toBe(422);
      expect(response.json()).toEqual({ error });
    }
    const longKey = await send(
      { status: 'x' },
      { headers: { 'idempotency-key': 'k'.repeat(257) } },
    );
    expect(longKey.statusCode).toBe(422);
    expect(longKey.json()).toEqual({ error: 'Idempotency-Key is too long' });
    expect(count('statuses')).toBe(0);
  });

  it('answers a retried submission with the same status, even after a restart', async () => {
    const headers = { 'idempotency-key': 'retry-me' };
    const first = await send({ status: 'only once' }, { headers });
    expect(first.statusCode).toBe(200);

    // Restart the instance on the same data folder.
    await t.app.close();
    const restarted = await makeTestApp(t.dir);
    t = restarted;
    const retried = await send({ status: 'only once' }, { headers });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().id).toBe(first.json().id);
    expect(count('statuses')).toBe(1);

    // Another account's key, and another key, are separate.
    const asBob = await t.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: { ...bearer(tokens.bob!), ...headers },
      payload: { status: 'only once' },
    });
    expect(asBob.json().id).not.toBe(first.json().id);
    const otherKey = await send(
      { status: 'only once' },
      { headers: { 'idempotency-key': 'other' } },
    );
    expect(otherKey.json().id).not.toBe(first.json().id);
    expect(count('statuses')).toBe(3);
  });

  it('forgets keys after an hour', async () => {
    const headers = { 'idempotency-key': 'old' };
    const first = await send({ status: 'first' }, { headers });
    sql(t.ctx.db, 'UPDATE idempotency_keys SET created_at = ?').run(
      new Date(Date.now() - 61 * 60 * 1000).toISOString(),
    );
    const second = await send({ status: 'second' }, { headers });
    expect(second.json().id).not.toBe(first.json().id);
    expect(sql(t.ctx.db, 'SELECT status_id FROM idempotency_keys').all()).toEqual([
      { status_id: second.json().id },
    ]);
  });
});
