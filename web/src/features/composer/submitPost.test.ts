import { plainFields } from '../../lib/testPostFields.ts';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client.ts';
import { parseAttachment } from '../../api/schemas/index.ts';
import type { Attachment } from '../../api/types.ts';
import { newPostBody } from '../../lib/newPost.ts';
import { DEFAULT_POLL_LIMITS, newPollDraft } from '../../lib/pollDraft.ts';
import { rawAccount } from '../navigation/testSupport.ts';
import type { ComposerFields } from './composerFields.ts';
import { submitPost, SubmitError } from './submitPost.ts';

const rawStatus = {
  id: '9',
  created_at: '2026-01-01T00:00:00.000Z',
  account: rawAccount(),
  content: '<p>hi</p>',
  visibility: 'public',
};

function attachment(id: string, description: string | null = null): Attachment {
  const parsed = parseAttachment({ id, type: 'image', url: `/media/${id}.png`, description });
  if (!parsed) throw new Error('fixture must parse');
  return parsed;
}

const fields = (over: Partial<ComposerFields> = {}): ComposerFields => ({
  ...plainFields('hello'),
  ...over,
});

/** A client whose server answers each call with the next of `answers` (status, body). */
function server(...answers: [number, unknown][]) {
  const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => {
    const [status, body] = answers.shift() ?? [500, { error: 'unexpected call' }];
    return new Response(JSON.stringify(body), { status });
  });
  const client = createApiClient({ getToken: () => 'token', fetchImpl });
  const calls = () =>
    fetchImpl.mock.calls.map(([url, init]) => ({
      url: String(url),
      method: init?.method,
      key: new Headers(init?.headers).get('Idempotency-Key'),
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
    }));
  return { client, calls };
}

const request = (f: ComposerFields, over = {}) => ({
  fields: f,
  pollLimits: DEFAULT_POLL_LIMITS,
  idempotencyKey: 'key-1',
  ...over,
});

async function problemOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SubmitError) return error.problem;
    throw error;
  }
  throw new Error('expected the post to be refused');
}

describe('submitPost', () => {
  it('refuses an empty post without asking the server', async () => {
    const { client, calls } = server();
    expect(await problemOf(submitPost(client, request(fields({ text: '  ' }))))).toEqual({
      key: 'post_status.empty_status_error',
    });
    expect(calls()).toHaveLength(0);
  });

  it('sends a post with only files and no text', async () => {
    const { client, calls } = server([200, rawStatus]);
    await submitPost(client, request(fields({ text: '', attachments: [attachment('m1')] })));
    expect(calls()[0]?.body).toMatchObject({ media_ids: ['m1'] });
  });

  it('refuses a poll with fewer than two different options', async () => {
    const { client, calls } = server();
    const poll = { ...newPollDraft(), options: ['same', ' same '] };
    expect(await problemOf(submitPost(client, request(fields({ poll }))))).toEqual({
      key: 'polls.not_enough_options',
    });
    expect(calls()).toHaveLength(0);
  });

  it('saves changed descriptions first, and a failed save stops the post', async () => {
    const { client, calls } = server([500, { error: 'disk full' }]);
    const f = fields({
      attachments: [attachment('m1'), attachment('m2', 'kept')],
      descriptions: { m1: 'A heron', m2: 'kept' },
    });
    expect(await problemOf(submitPost(client, request(f)))).toEqual({
      key: 'post_status.media_description_error',
    });
    expect(calls().map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /api/v1/media/m1']);
  });

  it('does not send blank descriptions', async () => {
    const { client, calls } = server([200, rawStatus]);
    const f = fields({ attachments: [attachment('m1')], descriptions: { m1: '   ' } });
    await submitPost(client, request(f));
    expect(calls().map((c) => c.url)).toEqual(['/api/v1/statuses']);
  });

  it('posts with the idempotency key, the reply and the normalised poll', async () => {
    const { client, calls } = server([200, rawStatus]);
    const poll = { ...newPollDraft(), options: ['tea', 'coffee', 'tea', ''] };
    await submitPost(client, request(fields({ poll }), { inReplyToId: '5' }));
    const [sent] = calls();
    expect(sent?.key).toBe('key-1');
    expect(sent?.body).toMatchObject({
      status: 'hello',
      in_reply_to_id: '5',
      poll: { options: ['tea', 'coffee'], expires_in: 600, multiple: false },
    });
  });

  it('sends the body the outbox writes for the service worker', async () => {
    const { client, calls } = server([200, rawStatus]);
    const f = fields({
      spoilerText: 'cw',
      sensitive: true,
      visibility: 'unlisted',
      attachments: [attachment('m1', 'said')],
      poll: { ...newPollDraft(), options: ['a', 'b'] },
    });
    await submitPost(client, request(f, { inReplyToId: '7' }));
    expect(calls()[0]?.body).toEqual(newPostBody(f, DEFAULT_POLL_LIMITS, '7'));
  });

  it("gives the server's refusal as the message", async () => {
    const { client } = server([422, { error: 'The post being replied to was deleted' }]);
    expect(await problemOf(submitPost(client, request(fields(), { inReplyToId: '5' })))).toEqual({
      message: 'The post being replied to was deleted',
    });
  });

  it('edits with PUT, without scope or poll', async () => {
    const { client, calls } = server([200, rawStatus]);
    await submitPost(client, request(fields({ text: 'fixed' }), { editId: '9' }));
    const [sent] = calls();
    expect(`${sent?.method} ${sent?.url}`).toBe('PUT /api/v1/statuses/9');
    expect(sent?.body).toMatchObject({ status: 'fixed' });
    expect(sent?.body).not.toHaveProperty('visibility');
    expect(sent?.body).not.toHaveProperty('poll');
  });
});
