import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildProxyApp, instanceOrigin } from './proxy.ts';
import { contentSecurityPolicy } from './serve-client.ts';

const INDEX_HTML = '<!doctype html><title>Starling</title>';

interface Seen {
  host?: string;
  origin?: string;
  authorization?: string;
}

/** A stand-in for a real instance: JSON routes that report what they saw, and a WebSocket echo. */
async function startUpstream(): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify({ logger: false });
  await app.register(formbody);
  await app.register(websocket);
  const seen = (headers: Record<string, unknown>): Seen => ({
    host: headers.host as string | undefined,
    origin: headers.origin as string | undefined,
    authorization: headers.authorization as string | undefined,
  });
  app.get('/api/v1/instance', async (request) => ({
    uri: 'upstream.example',
    title: 'Upstream Social Club',
    seen: seen(request.headers),
  }));
  app.post('/oauth/token', async (request) => ({
    body: request.body,
    seen: seen(request.headers),
  }));
  app.get('/static/config.json', async () => ({ from: 'upstream' }));
  app.post('/auth/password', async (request, reply) =>
    reply
      .code(204)
      .header(
        'x-asked-for',
        String(request.query && (request.query as Record<string, string>).email),
      )
      .send(),
  );
  app.get('/pleroma/admin/', async (_request, reply) => reply.type('text/html').send('AdminFE'));
  app.get('/static/build.json', async () => ({ build: 'the-instance-own-frontend' }));
  app.get('/api/v1/moved', async (_request, reply) => reply.redirect(`${url}/api/v1/instance?x=1`));
  app.get('/oauth/authorize', async () => ({ reached: 'through the proxy' }));
  app.get(
    '/api/v1/streaming/refused',
    {
      websocket: true,
      preValidation: async (_request, reply) => reply.code(401).send({ error: 'no' }),
    },
    (socket) => socket.close(),
  );
  app.get(
    '/socket/websocket',
    {
      websocket: true,
      preValidation: async (_request, reply) => reply.code(403).send({ error: 'bad chat token' }),
    },
    (socket) => socket.close(),
  );
  app.get('/api/v1/streaming', { websocket: true }, (socket, request) => {
    const hello = {
      query: request.query,
      protocol: socket.protocol,
      origin: request.headers.origin,
      authorization: request.headers.authorization,
    };
    socket.send(JSON.stringify({ event: 'hello', payload: JSON.stringify(hello) }));
    socket.on('message', (data) => socket.send(`echo:${data.toString()}`));
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url };
}

describe('proxy mode', () => {
  let upstream: { app: FastifyInstance; url: string };
  let proxy: FastifyInstance;
  let proxyUrl: string;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'starling-proxy-dist-'));
    await mkdir(path.join(clientDir, 'static', 'assets'), { recursive: true });
    await writeFile(path.join(clientDir, 'static', 'assets', 'app-abc123.js'), 'client();');
    await writeFile(path.join(clientDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(clientDir, 'static', 'build.json'), '{"build":"ours"}');
    await mkdir(path.join(clientDir, 'static', 'icons'));
    await writeFile(path.join(clientDir, 'static', 'icons', 'icon-192.png'), 'png');
    await writeFile(
      path.join(clientDir, 'manifest.json'),
      '{"start_url":"/main/friends","name":"Starling"}',
    );
    upstream = await startUpstream();
    proxy = await buildProxyApp({ instance: `${upstream.url}/some/path`, clientDir });
    proxyUrl = await proxy.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await proxy?.close();
    await upstream?.app.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('forwards API calls with Authorization, the upstream Host and Origin', async () => {
    const response = await fetch(`${proxyUrl}/api/v1/instance`, {
      headers: { authorization: 'Bearer abc', origin: proxyUrl },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { uri: string; seen: Seen };
    expect(body.uri).toBe('upstream.example');
    expect(body.seen).toEqual({
      host: new URL(upstream.url).host,
      origin: upstream.url,
      authorization: 'Bearer abc',
    });
  });

  it('forwards form posts untouched', async () => {
    const response = await fetch(`${proxyUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password&username=alice&password=p%40ss',
    });
    const body = (await response.json()) as { body: Record<string, string> };
    expect(body.body).toEqual({ grant_type: 'password', username: 'alice', password: 'p@ss' });
  });

  it('forwards the password reset request and the administration pages', async () => {
    const reset = await fetch(`${proxyUrl}/auth/password?email=alice%40example.org`, {
      method: 'POST',
    });
    expect(reset.status).toBe(204);
    expect(reset.headers.get('x-asked-for')).toBe('alice@example.org');
    const admin = await fetch(`${proxyUrl}/pleroma/admin/`);
    expect(await admin.text()).toBe('AdminFE');
  });

  it('serves the instance’s /static, not the client’s', async () => {
    const response = await fetch(`${proxyUrl}/static/config.json`);
    expect(await response.json()).toEqual({ from: 'upstream' });
  });

  it('serves the client’s hashed assets under /static/assets itself', async () => {
    const response = await fetch(`${proxyUrl}/static/assets/app-abc123.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('client();');
  });

  it('serves the client’s own build id, not the instance frontend’s, revalidated', async () => {
    const response = await fetch(`${proxyUrl}/static/build.json`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ build: 'ours' });
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the client’s web app manifest named after the instance, and its icons', async () => {
    const manifest = await fetch(`${proxyUrl}/manifest.json`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    expect(await manifest.json()).toEqual({
      start_url: '/main/friends',
      name: 'Upstream Social Club',
      short_name: 'Upstream',
      description: 'Upstream Social Club: a Pleroma-compatible social web client',
    });
    const icon = await fetch(`${proxyUrl}/static/icons/icon-192.png`);
    expect(icon.status).toBe(200);
    expect(await icon.text()).toBe('png');
  });

  it('keeps redirects to the instance on the proxy origin', async () => {
    const response = await fetch(`${proxyUrl}/api/v1/moved`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/api/v1/instance?x=1');
  });

  it('sends the browser to the instance’s own origin for the authorize page', async () => {
    const query = `response_type=code&client_id=abc&redirect_uri=${encodeURIComponent(`${proxyUrl}/oauth-callback`)}&scope=read%20write`;
    const response = await fetch(`${proxyUrl}/oauth/authorize?${query}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${upstream.url}/oauth/authorize?${query}`);
  });

  it('forwards the streaming WebSocket with its query and token protocol', async () => {
    const wsUrl = `${proxyUrl.replace(/^http/, 'ws')}/api/v1/streaming?stream=public&access_token=abc`;
    const socket = new WebSocket(wsUrl, 'token123', { headers: { authorization: 'Bearer abc' } });
    const messages: string[] = [];
    const waiters: ((message: string) => void)[] = [];
    socket.on('message', (data) => {
      const waiter = waiters.shift();
      if (waiter) waiter(data.toString());
      else messages.push(data.toString());
    });
    const next = (): Promise<string> =>
      messages.length > 0
        ? Promise.resolve(messages.shift()!)
        : new Promise((resolve) => waiters.push(resolve));

    try {
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      const hello = JSON.parse(await next()) as { event: string; payload: string };
      expect(hello.event).toBe('hello');
      expect(JSON.parse(hello.payload)).toEqual({
        query: { stream: 'public', access_token: 'abc' },
        protocol: 'token123',
        origin: upstream.url,
        authorization: 'Bearer abc',
      });
      socket.send('{"type":"subscribe","stream":"public"}');
      expect(await next()).toBe('echo:{"type":"subscribe","stream":"public"}');
    } finally {
      socket.terminate();
    }
  });

  it('serves the client with its CSP at / and on client routes', async () => {
    for (const route of ['/', '/main/friends']) {
      const response = await fetch(`${proxyUrl}${route}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(INDEX_HTML);
      expect(response.headers.get('content-security-policy')).toBe(
        contentSecurityPolicy([upstream.url]),
      );
    }
  });

  it('names a plain-http instance in the CSP, so its media, avatars and nodeinfo load', async () => {
    const response = await fetch(`${proxyUrl}/`, { headers: { accept: 'text/html' } });
    const policy = response.headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      policy
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('img-src')).toContain(upstream.url);
    expect(directive('media-src')).toContain(upstream.url);
    expect(directive('connect-src')).toContain(upstream.url);
    expect(directive('connect-src')).toContain(upstream.url.replace(/^http/, 'ws'));
    // Without the proxy, plain http reaches this machine only (a second local instance).
    expect(
      contentSecurityPolicy().replace(/http:\/\/(localhost|127\.0\.0\.1):\*/g, ''),
    ).not.toContain('http:');
  });

  it('passes the instance’s refusal of a socket through instead of accepting it', async () => {
    const socket = new WebSocket(`${proxyUrl.replace(/^http/, 'ws')}/api/v1/streaming/refused`);
    const outcome = await new Promise<string>((resolve) => {
      socket.once('open', () => resolve('opened'));
      socket.once('unexpected-response', (_request, response) =>
        resolve(`refused ${response.statusCode}`),
      );
      socket.once('error', (error) => resolve(`error ${error.message}`));
    });
    socket.terminate();
    expect(outcome).toBe('refused 401');
  });

  it('forwards the shout box’s socket at /socket/websocket to the instance', async () => {
    const socket = new WebSocket(`${proxyUrl.replace(/^http/, 'ws')}/socket/websocket?token=x`);
    const outcome = await new Promise<string>((resolve) => {
      socket.once('open', () => resolve('opened'));
      socket.once('unexpected-response', (_request, response) =>
        resolve(`refused ${response.statusCode}`),
      );
      socket.once('error', (error) => resolve(`error ${error.message}`));
    });
    socket.terminate();
    expect(outcome).toBe('refused 403');
  });

  it('answers 502 when the instance cannot be reached for a socket', async () => {
    // Port 9 (discard) has no listener here: the connection is refused.
    const unreachable = await buildProxyApp({ instance: 'http://127.0.0.1:9', clientDir });
    const url = await unreachable.listen({ host: '127.0.0.1', port: 0 });
    try {
      const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/v1/streaming`);
      const status = await new Promise<number | string>((resolve) => {
        socket.once('open', () => resolve('opened'));
        socket.once('unexpected-response', (_request, response) =>
          resolve(response.statusCode ?? 0),
        );
        socket.once('error', (error) => resolve(error.message));
      });
      socket.terminate();
      expect(status).toBe(502);
    } finally {
      await unreachable.close();
    }
  });

  it('serves the build’s manifest as it is while the instance cannot be reached', async () => {
    const unreachable = await buildProxyApp({ instance: 'http://127.0.0.1:9', clientDir });
    try {
      const response = await unreachable.inject({ method: 'GET', url: '/manifest.json' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ start_url: '/main/friends', name: 'Starling' });
    } finally {
      await unreachable.close();
    }
  });

  it('rejects an instance that is not an http(s) URL', () => {
    expect(() => instanceOrigin('pleroma.example')).toThrow(/must be a URL/);
    expect(() => instanceOrigin('ftp://pleroma.example')).toThrow(/http or https/);
    expect(instanceOrigin('https://pleroma.example/path/')).toBe('https://pleroma.example');
  });
});
