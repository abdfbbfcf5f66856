import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BODY_TOO_LARGE,
  FORM_FIELD_TOO_LARGE,
  FORM_LIMITS,
  JSON_MAX_DEPTH,
  JSON_TOO_DEEP,
  TOO_MANY_PARTS,
} from './request-bodies.ts';
import {
  addUser,
  bearer,
  makeTestApp,
  passwordToken,
  type TestApp,
} from './routes/test-helpers.ts';

/** Bodies past the limits are refused while they arrive, before any route's handler runs. */

let t: TestApp;
let token: string;
let handlerRuns = 0;

beforeAll(async () => {
  t = await makeTestApp();
  // A form route that only counts its runs (added before the app is first used).
  t.app.post('/test/form', async () => {
    handlerRuns++;
    return {};
  });
  addUser(t, 'alice');
  token = await passwordToken(t.app, 'alice');
});
afterAll(async () => t.close());

const BOUNDARY = 'starling-limits';
const emptyPart = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\n\r\n`,
);
const multipartHeaders = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

/** The given number of empty parts, then a body that never ends (as a slow sender's would). */
function emptyPartsThenStall(count: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= count) return; // nothing more, and no end
      const batch = Math.min(1000, count - sent);
      sent += batch;
      this.push(Buffer.concat(Array.from({ length: batch }, () => emptyPart)));
    },
  });
}

describe('multipart limits', () => {
  it('refuses 300,000 empty parts to /oauth/token with a 413 while the body is still arriving', async () => {
    const body = emptyPartsThenStall(300_000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: multipartHeaders,
      payload: body,
    });
    body.destroy();
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: TOO_MANY_PARTS });
  });

  /** POSTs over a real connection, which delivers the body in socket-sized chunks. */
  async function postOverHttp(path: string, body: Buffer) {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      return await new Promise<{ status: number; json: unknown }>((resolve, reject) => {
        const request = httpRequest(
          `${address}${path}`,
          { method: 'POST', headers: multipartHeaders },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                json: JSON.parse(Buffer.concat(chunks).toString()),
              }),
            );
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    } finally {
      await t.app.server.close();
    }
  }

  it('never runs the handler of a form of 250,000 empty parts, and answers at once', async () => {
    // Under the body size limit: stopped by the part count.
    const complete = Buffer.concat([
      ...Array.from({ length: 250_000 }, () => emptyPart),
      Buffer.from(`--${BOUNDARY}--\r\n`),
    ]);
    const started = Date.now();
    const response = await postOverHttp('/test/form', complete);
    expect(response).toEqual({ status: 413, json: { error: TOO_MANY_PARTS } });
    expect(handlerRuns).toBe(0);
    // A generous bound: parsing every part took seconds.
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('refuses the reported 17 MB form of 300,000 empty parts by its size, before reading it', async () => {
    const complete = Buffer.concat([
      ...Array.from({ length: 300_000 }, () => emptyPart),
      Buffer.from(`--${BOUNDARY}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: multipartHeaders,
      payload: complete,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: BODY_TOO_LARGE });
  });

  it('stops a media upload of 300,000 empty parts while the body is still arriving', async () => {
    const body = emptyPartsThenStall(300_000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      headers: { ...bearer(token), ...multipartHeaders },
      payload: body,
    });
    body.destroy();
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: TOO_MANY_PARTS });
  });

  it('refuses a field over the size limit with a 413 before the handler', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/test/form',
      headers: multipartHeaders,
      payload: Buffer.concat([
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\n`),
        Buffer.alloc(FORM_LIMITS.fieldSize + 1, 'x'),
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: FORM_FIELD_TOO_LARGE });
    expect(handlerRuns).toBe(0);
  });

  it('still reads a form within the limits', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/test/form',
      headers: multipartHeaders,
      payload: Buffer.concat([
        ...Array.from({ length: FORM_LIMITS.parts - 1 }, () => emptyPart),
        Buffer.from(`--${BOUNDARY}--\r\n`),
      ]),
    });
    expect(response.statusCode).toBe(200);
    expect(handlerRuns).toBe(1);
  });
});

describe('JSON nesting', () => {
  const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  const nestedArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it.each([
    [
      'PATCH',
      '/api/v1/accounts/update_credentials',
      (deep: string) => `{"note":"x","source":${deep}}`,
    ],
    ['POST', '/api/v1/statuses', (deep: string) => `{"status":"hi","poll":${deep}}`],
    ['POST', '/api/v1/apps', (deep: string) => deep],
    ['POST', '/api/v1/push/subscription', (deep: string) => `{"subscription":${deep}}`],
    ['PUT', '/api/pleroma/notification_settings', (deep: string) => `{"a":${deep}}`],
  ] as const)(
    'answers %s %s with a deeply nested body by a 400 JSON error',
    async (method, url, wrap) => {
      for (const deep of [nestedObject(20_000), nestedArray(100_000)]) {
        const response = await t.app.inject({
          method,
          url,
          headers: { ...bearer(token), 'content-type': 'application/json' },
          payload: wrap(deep),
        });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toEqual({ error: JSON_TOO_DEEP });
      }
    },
  );

  it('takes JSON nested up to the limit', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/update_credentials',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: `{"note":"fine","x":${nestedObject(JSON_MAX_DEPTH - 2)}}`,
    });
    expect(response.statusCode).toBe(200);
  });
});
