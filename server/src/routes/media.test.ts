import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { isBlurhashValid } from 'blurhash';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../db/index.ts';
import { MAX_IMAGE_PIXELS } from '../media/images.ts';
import { DESCRIPTION_LIMIT, UPLOAD_LIMIT } from './constants.ts';
import { IMAGE_TOO_LARGE } from './media.ts';
import { addUser, bearer, makeTestApp, passwordToken, post, type TestApp } from './test-helpers.ts';
import { tinySwf } from '../seed/swf.ts';

let t: TestApp;
let alice: string;
let tokens: Record<string, string>;

beforeEach(async () => {
  t = await makeTestApp();
  alice = addUser(t, 'alice');
  addUser(t, 'bob');
  tokens = {
    alice: await passwordToken(t.app, 'alice'),
    bob: await passwordToken(t.app, 'bob'),
    aliceReadOnly: await passwordToken(t.app, 'alice', { scope: 'read' }),
  };
});
afterEach(async () => t.close());

interface FilePart {
  name?: string;
  fileName: string;
  type: string;
  bytes: Buffer;
}

/** A multipart/form-data body as browsers send it. */
function multipart(fields: Record<string, string>, files: FilePart[]) {
  const boundary = '----starling-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; ` +
          `filename="${file.fileName}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function gradient(width: number, height: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba[i * 4] = i % 256;
    rgba[i * 4 + 1] = 128;
    rgba[i * 4 + 2] = 200;
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}

const raster = (w: number, h: number) =>
  sharp(gradient(w, h), { raw: { width: w, height: h, channels: 4 } });
const png = (w: number, h: number) => raster(w, h).png().toBuffer();
const jpg = (w: number, h: number) => raster(w, h).jpeg({ quality: 80 }).toBuffer();
/** Width and height of an encoded image as stored (no orientation applied). */
const sizeOf = async (bytes: Buffer) => {
  const meta = await sharp(bytes).metadata();
  return [meta.width, meta.height];
};

async function upload(
  file: FilePart | null,
  fields: Record<string, string> = {},
  options: { token?: string; url?: string } = {},
) {
  const body = multipart(fields, file ? [file] : []);
  return t.app.inject({
    method: 'POST',
    url: options.url ?? '/api/v1/media',
    headers: { ...bearer(options.token ?? tokens.alice!), ...body.headers },
    payload: body.payload,
  });
}

const mediaFile = (url: string) =>
  join(t.dir, 'media', new URL(url).pathname.replace(/^\/media\//, ''));

describe('uploading media', () => {
  it('stores a PNG with a thumbnail of at most 400 px and its sizes', async () => {
    const response = await upload(
      { fileName: 'wide.png', type: 'image/png', bytes: await png(1000, 500) },
      { description: 'A wide gradient', focus: '0.5,-0.25' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const attachment = response.json();
    expect(attachment).toMatchObject({
      type: 'image',
      description: 'A wide gradient',
      pleroma: { mime_type: 'image/png' },
      meta: {
        original: { width: 1000, height: 500, size: '1000x500', aspect: 2 },
        small: { width: 400, height: 200, size: '400x200', aspect: 2 },
        focus: { x: 0.5, y: -0.25 },
      },
    });
    expect(attachment.url).toMatch(
      /^http:\/\/127\.0\.0\.1:4000\/media\/uploads\/[0-9a-f]{32}\.png$/,
    );
    expect(attachment.preview_url).not.toBe(attachment.url);
    expect(await sizeOf(readFileSync(mediaFile(attachment.preview_url)))).toEqual([400, 200]);
    expect(readFileSync(mediaFile(attachment.url))).toEqual(await png(1000, 500));

    const served = await t.app.inject({ url: new URL(attachment.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBeUndefined();
  });

  it('makes a JPEG thumbnail for a tall JPEG, on v2 as well', async () => {
    const response = await upload(
      { fileName: 'photo.jpeg', type: 'image/jpeg', bytes: await jpg(300, 900) },
      {},
      { url: '/api/v2/media' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const attachment = response.json();
    expect(attachment.meta.original).toMatchObject({ width: 300, height: 900 });
    expect(attachment.meta.small).toMatchObject({ width: 133, height: 400 });
    expect(attachment.url).toMatch(/\.jpg$/);
    expect(await sizeOf(readFileSync(mediaFile(attachment.preview_url)))).toEqual([133, 400]);
  });

  it('keeps a small image at its size and trusts the bytes over the declared type', async () => {
    const response = await upload({
      fileName: 'icon.bin',
      type: 'application/octet-stream',
      bytes: await png(40, 30),
    });
    expect(response.json()).toMatchObject({
      type: 'image',
      pleroma: { mime_type: 'image/png' },
      meta: { original: { width: 40, height: 30 }, small: { width: 40, height: 30 } },
    });
  });

  it('stores video, audio and other files without a thumbnail, typed by their mime type', async () => {
    const cases = [
      { fileName: 'clip.mp4', type: 'video/mp4', expected: 'video' },
      { fileName: 'song.ogg', type: 'audio/ogg', expected: 'audio' },
      { fileName: 'notes.pdf', type: 'application/pdf', expected: 'unknown' },
    ];
    for (const c of cases) {
      const response = await upload({ ...c, bytes: Buffer.from('not really media') });
      expect(response.statusCode, response.body).toBe(200);
      const attachment = response.json();
      expect(attachment.type).toBe(c.expected);
      expect(attachment.pleroma.mime_type).toBe(c.type);
      expect(attachment.preview_url).toBe(attachment.url);
      expect(attachment.meta).toEqual({});
    }
  });

  it('accepts a Flash movie, recognised by its name when the browser sends no type', async () => {
    const response = await upload({
      fileName: 'movie.swf',
      type: 'application/octet-stream',
      bytes: tinySwf(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const attachment = response.json();
    expect(attachment.pleroma.mime_type).toBe('application/x-shockwave-flash');
    expect(attachment.url).toMatch(/\.swf$/);
    const served = await t.app.inject({ url: new URL(attachment.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 3).toString('latin1')).toBe('FWS');
  });

  it('refuses an image it cannot decode with a 422 JSON error and stores nothing', async () => {
    const broken = Buffer.concat([(await png(50, 50)).subarray(0, 60), Buffer.alloc(40, 7)]);
    const response = await upload({ fileName: 'broken.png', type: 'image/png', bytes: broken });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({
      error: 'The file is not an image: it claims to be image/png but cannot be decoded',
    });
    expect(existsSync(join(t.dir, 'media', 'uploads'))).toBe(false);
  });

  it('returns a blurhash for every decodable image, in PNG, JPEG, GIF, WebP and AVIF', async () => {
    const formats = [
      { fileName: 'a.png', type: 'image/png', bytes: await png(64, 48) },
      { fileName: 'a.jpg', type: 'image/jpeg', bytes: await jpg(64, 48) },
      { fileName: 'a.gif', type: 'image/gif', bytes: await raster(64, 48).gif().toBuffer() },
      { fileName: 'a.webp', type: 'image/webp', bytes: await raster(64, 48).webp().toBuffer() },
      { fileName: 'a.avif', type: 'image/avif', bytes: await raster(64, 48).avif().toBuffer() },
    ];
    for (const file of formats) {
      const response = await upload({ ...file, type: 'application/octet-stream' });
      expect(response.statusCode, response.body).toBe(200);
      const attachment = response.json();
      expect(attachment.pleroma.mime_type, file.fileName).toBe(file.type);
      expect(attachment.meta.original, file.fileName).toMatchObject({ width: 64, height: 48 });
      expect(attachment.meta.small, file.fileName).toMatchObject({ width: 64, height: 48 });
      expect(attachment.preview_url).not.toBe(attachment.url);
      expect(isBlurhashValid(attachment.blurhash).result, file.fileName).toBe(true);
    }
  });

  it('applies EXIF orientation to the sizes and the thumbnail', async () => {
    const rotated = await raster(600, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(rotated).metadata()).orientation).toBe(6);
    const response = await upload({ fileName: 'phone.jpg', type: 'image/jpeg', bytes: rotated });
    expect(response.statusCode, response.body).toBe(200);
    const attachment = response.json();
    expect(attachment.meta.original).toMatchObject({ width: 200, height: 600, aspect: 1 / 3 });
    expect(attachment.meta.small).toMatchObject({ width: 133, height: 400 });
    expect(await sizeOf(readFileSync(mediaFile(attachment.preview_url)))).toEqual([133, 400]);
  });

  it("stores a photo's original without its metadata (GPS position included), upright", async () => {
    const photo = await raster(600, 200)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Snapper 9' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(sent.orientation).toBe(6);
    expect(sent.exif?.toString('latin1')).toContain('PhoneCo');
    const response = await upload({ fileName: 'phone.jpg', type: 'image/jpeg', bytes: photo });
    expect(response.statusCode, response.body).toBe(200);
    const stored = readFileSync(mediaFile(response.json().url));
    const kept = await sharp(stored).metadata();
    expect(kept.format).toBe('jpeg');
    expect(kept.exif).toBeUndefined();
    expect(stored.toString('latin1')).not.toContain('PhoneCo');
    expect(kept.orientation).toBeUndefined();
    expect([kept.width, kept.height]).toEqual([200, 600]);
  });

  it('stores an image without metadata byte for byte', async () => {
    const plain = await png(64, 48);
    const response = await upload({ fileName: 'plain.png', type: 'image/png', bytes: plain });
    expect(readFileSync(mediaFile(response.json().url)).equals(plain)).toBe(true);
  });

  it('refuses an image over the pixel limit with a 422 JSON error and stores nothing', async () => {
    const side = Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS)) + 1;
    const huge = await sharp({
      create: { width: side, height: side, channels: 3, background: { r: 9, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    const response = await upload({ fileName: 'huge.png', type: 'image/png', bytes: huge });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: IMAGE_TOO_LARGE });
    const uploads = join(t.dir, 'media', 'uploads');
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
    expect(sql(t.ctx.db, 'SELECT COUNT(*) AS n FROM media_attachments').get()).toEqual({ n: 0 });
  });

  it('never serves an uploaded HTML or SVG file as a page', async () => {
    const html = await upload({
      fileName: 'evil.html',
      type: 'text/html',
      bytes: Buffer.from('<script>alert(1)</script>'),
    });
    const svg = await upload({
      fileName: 'evil.svg',
      type: 'image/svg+xml',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    expect(html.json().type).toBe('unknown');
    expect(svg.json().type).toBe('image');
    for (const attachment of [html.json(), svg.json()]) {
      const served = await t.app.inject({ url: new URL(attachment.url).pathname });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).not.toMatch(/html/);
      expect(served.headers['content-disposition']).toBe('attachment');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toContain('sandbox');
    }
  });

  it('refuses a file over the upload limit with 413 and stores nothing', async () => {
    const response = await upload({
      fileName: 'huge.bin',
      type: 'application/octet-stream',
      bytes: Buffer.alloc(UPLOAD_LIMIT + 1),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'File is too large' });
    const instance = (await t.app.inject({ url: '/api/v1/instance' })).json();
    expect(instance.upload_limit).toBe(UPLOAD_LIMIT);
    expect(existsSync(join(t.dir, 'media', 'uploads'))).toBe(false);
  });

  it('answers bad uploads with 4xx JSON', async () => {
    const noFile = await upload(null, { description: 'nothing' });
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json()).toEqual({ error: 'Missing field: file.' });

    const empty = await upload({
      fileName: 'empty.png',
      type: 'image/png',
      bytes: Buffer.alloc(0),
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ error: 'File is empty' });

    const wrongField = await upload({
      name: 'attachment',
      fileName: 'a.png',
      type: 'image/png',
      bytes: await png(2, 2),
    });
    expect(wrongField.statusCode).toBe(422);

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      headers: bearer(tokens.alice!),
      payload: { description: 'no file' },
    });
    expect(json.statusCode).toBe(422);
    expect(json.json()).toEqual({ error: 'Missing field: file.' });

    const longDescription = await upload(
      { fileName: 'a.png', type: 'image/png', bytes: await png(2, 2) },
      { description: 'x'.repeat(DESCRIPTION_LIMIT + 1) },
    );
    expect(longDescription.statusCode).toBe(422);
    expect(longDescription.json().error).toBe('Description is too long (at most 1500 characters)');

    const badFocus = await upload(
      { fileName: 'a.png', type: 'image/png', bytes: await png(2, 2) },
      { focus: '2,0' },
    );
    expect(badFocus.statusCode).toBe(422);

    const garbled = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      headers: { ...bearer(tokens.alice!), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
    });
    expect(garbled.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbled.statusCode).toBeLessThan(500);
    expect(typeof garbled.json().error).toBe('string');

    const count = sql(t.ctx.db, 'SELECT count(*) AS n FROM media_attachments').get() as {
      n: number;
    };
    expect(count.n).toBe(0);
    const uploads = join(t.dir, 'media', 'uploads');
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
  });

  it('needs a signed-in user with write:media', async () => {
    const file = { fileName: 'a.png', type: 'image/png', bytes: await png(2, 2) };
    const anonymous = multipart({}, [file]);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/media',
      headers: anonymous.headers,
      payload: anonymous.payload,
    });
    expect(noToken.statusCode).toBe(401);
    const readOnly = await upload(file, {}, { token: tokens.aliceReadOnly! });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().error).toContain('write:media');
    const scoped = await passwordToken(t.app, 'alice', { scope: 'write:media' });
    expect((await upload(file, {}, { token: scoped })).statusCode).toBe(200);
  });

  it('leaves JSON and form bodies of other routes alone', async () => {
    const status = await post(t.app, tokens.alice!, { status: 'still JSON' });
    expect(status.content).toBe('still JSON');
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: { ...bearer(tokens.alice!), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'status=still+a+form',
    });
    expect(form.json().content).toBe('still a form');
  });
});

describe('reading and describing media', () => {
  async function uploaded(): Promise<{ id: string; url: string }> {
    const response = await upload({ fileName: 'a.png', type: 'image/png', bytes: await png(8, 8) });
    return response.json();
  }

  it('lets the owner read and change the description and focus, JSON or form', async () => {
    const { id } = await uploaded();
    const read = await t.app.inject({ url: `/api/v1/media/${id}`, headers: bearer(tokens.alice!) });
    expect(read.statusCode).toBe(200);
    expect(read.json().id).toBe(id);

    const json = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/media/${id}`,
      headers: bearer(tokens.alice!),
      payload: { description: 'Described', focus: '-1,1' },
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toMatchObject({
      description: 'Described',
      meta: { focus: { x: -1, y: 1 } },
    });
    expect(json.json().meta.original).toMatchObject({ width: 8, height: 8 });

    const form = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/media/${id}`,
      headers: { ...bearer(tokens.alice!), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'description=From+a+form',
    });
    expect(form.json().description).toBe('From a form');

    const multipartForm = multipart({ description: 'From multipart' }, []);
    const fromMultipart = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/media/${id}`,
      headers: { ...bearer(tokens.alice!), ...multipartForm.headers },
      payload: multipartForm.payload,
    });
    expect(fromMultipart.json()).toMatchObject({ description: 'From multipart' });
    expect(fromMultipart.json().meta.focus).toEqual({ x: -1, y: 1 });
  });

  it("hides others' media and refuses an overlong description", async () => {
    const { id } = await uploaded();
    const asBob = await t.app.inject({ url: `/api/v1/media/${id}`, headers: bearer(tokens.bob!) });
    expect(asBob.statusCode).toBe(404);
    const bobEdits = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/media/${id}`,
      headers: bearer(tokens.bob!),
      payload: { description: 'mine now' },
    });
    expect(bobEdits.statusCode).toBe(404);
    const missing = await t.app.inject({
      url: '/api/v1/media/nope',
      headers: bearer(tokens.alice!),
    });
    expect(missing.statusCode).toBe(404);
    const tooLong = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/media/${id}`,
      headers: bearer(tokens.alice!),
      payload: { description: 'x'.repeat(DESCRIPTION_LIMIT + 1) },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toEqual({ error: 'Description is too long (at most 1500 characters)' });
    const row = sql(t.ctx.db, 'SELECT description FROM media_attachments WHERE id = ?').get(id);
    expect(row).toEqual({ description: null });
  });

  it('attaches uploads to a status and still lets their description change', async () => {
    const first = await uploaded();
    const second = await uploaded();
    const status = await post(t.app, tokens.alice!, {
      status: 'two pictures',
      media_ids: [second.id, first.id],
    });
    const attachments = status.media_attachments as { id: string }[];
    expect(attachments.map((a) => a.id)).toEqual([second.id, first.id]);
    const described = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/media/${first.id}`,
      headers: bearer(tokens.alice!),
      payload: { description: 'Later' },
    });
    expect(described.statusCode).toBe(200);
    const again = await t.app.inject({
      url: `/api/v1/statuses/${status.id as string}`,
      headers: bearer(tokens.alice!),
    });
    expect(again.json().media_attachments[1].description).toBe('Later');
    // bob cannot attach alice's upload
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: bearer(tokens.bob!),
      payload: { status: 'mine', media_ids: [first.id] },
    });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json()).toEqual({ error: 'Invalid media_ids' });
    expect(alice).toBeTruthy();
  });
});
