import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './client.ts';
import { updateMediaDescription, uploadMedia } from './media.ts';

const ATTACHMENT = {
  id: '42',
  type: 'image',
  url: 'https://pl.example/media/cat.png',
  preview_url: 'https://pl.example/media/cat.png',
  remote_url: null,
  description: null,
  pleroma: { mime_type: 'image/png' },
};

/** Stands in for XMLHttpRequest: records the request and lets the test answer it. */
class FakeXhr extends EventTarget {
  static last: FakeXhr | null = null;
  readonly upload = new EventTarget();
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;

  constructor() {
    super();
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    const event = Object.assign(new Event('progress'), { loaded, total, lengthComputable: true });
    this.upload.dispatchEvent(event);
  }
  answer(status: number, body: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.dispatchEvent(new Event('load'));
  }
  fail() {
    this.dispatchEvent(new Event('error'));
  }
}

const sent = () => {
  const xhr = FakeXhr.last;
  if (!xhr) throw new Error('no request was sent');
  return xhr;
};

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const client = (token: string | null = 'secret') =>
  createApiClient({ baseUrl: 'https://pl.example', getToken: () => token });

describe('uploadMedia', () => {
  it('posts the file as multipart field "file" with the bearer token and reports progress', async () => {
    const progress: number[] = [];
    const file = new File(['png bytes'], 'cat.png', { type: 'image/png' });
    const upload = uploadMedia(client(), file, { onProgress: (f) => progress.push(f) });

    const xhr = sent();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('https://pl.example/api/v1/media');
    expect(xhr.headers.Authorization).toBe('Bearer secret');
    const part = xhr.body?.get('file');
    expect(part).toBeInstanceOf(File);
    expect((part as File).name).toBe('cat.png');

    xhr.progress(50, 200);
    xhr.progress(200, 200);
    xhr.answer(200, ATTACHMENT);
    const attachment = await upload;
    expect(attachment).toMatchObject({ id: '42', kind: 'image', mimeType: 'image/png' });
    expect(progress).toEqual([0.25, 1, 1]);
  });

  it('names a pasted blob with the given file name and sends no token when anonymous', async () => {
    const upload = uploadMedia(client(null), new Blob(['x'], { type: 'image/png' }), {
      fileName: 'pasted.png',
    });
    const xhr = sent();
    expect((xhr.body?.get('file') as File).name).toBe('pasted.png');
    expect(xhr.headers.Authorization).toBeUndefined();
    xhr.answer(200, ATTACHMENT);
    await upload;
  });

  it('fails with the server error text, status and body', async () => {
    const upload = uploadMedia(client(), new Blob(['x']));
    sent().answer(413, { error: 'File is too large' }, 'Payload Too Large');
    const error = await upload.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'File is too large',
      status: 413,
      kind: 'http',
      body: { error: 'File is too large' },
    });
  });

  it('falls back to the status text when the error body says nothing', async () => {
    const upload = uploadMedia(client(), new Blob(['x']));
    sent().answer(500, '', 'Internal Server Error');
    await expect(upload).rejects.toMatchObject({ message: 'Internal Server Error', status: 500 });
  });

  it('fails as a network error when the connection drops', async () => {
    const upload = uploadMedia(client(), new Blob(['x']));
    sent().fail();
    await expect(upload).rejects.toMatchObject({ kind: 'network', status: 0 });
  });

  it('fails as invalid when the answer is not an attachment', async () => {
    const upload = uploadMedia(client(), new Blob(['x']));
    sent().answer(200, { nothing: true });
    await expect(upload).rejects.toMatchObject({ kind: 'invalid', status: 200 });
  });

  it('stops the upload when the signal aborts, rejecting with an AbortError', async () => {
    const controller = new AbortController();
    const upload = uploadMedia(client(), new Blob(['x']), { signal: controller.signal });
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent().aborted).toBe(true);
  });

  it('sends nothing when the signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadMedia(client(), new Blob(['x']), { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last).toBeNull();
  });
});

describe('updateMediaDescription', () => {
  it('puts the description on the attachment', async () => {
    const fetchImpl = vi.fn(
      async () =>
        new Response(JSON.stringify({ ...ATTACHMENT, description: 'A cat' }), { status: 200 }),
    );
    const api = createApiClient({ getToken: () => 'secret', fetchImpl });
    const attachment = await updateMediaDescription(api, '42', 'A cat');
    expect(attachment.description).toBe('A cat');
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/media/42');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ description: 'A cat' });
  });
});
