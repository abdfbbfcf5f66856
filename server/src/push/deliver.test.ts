import {
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  createDecipheriv,
} from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSetting, sql } from '../db/index.ts';
import {
  addUser,
  bearer,
  makeTestApp,
  passwordToken,
  type TestApp,
} from '../routes/test-helpers.ts';

/**
 * The instance pushes to a push service: here a local HTTP server standing in for one, holding
 * the browser's side of the keys so it can decrypt what it receives.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let t: TestApp;
let service: Server;
let serviceUrl: string;
let received: Received[];
let answer: number;
let alice: string;
let aliceToken: string;
let bobToken: string;

const browserKeys = createECDH('prime256v1');
browserKeys.generateKeys();
const authSecret = randomBytes(16);

async function subscribe(alerts: Record<string, boolean>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/push/subscription',
    headers: bearer(aliceToken),
    payload: {
      subscription: {
        endpoint: 'https://push.example/placeholder',
        keys: {
          p256dh: browserKeys.getPublicKey().toString('base64url'),
          auth: authSecret.toString('base64url'),
        },
      },
      data: { alerts },
    },
  });
  expect(response.statusCode).toBe(200);
  // The route only takes https endpoints; the stand-in service speaks plain http.
  sql(t.ctx.db, 'UPDATE push_subscriptions SET endpoint = ?').run(`${serviceUrl}/push/alice`);
}

const follow = () =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/accounts/${alice}/follow`,
    headers: bearer(bobToken),
  });

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

/** RFC 8291 decryption with the browser's keys: the payload as the browser would see it. */
function decrypt(body: Buffer): unknown {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = browserKeys.computeSecret(serverKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browserKeys.getPublicKey(),
    serverKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(-16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  const end = padded.lastIndexOf(2);
  return JSON.parse(padded.subarray(0, end).toString('utf8'));
}

describe('web push delivery', () => {
  beforeEach(async () => {
    received = [];
    answer = 201;
    service = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks) });
        response.statusCode = answer;
        response.end();
      });
    });
    await new Promise<void>((done) => service.listen(0, '127.0.0.1', done));
    serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;

    // The stand-in push service listens on this machine.
    t = await makeTestApp(undefined, { allowLoopbackPush: true });
    alice = addUser(t, 'alice');
    addUser(t, 'bob');
    aliceToken = await passwordToken(t.app, 'alice', { scope: 'read write follow push' });
    bobToken = await passwordToken(t.app, 'bob', { scope: 'read write follow push' });
  });

  afterEach(async () => {
    await t.close();
    service.closeAllConnections();
    await new Promise((done) => service.close(done));
  });

  it('sends an encrypted, VAPID-signed push for a new follower', async () => {
    await subscribe({ follow: true, mention: true });
    expect((await follow()).statusCode).toBe(200);
    await until(() => received.length === 1, 'the push');
    const [push] = received;
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);

    const vapidKey = getSetting(t.ctx.db, 'vapid_public_key')!;
    const auth = /^vapid t=([^,]+), k=(.+)$/.exec(push!.headers.authorization ?? '');
    expect(auth?.[2]).toBe(vapidKey);
    const [header, claims, signature] = auth![1]!.split('.');
    const jwk = JSON.parse(getSetting(t.ctx.db, 'vapid_private_jwk')!) as Record<string, string>;
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y },
      format: 'jwk',
    });
    expect(
      verify(
        'sha256',
        Buffer.from(`${header}.${claims}`),
        { key: publicKey, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(true);
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toMatchObject({
      aud: serviceUrl,
      sub: 'mailto:admin@127.0.0.1',
    });

    const notifications = (
      await t.app.inject({ url: '/api/v1/notifications', headers: bearer(aliceToken) })
    ).json() as { id: string }[];
    expect(decrypt(push!.body)).toEqual({
      title: 'New Follower',
      body: '@bob followed you',
      icon: expect.stringMatching(/^http/),
      notification_id: notifications[0]!.id,
      notification_type: 'follow',
    });
  });

  it('sends only the types asked for, and a generic body when contents are hidden', async () => {
    await subscribe({ follow: true, mention: false });
    await t.app.inject({
      method: 'PUT',
      url: '/api/pleroma/notification_settings',
      headers: bearer(aliceToken),
      payload: { hide_notification_contents: true },
    });
    const mention = await t.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: bearer(bobToken),
      payload: { status: '@alice a secret plan' },
    });
    expect(mention.statusCode).toBe(200);
    expect((await follow()).statusCode).toBe(200);
    await until(() => received.length >= 1, 'the push');
    // The mention was queued first: had it been sent, it would have arrived first.
    await new Promise((done) => setTimeout(done, 100));
    expect(received).toHaveLength(1);
    expect(decrypt(received[0]!.body)).toMatchObject({
      title: 'New Follower',
      body: 'You have a new notification.',
      notification_type: 'follow',
    });
  });

  it('forgets a subscription the push service says is gone', async () => {
    answer = 410;
    await subscribe({ follow: true });
    await follow();
    await until(() => received.length === 1, 'the push');
    await until(
      () => !sql(t.ctx.db, 'SELECT 1 FROM push_subscriptions').get(),
      'the subscription to be deleted',
    );
  });

  it('never holds up the request that created the notification', async () => {
    service.removeAllListeners('request');
    service.on('request', () => {
      // The push service never answers.
    });
    await subscribe({ follow: true });
    const started = Date.now();
    const response = await follow();
    expect(response.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('sends nothing for a revoked token’s subscription', async () => {
    await subscribe({ follow: true });
    sql(t.ctx.db, "UPDATE oauth_tokens SET revoked_at = '2020-01-01T00:00:00.000Z'").run();
    await follow();
    await new Promise((done) => setTimeout(done, 200));
    expect(received).toEqual([]);
  });
});

describe('push endpoints checked again when sending', () => {
  /** Stands in for the address an endpoint points at: counts the connections that reach it. */
  let listener: ReturnType<typeof createTcpServer>;
  let port: number;
  let connections: number;
  let warnings: string[];
  let instance: TestApp | null;

  beforeEach(async () => {
    connections = 0;
    listener = createTcpServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((done) => listener.listen(0, '127.0.0.1', done));
    port = (listener.address() as AddressInfo).port;
    warnings = [];
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
    });
    instance = null;
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await instance?.close();
    await new Promise((done) => listener.close(done));
  });

  /** A name whose DNS answers a public address first, then this machine (DNS rebinding). */
  function rebindingDns() {
    const lookups: string[] = [];
    const resolveHost = (hostname: string): Promise<LookupAddress[]> => {
      lookups.push(hostname);
      const address = lookups.length === 1 ? '93.184.215.14' : '127.0.0.1';
      return Promise.resolve([{ address, family: 4 }]);
    };
    return { lookups, resolveHost };
  }

  async function followedAfterSubscribing(options: {
    endpoint: string;
    resolveHost?: (hostname: string) => Promise<LookupAddress[]>;
    allowLoopbackPush?: boolean;
    storeDirectly?: boolean;
  }) {
    instance = await makeTestApp(undefined, {
      resolveHost: options.resolveHost,
      allowLoopbackPush: options.allowLoopbackPush,
    });
    const carol = addUser(instance, 'carol');
    addUser(instance, 'dave');
    const carolToken = await passwordToken(instance.app, 'carol', { scope: 'read write push' });
    const daveToken = await passwordToken(instance.app, 'dave', { scope: 'read write follow' });
    const subscribed = await instance.app.inject({
      method: 'POST',
      url: '/api/v1/push/subscription',
      headers: bearer(carolToken),
      payload: {
        subscription: {
          endpoint: options.storeDirectly ? 'https://push.example/placeholder' : options.endpoint,
          keys: {
            p256dh: browserKeys.getPublicKey().toString('base64url'),
            auth: authSecret.toString('base64url'),
          },
        },
        data: { alerts: { follow: true } },
      },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    // A row stored before endpoints were checked.
    if (options.storeDirectly)
      sql(instance.ctx.db, 'UPDATE push_subscriptions SET endpoint = ?').run(options.endpoint);
    const followed = await instance.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${carol}/follow`,
      headers: bearer(daveToken),
    });
    expect(followed.statusCode).toBe(200);
  }

  it('does not connect to a name that resolved public when subscribed but private when sent to', async () => {
    const dns = rebindingDns();
    await followedAfterSubscribing({
      endpoint: `https://rebind.example:${port}/push`,
      resolveHost: dns.resolveHost,
    });
    await until(
      () => warnings.some((warning) => /not a public address/.test(warning)),
      'the refused push',
    );
    expect(dns.lookups).toEqual(['rebind.example', 'rebind.example']);
    expect(connections).toBe(0);
  });

  it('connects to the same rebinding name when loopback is allowed (the listener would see it)', async () => {
    const dns = rebindingDns();
    await followedAfterSubscribing({
      endpoint: `https://rebind.example:${port}/push`,
      resolveHost: dns.resolveHost,
      allowLoopbackPush: true,
    });
    await until(() => connections === 1, 'the connection');
    expect(dns.lookups).toEqual(['rebind.example', 'rebind.example']);
  });

  it('does not connect to a private address stored before endpoints were checked', async () => {
    await followedAfterSubscribing({
      endpoint: `http://127.0.0.1:${port}/push`,
      storeDirectly: true,
    });
    await until(
      () => warnings.some((warning) => /not a public address/.test(warning)),
      'the refused push',
    );
    expect(connections).toBe(0);
  });
});
