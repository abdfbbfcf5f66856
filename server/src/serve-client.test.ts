import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCompression } from './compression.ts';
import {
  CONTENT_SECURITY_POLICY,
  inlineScriptHashes,
  registerClientServing,
} from './serve-client.ts';

const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body></body></html>';
const APP_JS = 'console.log("starling");';
const BUILD_JSON = '{"build":"b1"}\n';
const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

async function makeClientDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'starling-dist-'));
  await mkdir(path.join(dir, 'assets'));
  await mkdir(path.join(dir, 'static', 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'static', 'assets', 'main-def456.css'), 'body{}');
  await writeFile(path.join(dir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(dir, 'assets', 'app-abc123.js'), APP_JS);
  await writeFile(
    path.join(dir, 'static', 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  await writeFile(path.join(dir, 'static', 'build.json'), BUILD_JSON);
  await writeFile(path.join(dir, 'favicon.ico'), 'icon');
  await writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("push", () => {});');
  await writeFile(path.join(dir, '.secret'), 'hidden');
  return dir;
}

/** Stands in for the server core: a few API routes and a JSON not-found handler. */
async function buildTestApp(clientDir: string, notFoundFirst: boolean): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const setNotFound = (): void => {
    app.setNotFoundHandler((request, reply) => {
      void reply.code(404).send({ error: 'Not found', path: request.url });
    });
  };
  if (notFoundFirst) setNotFound();
  app.get('/api/v1/instance', async () => ({ uri: '127.0.0.1' }));
  app.get('/static/config.json', async () => ({ theme: 'starling' }));
  await registerClientServing(app, { clientDir });
  if (!notFoundFirst) setNotFound();
  await app.ready();
  return app;
}

describe.each([true, false])(
  'client serving (not-found handler set first: %s)',
  (notFoundFirst) => {
    let clientDir: string;
    let app: FastifyInstance;

    beforeAll(async () => {
      clientDir = await makeClientDir();
      app = await buildTestApp(clientDir, notFoundFirst);
    });

    afterAll(async () => {
      await app.close();
      await rm(clientDir, { recursive: true, force: true });
    });

    it.each(['/', '/main/all', '/notice/123', '/users/foo', '/main/public?x=1'])(
      'answers the client route %s with index.html and a strict CSP',
      async (url) => {
        const response = await app.inject({ method: 'GET', url, headers: { accept: HTML_ACCEPT } });
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe(INDEX_HTML);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
        expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('same-origin');
        expect(response.headers['cache-control']).toBe('no-cache');
      },
    );

    it('serves hashed assets as immutable', async () => {
      const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(APP_JS);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });

    it("serves hashed assets under static/assets (this repo's vite layout) as immutable", async () => {
      const response = await app.inject({ method: 'GET', url: '/static/assets/main-def456.css' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('body{}');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const missing = await app.inject({
        method: 'GET',
        url: '/static/assets/gone.css',
        headers: { accept: HTML_ACCEPT },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ error: 'Not found' });
    });

    it('answers HEAD for files and client routes', async () => {
      const asset = await app.inject({ method: 'HEAD', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      const route = await app.inject({
        method: 'HEAD',
        url: '/main/all',
        headers: { accept: HTML_ACCEPT },
      });
      expect(route.statusCode).toBe(200);
      expect(route.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    });

    it('serves other files of the folder, revalidated', async () => {
      const response = await app.inject({ method: 'GET', url: '/favicon.ico' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('serves the build id open tabs check for a newer build as JSON, revalidated', async () => {
      const response = await app.inject({ url: '/static/build.json' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(BUILD_JSON);
    });

    it('serves the service worker at the root as JavaScript, revalidated so updates arrive', async () => {
      const response = await app.inject({ url: '/sw.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('does not answer missing assets with the page', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/assets/app-gone.js',
        headers: { accept: HTML_ACCEPT },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'Not found' });
    });

    it('leaves API paths to the API, unknown ones included', async () => {
      const known = await app.inject({
        method: 'GET',
        url: '/api/v1/instance',
        headers: { accept: HTML_ACCEPT },
      });
      expect(known.json()).toEqual({ uri: '127.0.0.1' });

      for (const url of [
        '/api/unknown',
        '/oauth/nothing',
        '/nodeinfo/9.9',
        '/media/x.png',
        '/instance/panel.html',
      ]) {
        const response = await app.inject({ method: 'GET', url, headers: { accept: HTML_ACCEPT } });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toMatch(/^application\/json/);
        expect(response.json(), url).toMatchObject({ error: 'Not found' });
      }
      const post = await app.inject({ method: 'POST', url: '/api/unknown', payload: {} });
      expect(post.statusCode).toBe(404);
      expect(post.json()).toMatchObject({ error: 'Not found' });
    });

    it('serves /static from the folder only for files that exist there', async () => {
      const fromServer = await app.inject({ method: 'GET', url: '/static/config.json' });
      expect(fromServer.json()).toEqual({ theme: 'starling' });
      const fromClient = await app.inject({ method: 'GET', url: '/static/logo.svg' });
      expect(fromClient.statusCode).toBe(200);
      const missing = await app.inject({
        method: 'GET',
        url: '/static/terms-of-service.html',
        headers: { accept: HTML_ACCEPT },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toMatch(/^application\/json/);
    });

    it('gives no page to requests that do not accept HTML', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/main/all',
        headers: { accept: 'application/json' },
      });
      expect(response.statusCode).toBe(404);
    });

    it('never serves dot-files or paths outside the folder', async () => {
      for (const url of [
        '/.secret',
        '/assets/../.secret',
        '/%2e%2e/%2e%2e/etc/passwd',
        '/..%2f..%2fetc/passwd',
      ]) {
        const response = await app.inject({
          method: 'GET',
          url,
          headers: { accept: 'application/json' },
        });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('hidden');
        expect(response.body, url).not.toContain('root:');
      }
    });
  },
);

describe('compression', () => {
  let clientDir: string;
  let app: FastifyInstance;
  const bigScript = `${'console.log("a starling murmuration");\n'.repeat(200)}`;

  beforeAll(async () => {
    clientDir = await makeClientDir();
    const asset = path.join(clientDir, 'static', 'assets', 'big-aaa111.js');
    await writeFile(asset, bigScript);
    // As vite.config.ts writes them: the same bytes, compressed.
    await writeFile(`${asset}.br`, brotliCompressSync(bigScript));
    await writeFile(`${asset}.gz`, gzipSync(bigScript));
    app = Fastify({ logger: false });
    await registerCompression(app);
    app.get('/api/v1/timelines/public', async () =>
      Array.from({ length: 40 }, (_, index) => ({ id: String(index), content: '<p>hello</p>' })),
    );
    app.get('/api/v1/instance', async () => ({ uri: '127.0.0.1' }));
    app.post('/api/v1/statuses', async (request) => ({ received: request.body }));
    await registerClientServing(app, { clientDir });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  const asset = (acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url: '/static/assets/big-aaa111.js',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends the built brotli or gzip file as the browser accepts, and the plain file otherwise', async () => {
    const br = await asset('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(bigScript.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);

    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigScript);

    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigScript);
  });

  it('keeps the cache rule of a file the build wrote no compressed copy of', async () => {
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    const small = await app.inject({ url: '/static/assets/main-def456.css', headers });
    expect(small.statusCode).toBe(200);
    expect(small.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const build = await app.inject({ url: '/static/build.json', headers });
    expect(build.statusCode).toBe(200);
    expect(build.headers['cache-control']).toBe('no-cache');
  });

  it('compresses API answers over 1 KB on the fly', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/v1/timelines/public',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toHaveLength(40);
    const small = await app.inject({
      method: 'GET',
      url: '/api/v1/instance',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ uri: '127.0.0.1' });
  });

  it('never inflates a compressed request body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ status: 'hi' })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('client serving next to another @fastify/static', () => {
  it('reuses the existing sendFile decorator with its own root', async () => {
    const clientDir = await makeClientDir();
    const otherDir = await mkdtemp(path.join(tmpdir(), 'starling-media-'));
    await writeFile(path.join(otherDir, 'a.png'), 'png');
    const app = Fastify({ logger: false });
    try {
      await app.register(fastifyStatic, { root: otherDir, prefix: '/media/' });
      await registerClientServing(app, { clientDir });
      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.body).toBe(APP_JS);
      const media = await app.inject({ method: 'GET', url: '/media/a.png' });
      expect(media.body).toBe('png');
      const page = await app.inject({
        method: 'GET',
        url: '/about',
        headers: { accept: HTML_ACCEPT },
      });
      expect(page.body).toBe(INDEX_HTML);
    } finally {
      await app.close();
      await rm(clientDir, { recursive: true, force: true });
      await rm(otherDir, { recursive: true, force: true });
    }
  });
});

describe("the page's inline starter", () => {
  const STARTER = 'window.__starlingEarly=[];';
  const DATA = '{"/api/v1/instance":"e30="}';
  const page = (starter: string) =>
    `<!doctype html><html><head><script>${starter}</script>` +
    `<script id="initial-results" type="application/json">${DATA}</script>` +
    '<script type="module" src="/assets/app-abc123.js"></script></head><body></body></html>';
  const sha256 = (text: string) =>
    `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

  it('hashes the scripts that run, not data blocks or scripts from files', () => {
    expect(inlineScriptHashes(page(STARTER))).toEqual([sha256(STARTER)]);
  });

  it('is allowed by its hash on index.html alone, and again after a new build', async () => {
    const clientDir = await makeClientDir();
    await writeFile(path.join(clientDir, 'index.html'), page(STARTER));
    await writeFile(path.join(clientDir, 'other.html'), page(STARTER));
    const app = Fastify({ logger: false });
    try {
      await registerClientServing(app, { clientDir });
      const policyOf = async (url: string) =>
        (await app.inject({ url, headers: { accept: HTML_ACCEPT } })).headers[
          'content-security-policy'
        ] as string;
      const scriptSources = (policy: string) =>
        policy.split('; ').find((directive) => directive.startsWith('script-src'));

      expect(scriptSources(await policyOf('/main/all'))).toBe(
        `script-src 'self' 'wasm-unsafe-eval' ${sha256(STARTER)}`,
      );
      expect(await policyOf('/other.html')).toBe(CONTENT_SECURITY_POLICY);

      const rebuilt = 'window.__starlingEarly=[1];';
      await writeFile(path.join(clientDir, 'index.html'), page(rebuilt));
      await utimes(path.join(clientDir, 'index.html'), new Date(), new Date(Date.now() + 5000));
      const policy = await policyOf('/');
      expect(policy).toContain(sha256(rebuilt));
      expect(policy).not.toContain(sha256(STARTER));
      expect(policy).not.toContain('unsafe-inline');
    } finally {
      await app.close();
      await rm(clientDir, { recursive: true, force: true });
    }
  });
});
