import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hashSecret } from './auth/random.ts';
import {
  addUser,
  bearer,
  makeTestApp,
  passwordToken,
  type TestApp,
} from './routes/test-helpers.ts';

const WAIT_MS = 5_000;

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

interface Shout {
  id: number;
  text: string;
  author: { id: string; username: string; avatar: string };
}

/** A Phoenix vsn 2.0.0 client over a raw socket: every frame kept, waits are event-driven. */
class PhoenixClient {
  readonly frames: Frame[] = [];
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  private ref = 0;

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.match(frame)) return true;
        waiter.resolve(frame);
        return false;
      });
    });
  }

  waitFor(description: string, match: (f: Frame) => boolean): Promise<Frame> {
    const found = this.frames.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timed out waiting for ${description}`)),
        WAIT_MS,
      );
      this.waiters.push({
        match,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      });
    });
  }

  /** Sends a frame and resolves with its phx_reply. */
  push(joinRef: string | null, topic: string, event: string, payload: object): Promise<Frame> {
    const ref = String(++this.ref);
    this.socket.send(JSON.stringify([joinRef, ref, topic, event, payload]));
    return this.waitFor(`reply to ${event}`, (f) => f[3] === 'phx_reply' && f[1] === ref);
  }

  async join(): Promise<Shout[]> {
    const reply = await this.push('j1', 'chat:public', 'phx_join', {});
    expect(reply[4].status).toBe('ok');
    const messages = await this.waitFor('messages', (f) => f[3] === 'messages');
    expect(messages[0]).toBe('j1');
    return messages[4].messages as Shout[];
  }

  shouts(): Shout[] {
    return this.frames.filter((f) => f[3] === 'new_msg').map((f) => f[4] as unknown as Shout);
  }
}

describe('the shout box socket', () => {
  let t: TestApp;
  let baseUrl: string;
  const sockets: WebSocket[] = [];

  async function start(dir?: string, flavour?: 'mastodon') {
    t = await makeTestApp(dir, flavour ? { flavour } : {});
    baseUrl = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
  }

  async function chatToken(nickname: string): Promise<string> {
    const token = await passwordToken(t.app, nickname);
    const me = await t.app.inject({
      url: '/api/v1/accounts/verify_credentials',
      headers: bearer(token),
    });
    return me.json().pleroma.chat_token as string;
  }

  /** Opens a socket; resolves with the client, or with the HTTP status that refused it. */
  function open(query: string): Promise<PhoenixClient | number> {
    const socket = new WebSocket(`${baseUrl}/socket/websocket?${query}`);
    sockets.push(socket);
    const client = new PhoenixClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode!));
      socket.once('error', reject);
    });
  }

  async function connect(nickname: string): Promise<PhoenixClient> {
    const client = await open(`token=${encodeURIComponent(await chatToken(nickname))}&vsn=2.0.0`);
    if (typeof client === 'number') throw new Error(`refused ${client}`);
    return client;
  }

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.terminate();
    await t?.close();
  });

  it('refuses a missing, forged or unknown chat token', async () => {
    await start();
    const aliceId = addUser(t, 'alice');
    expect(await open('vsn=2.0.0')).toBe(403);
    expect(await open('token=nonsense&vsn=2.0.0')).toBe(403);
    // A hash of the public id (anybody can make one), or the id with a guessed signature.
    expect(await open(`token=${hashSecret(`chat:${aliceId}`)}&vsn=2.0.0`)).toBe(403);
    expect(await open(`token=${aliceId}.forged&vsn=2.0.0`)).toBe(403);
    const aliceToken = await chatToken('alice');
    expect(aliceToken).not.toContain('forged');
    expect(await open(`token=${encodeURIComponent(aliceToken)}x&vsn=2.0.0`)).toBe(403);
  });

  it('joins chat:public with the kept history and answers heartbeats', async () => {
    await start();
    addUser(t, 'alice');
    const alice = await connect('alice');
    expect(await alice.join()).toEqual([]);
    const heartbeat = await alice.push(null, 'phoenix', 'heartbeat', {});
    expect(heartbeat).toEqual([
      null,
      heartbeat[1],
      'phoenix',
      'phx_reply',
      { status: 'ok', response: {} },
    ]);
    const other = await alice.push('j2', 'chat:private', 'phx_join', {});
    expect(other[4].status).toBe('error');
  });

  it('broadcasts a shout to every joined socket with its author, and refuses empty ones', async () => {
    await start();
    const aliceId = addUser(t, 'alice');
    addUser(t, 'bob');
    const alice = await connect('alice');
    const bob = await connect('bob');
    await alice.join();
    await bob.join();

    const reply = await alice.push('j1', 'chat:public', 'new_msg', { text: '  hello all  ' });
    expect(reply[4].status).toBe('ok');
    const heard = await bob.waitFor('new_msg', (f) => f[3] === 'new_msg');
    expect(heard[2]).toBe('chat:public');
    expect(heard[4]).toMatchObject({
      text: 'hello all',
      author: { id: aliceId, username: 'alice' },
    });
    expect((heard[4].author as Shout['author']).avatar).toMatch(/^http/);
    await alice.waitFor('own new_msg', (f) => f[3] === 'new_msg');

    for (const text of ['   ', 'x'.repeat(5001)]) {
      const refused = await bob.push('j1', 'chat:public', 'new_msg', { text });
      expect(refused[4].status).toBe('error');
    }
    // A later shout arrives next: the refused ones were never broadcast.
    await bob.push('j1', 'chat:public', 'new_msg', { text: 'hi alice' });
    await alice.waitFor('bob’s shout', (f) => f[3] === 'new_msg' && f[4].text === 'hi alice');
    expect(alice.shouts().map((s) => s.text)).toEqual(['hello all', 'hi alice']);
  });

  it('does not take shouts on a channel the socket has not joined', async () => {
    await start();
    addUser(t, 'alice');
    const alice = await connect('alice');
    const reply = await alice.push('j1', 'chat:public', 'new_msg', { text: 'sneaky' });
    expect(reply[4].status).toBe('error');
    expect(await alice.join()).toEqual([]);
  });

  it('keeps the last 19 shouts, oldest first, across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'starling-shout-'));
    await start(dir);
    addUser(t, 'alice');
    const alice = await connect('alice');
    await alice.join();
    for (let i = 1; i <= 21; i++) {
      const reply = await alice.push('j1', 'chat:public', 'new_msg', { text: `shout ${i}` });
      expect(reply[4].status).toBe('ok');
    }
    alice.socket.terminate();
    await t.app.close(); // keeps the data folder

    t = await makeTestApp(dir);
    baseUrl = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
    const later = await connect('alice');
    const history = await later.join();
    expect(history.map((s) => s.text)).toEqual(
      Array.from({ length: 19 }, (_, i) => `shout ${i + 3}`),
    );
    expect(history[0]!.author.username).toBe('alice');
  });

  it('has no shout box on the mastodon flavour', async () => {
    await start(undefined, 'mastodon');
    const nodeinfo = (await t.app.inject({ url: '/nodeinfo/2.1.json' })).json();
    expect(nodeinfo.metadata.features ?? []).not.toContain('chat');
    expect(await open('token=anything&vsn=2.0.0')).toBe(404);
  });
});
