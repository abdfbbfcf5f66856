import { describe, expect, it, vi } from 'vitest';
import { rawAccount } from '../features/navigation/testSupport.ts';
import { createApiClient } from './client.ts';
import * as statuses from './statuses.ts';

const rawStatus = (over: Record<string, unknown> = {}) => ({
  id: '9',
  uri: 'http://localhost/objects/9',
  created_at: '2024-05-01T10:00:00.000Z',
  account: rawAccount(),
  content: '<p>hello</p>',
  visibility: 'public',
  ...over,
});

function stub(answer: unknown, status = 200) {
  const fetchImpl = vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(JSON.stringify(answer), { status }),
  );
  const client = createApiClient({ getToken: () => 'secret', fetchImpl });
  const call = (n = 0) => {
    const [url, init] = fetchImpl.mock.calls[n] ?? [];
    return {
      url: String(url),
      method: init?.method,
      headers: new Headers(init?.headers),
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
    };
  };
  return { client, call };
}

describe('create', () => {
  it('sends only the fields given, in the server names, with the idempotency key', async () => {
    const { client, call } = stub(rawStatus());
    const status = await statuses.create(
      client,
      {
        status: 'hello',
        visibility: 'unlisted',
        contentType: 'text/markdown',
        inReplyToId: '7',
        poll: { options: ['a', 'b'], expiresIn: 600, multiple: false },
      },
      '1700000000000-abc',
    );
    expect(status.id).toBe('9');
    const sent = call();
    expect(sent.url).toBe('/api/v1/statuses');
    expect(sent.method).toBe('POST');
    expect(sent.headers.get('Idempotency-Key')).toBe('1700000000000-abc');
    expect(sent.headers.get('Content-Type')).toBe('application/json');
    expect(sent.body).toEqual({
      status: 'hello',
      visibility: 'unlisted',
      content_type: 'text/markdown',
      in_reply_to_id: '7',
      poll: { options: ['a', 'b'], expires_in: 600, multiple: false },
    });
  });

  it('sends media ids and the sensitive flag', async () => {
    const { client, call } = stub(rawStatus());
    await statuses.create(client, {
      status: '',
      spoilerText: 'cw',
      sensitive: true,
      mediaIds: ['m1', 'm2'],
    });
    expect(call().headers.get('Idempotency-Key')).toBeNull();
    expect(call().body).toEqual({
      status: '',
      spoiler_text: 'cw',
      sensitive: true,
      media_ids: ['m1', 'm2'],
    });
  });
});

describe('preview', () => {
  it('asks for a preview without media or poll', async () => {
    const { client, call } = stub(rawStatus());
    await statuses.preview(client, {
      status: 'hello *world*',
      contentType: 'text/markdown',
      mediaIds: ['m1'],
      poll: { options: ['a', 'b'], expiresIn: 600 },
    });
    expect(call().body).toEqual({
      status: 'hello *world*',
      content_type: 'text/markdown',
      preview: true,
    });
  });

  it('reads a preview whose id the server left blank', async () => {
    const { client } = stub(rawStatus({ id: '', content: '<p>hello <em>world</em></p>' }));
    const status = await statuses.preview(client, { status: 'hello *world*' });
    expect(status.content).toBe('<p>hello <em>world</em></p>');
  });

  it('passes on the server error', async () => {
    const { client } = stub({ error: 'Cannot post an empty status without attachments' }, 422);
    await expect(statuses.preview(client, { status: '' })).rejects.toMatchObject({
      status: 422,
      message: 'Cannot post an empty status without attachments',
    });
  });
});

describe('edit', () => {
  it('puts the new text, subject, media and format on the status', async () => {
    const { client, call } = stub(rawStatus());
    await statuses.edit(client, '9', {
      status: 'fixed',
      spoilerText: '',
      sensitive: false,
      mediaIds: [],
      contentType: 'text/plain',
    });
    expect(call().url).toBe('/api/v1/statuses/9');
    expect(call().method).toBe('PUT');
    expect(call().body).toEqual({
      status: 'fixed',
      spoiler_text: '',
      sensitive: false,
      media_ids: [],
      content_type: 'text/plain',
    });
  });

  it('leaves out what was not given, so the server keeps it', async () => {
    const { client, call } = stub(rawStatus());
    await statuses.edit(client, '9', { status: 'only text' });
    expect(call().body).toEqual({ status: 'only text' });
  });
});

describe('source', () => {
  it('reads the text the post was written in', async () => {
    const { client, call } = stub({
      id: '9',
      text: 'hello *world*',
      spoiler_text: 'cw',
      content_type: 'text/markdown',
    });
    expect(await statuses.source(client, '9')).toEqual({
      id: '9',
      text: 'hello *world*',
      spoilerText: 'cw',
      contentType: 'text/markdown',
    });
    expect(call().url).toBe('/api/v1/statuses/9/source');
  });

  it('fails as invalid when the answer is unreadable', async () => {
    const { client } = stub({ nothing: true });
    await expect(statuses.source(client, '9')).rejects.toMatchObject({ kind: 'invalid' });
  });
});
