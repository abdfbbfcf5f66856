import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AuthenticatedToken, ServerContext } from './context.ts';
import { ServerEvents, type StreamMessage } from './events.ts';
import { registerStreaming, type StreamingOptions } from './streaming.ts';
import { DEFAULT_REGISTRATION } from './registration/settings.ts';

const ALICE = '1';
const BOB = '2';
const FULL_SCOPES = ['read', 'write', 'follow', 'push'];

interface Frame {
  stream?: string[];
  event: string;
  payload: string;
}

/** Collects frames so a test can await the next one instead of sleeping. */
class Inbox {
  private frames: Frame[] = [];
  private waiters: ((frame: Frame) => void)[] = [];

  constructor(socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      const waiter = this.waiters.shift();
      if (waiter) waiter(frame);
      else this.frames.push(frame);
    });
  }

  next(): Promise<Frame> {
    const frame = this.frames.shift();
    if (frame) return Promise.resolve(frame);
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}

interface Client {
  socket: WebSocket;
  inbox: Inbox;
}

function respond(frame: Frame): Record<string, unknown> {
  expect(frame.event).toBe('pleroma:respond');
  return JSON.parse(frame.payload) as Record<string, unknown>;
}

function statusMessage(
  streams: string[],
  body: object = { id: 'S1', content: 'hello' },
): StreamMessage {
  return { event: 'update', streams, render: () => body };
}

/** A message every test socket subscribed to public receives: proves nothing else came first. */
function sentinel(): StreamMessage {
  return { event: 'update', streams: ['public'], render: () => ({ id: 'sentinel' }) };
}

describe('streaming', () => {
  let app: FastifyInstance;
  let events: ServerEvents;
  let tokens: Map<string, AuthenticatedToken>;
  let baseUrl: string;
  const sockets: WebSocket[] = [];

  async function start(options: StreamingOptions = {}): Promise<void> {
    const ctx: ServerContext = {
      db: {} as unknown as Database,
      events,
      origin: 'http://127.0.0.1',
      dataDir: '/nonexistent',
      flavour: 'pleroma',
      pushTargets: { allowLoopback: false, resolve: () => Promise.resolve([]) },
      registration: DEFAULT_REGISTRATION,
      authenticate: (token) => tokens.get(token) ?? null,
    };
    app = Fastify({ logger: false });
    await registerStreaming(app, ctx, {
      listOwner: (id) => (id === '7' ? ALICE : null),
      ...options,
    });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = address.replace(/^http/, 'ws');
  }

  function open(
    query = '',
    protocols?: string | string[],
    options: WebSocket.ClientOptions = {},
  ): Promise<Client> {
    const socket = new WebSocket(`${baseUrl}/api/v1/streaming${query}`, protocols, options);
    sockets.push(socket);
    const inbox = new Inbox(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve({ socket, inbox }));
      socket.once('unexpected-response', (_request, response) => {
        reject(new Error(`HTTP ${response.statusCode}`));
      });
      socket.once('error', reject);
    });
  }

  function send(client: Client, message: object | string): void {
    client.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  beforeEach(() => {
    events = new ServerEvents();
    tokens = new Map([
      ['alice-token', { accountId: ALICE, scopes: FULL_SCOPES }],
      ['bob-token', { accountId: BOB, scopes: FULL_SCOPES }],
      ['app-token', { accountId: null, scopes: ['read'] }],
    ]);
  });

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.terminate();
    await app.close();
  });

  it('subscribes to the stream in the query and sends frames in Mastodon format', async () => {
    await start();
    const client = await open('?stream=public');
    const status = { id: 'S1', content: '<p>hi</p>' };
    events.publish(statusMessage(['public'], status));

    const frame = await client.inbox.next();
    expect(frame).toEqual({ stream: ['public'], event: 'update', payload: JSON.stringify(status) });
    expect(typeof frame.payload).toBe('string');
  });

  it('sends the id itself as the payload of a delete', async () => {
    await start();
    const client = await open('?stream=public:local');
    events.publish({ event: 'delete', streams: ['public:local'], render: () => 'S9' });
    expect(await client.inbox.next()).toEqual({
      stream: ['public:local'],
      event: 'delete',
      payload: 'S9',
    });
  });

  it('refuses a bad token before the upgrade and streams that need one without it', async () => {
    await start();
    await expect(open('?access_token=nope&stream=public')).rejects.toThrow('HTTP 401');
    await expect(open('?stream=user')).rejects.toThrow('HTTP 401');
    await expect(open('?stream=user&access_token=app-token')).rejects.toThrow('HTTP 401');
    await expect(open('?stream=nonsense')).rejects.toThrow('HTTP 400');
    await expect(open('', 'nope')).rejects.toThrow('HTTP 401');
  });

  it('accepts the token as Sec-WebSocket-Protocol and echoes it back', async () => {
    await start();
    const client = await open('?stream=user', 'alice-token');
    expect(client.socket.protocol).toBe('alice-token');
    events.publish(statusMessage([`user:${ALICE}`]));
    expect((await client.inbox.next()).stream).toEqual(['user']);
  });

  it('accepts the trailing-slash path Pleroma documents', async () => {
    await start();
    const socket = new WebSocket(`${baseUrl}/api/v1/streaming/?stream=public`);
    sockets.push(socket);
    const inbox = new Inbox(socket);
    await new Promise((resolve) => socket.once('open', resolve));
    events.publish(sentinel());
    expect(JSON.parse((await inbox.next()).payload)).toEqual({ id: 'sentinel' });
  });

  it('subscribes and unsubscribes with client messages', async () => {
    await start();
    const client = await open('?stream=public');

    send(client, { type: 'subscribe', stream: 'hashtag', tag: 'Cats' });
    expect(respond(await client.inbox.next())).toEqual({ type: 'subscribe', result: 'success' });
    send(client, { type: 'subscribe', stream: 'hashtag', tag: 'cats' });
    expect(respond(await client.inbox.next())).toEqual({ type: 'subscribe', result: 'ignored' });

    events.publish(statusMessage(['hashtag:cats']));
    const frame = await client.inbox.next();
    expect(frame.stream).toEqual(['hashtag', 'Cats']);

    send(client, { type: 'unsubscribe', stream: 'hashtag', tag: 'cats' });
    expect(respond(await client.inbox.next())).toEqual({ type: 'unsubscribe', result: 'success' });
    events.publish(statusMessage(['hashtag:cats']));
    events.publish(sentinel());
    expect(JSON.parse((await client.inbox.next()).payload)).toEqual({ id: 'sentinel' });
  });

  it('answers errors for bad or unauthorised subscriptions and ignores junk', async () => {
    await start();
    const client = await open('?stream=public');

    send(client, 'not json');
    send(client, { type: 'dance' });
    send(client, [1, 2]);
    client.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    send(client, { type: 'subscribe', stream: 'nonsense' });
    expect(respond(await client.inbox.next())).toEqual({
      type: 'subscribe',
      result: 'error',
      error: 'bad_topic',
    });
    send(client, { type: 'subscribe', stream: 'hashtag' });
    expect(respond(await client.inbox.next())).toMatchObject({ error: 'bad_topic' });
    send(client, { type: 'subscribe', stream: 'user' });
    expect(respond(await client.inbox.next())).toMatchObject({ error: 'unauthorized' });

    events.publish(sentinel());
    expect(JSON.parse((await client.inbox.next()).payload)).toEqual({ id: 'sentinel' });
  });

  it('lets an anonymous socket authenticate afterwards', async () => {
    await start();
    const client = await open();
    send(client, { type: 'pleroma:authenticate', token: 'wrong' });
    expect(respond(await client.inbox.next())).toMatchObject({
      result: 'error',
      error: 'unauthorized',
    });
    send(client, { type: 'pleroma:authenticate', token: 'alice-token' });
    expect(respond(await client.inbox.next())).toEqual({
      type: 'pleroma:authenticate',
      result: 'success',
    });
    send(client, { type: 'subscribe', stream: 'direct' });
    expect(respond(await client.inbox.next())).toMatchObject({ result: 'success' });
    events.publish(statusMessage([`direct:${ALICE}`]));
    expect((await client.inbox.next()).stream).toEqual(['direct']);
  });

  it('only lets the owner subscribe to a list', async () => {
    await start();
    const alice = await open('?access_token=alice-token&stream=list&list=7');
    await expect(open('?access_token=bob-token&stream=list&list=7')).rejects.toThrow('HTTP 401');
    const bob = await open('?access_token=bob-token');
    send(bob, { type: 'subscribe', stream: 'list', list: '7' });
    expect(respond(await bob.inbox.next())).toMatchObject({ error: 'unauthorized' });
    send(bob, { type: 'subscribe', stream: 'list', list: '404' });
    expect(respond(await bob.inbox.next())).toMatchObject({ error: 'bad_topic' });

    events.publish(statusMessage(['list:7']));
    expect((await alice.inbox.next()).stream).toEqual(['list', '7']);
  });

  it('sends a message once to a socket even when it matches two of its streams', async () => {
    await start();
    const client = await open('?access_token=alice-token&stream=user');
    send(client, { type: 'subscribe', stream: 'public' });
    respond(await client.inbox.next());

    events.publish(statusMessage(['public', `user:${ALICE}`], { id: 'S2' }));
    const first = await client.inbox.next();
    expect(JSON.parse(first.payload)).toEqual({ id: 'S2' });
    expect(first.stream).toEqual(['user']);
    events.publish(sentinel());
    expect(JSON.parse((await client.inbox.next()).payload)).toEqual({ id: 'sentinel' });
  });

  it('renders per viewer and skips viewers for whom render gives null', async () => {
    await start();
    const alice = await open('?access_token=alice-token&stream=public');
    const bob = await open('?access_token=bob-token&stream=public');
    const anonymous = await open('?stream=public');
    const viewers: (string | null)[] = [];

    events.publish({
      event: 'update',
      streams: ['public'],
      render: (viewerId) => {
        viewers.push(viewerId);
        return viewerId === BOB ? null : { id: 'S3', viewer: viewerId };
      },
    });
    events.publish(sentinel());

    expect(JSON.parse((await alice.inbox.next()).payload)).toEqual({ id: 'S3', viewer: ALICE });
    expect(JSON.parse((await anonymous.inbox.next()).payload)).toEqual({ id: 'S3', viewer: null });
    expect(JSON.parse((await bob.inbox.next()).payload)).toEqual({ id: 'sentinel' });
    expect(viewers.sort()).toEqual([ALICE, BOB, null].sort());
  });

  it('routes notifications and chat updates of the user streams', async () => {
    await start();
    const user = await open('?access_token=alice-token&stream=user');
    const notifications = await open('?access_token=alice-token&stream=user:notification');
    const chats = await open('?access_token=alice-token&stream=user:pleroma_chat');

    events.publish({
      event: 'notification',
      streams: [`user:${ALICE}`],
      render: () => ({ id: 'N1' }),
    });
    events.publish(statusMessage([`user:${ALICE}`], { id: 'home' }));
    events.publish({
      event: 'pleroma:chat_update',
      streams: [`user:${ALICE}`, `user:pleroma_chat:${ALICE}`],
      render: () => ({ id: 'C1' }),
    });

    expect((await user.inbox.next()).event).toBe('notification');
    expect((await user.inbox.next()).event).toBe('update');
    expect(await user.inbox.next()).toMatchObject({
      event: 'pleroma:chat_update',
      stream: ['user'],
    });
    expect(await notifications.inbox.next()).toMatchObject({
      event: 'notification',
      stream: ['user:notification'],
    });
    expect(await chats.inbox.next()).toMatchObject({
      event: 'pleroma:chat_update',
      stream: ['user:pleroma_chat'],
    });
  });

  it('does not deliver another account’s personal streams', async () => {
    await start();
    const bob = await open('?access_token=bob-token&stream=user');
    send(bob, { type: 'subscribe', stream: 'public' });
    respond(await bob.inbox.next());
    events.publish(statusMessage([`user:${ALICE}`, `direct:${ALICE}`]));
    events.publish(sentinel());
    expect(JSON.parse((await bob.inbox.next()).payload)).toEqual({ id: 'sentinel' });
  });

  it('closes with 1008 when the token is revoked', async () => {
    await start();
    const client = await open('?access_token=alice-token&stream=public');
    const closed = new Promise<number>((resolve) =>
      client.socket.once('close', (code) => resolve(code)),
    );
    tokens.delete('alice-token');
    events.publish(sentinel());
    expect(await closed).toBe(1008);
  });

  it('pings, and drops a socket that does not answer', async () => {
    await start({ pingIntervalMs: 250 });
    const live = await open('?stream=public');
    await new Promise((resolve) => live.socket.once('ping', resolve));

    const silent = await open('?stream=public', undefined, { autoPong: false });
    await new Promise((resolve) => silent.socket.once('close', resolve));
    expect(live.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('stops listening and closes sockets when the app closes', async () => {
    await start();
    const client = await open('?stream=public');
    expect(events.listenerCount('stream')).toBe(1);
    const closed = new Promise((resolve) => client.socket.once('close', resolve));
    await app.close();
    await closed;
    expect(events.listenerCount('stream')).toBe(0);
  });
});
