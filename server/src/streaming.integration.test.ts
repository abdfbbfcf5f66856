/**
 * Streaming against the real instance: buildApp + demo seed, listening on a free port, with real
 * WebSocket clients. "Creating a status pushes `update` to every subscriber who may see it", and
 * to nobody else.
 *
 * Positive cases wait for the frame itself. A negative case ("does not receive") posts a later
 * marker the same socket does receive and asserts the forbidden frame did not come before it:
 * frames on one socket arrive in the order the server sent them, and the server sends during the
 * POST that creates the status.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp, type StarlingApp } from './app.ts';
import { seedDemoData } from './seed/index.ts';

const PASSWORD = 'starling-demo';
const WAIT_MS = 10_000;

interface Frame {
  stream?: string[];
  event: string;
  payload: string;
}

type Predicate = (frame: Frame) => boolean;

/** Every frame a socket received, kept in order; waits are event-driven. */
class Inbox {
  readonly frames: Frame[] = [];
  private waiters: { predicate: Predicate; resolve: (frame: Frame) => void }[] = [];

  constructor(socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.predicate(frame)) return true;
        waiter.resolve(frame);
        return false;
      });
    });
  }

  /** The first frame (already received or still to come) that matches. */
  waitFor(description: string, predicate: Predicate, timeoutMs = WAIT_MS): Promise<Frame> {
    const found = this.frames.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter = {
        predicate,
        resolve: (frame: Frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(
          new Error(
            `timed out waiting for ${description}; received ${JSON.stringify(
              this.frames.map((f) => ({ stream: f.stream, event: f.event })),
            )}`,
          ),
        );
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }
}

interface Client {
  name: string;
  socket: WebSocket;
  inbox: Inbox;
  closed: Promise<{ code: number; reason: string }>;
}

function payloadOf(frame: Frame): Record<string, unknown> {
  return JSON.parse(frame.payload) as Record<string, unknown>;
}

const updateOf =
  (statusId: string): Predicate =>
  (frame) =>
    frame.event === 'update' && payloadOf(frame).id === statusId;

const deleteOf =
  (statusId: string): Predicate =>
  (frame) =>
    frame.event === 'delete' && frame.payload === statusId;

const notificationAbout =
  (statusId: string): Predicate =>
  (frame) =>
    frame.event === 'notification' &&
    (payloadOf(frame).status as { id?: unknown } | undefined)?.id === statusId;

/** Any frame that mentions the status at all: its update, its delete, a notification about it. */
const anythingAbout =
  (statusId: string): Predicate =>
  (frame) =>
    updateOf(statusId)(frame) || deleteOf(statusId)(frame) || notificationAbout(statusId)(frame);

/**
 * Waits for the marker on `client`, then asserts that no frame matching `forbidden` came before it
 * (nor at all so far).
 */
async function expectNothingBefore(
  client: Client,
  forbidden: Predicate,
  what: string,
  marker: Predicate,
): Promise<void> {
  await client.inbox.waitFor(`the marker on ${client.name}`, marker);
  const leaked = client.inbox.frames.filter(forbidden);
  expect(
    leaked.map((f) => ({ stream: f.stream, event: f.event })),
    `${client.name} must not receive ${what}`,
  ).toEqual([]);
}

describe('streaming on the real instance', () => {
  let dir: string;
  let built: StarlingApp;
  let base: string;
  const tokens = new Map<string, string>();
  const clients: Client[] = [];
  let counter = 0;
  /** Unique per test run, so the hashtags of seeded posts never interfere. */
  const run = Date.now().toString(36);

  const register = async () => {
    const response = await built.app.inject({
      method: 'POST',
      url: '/api/v1/apps',
      payload: {
        client_name: 'Streaming test',
        redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
        scopes: 'read write follow push',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { client_id: string; client_secret: string };
  };

  const login = async (user: string, client?: { client_id: string; client_secret: string }) => {
    const app = client ?? (await register());
    const response = await built.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'password',
        username: user,
        password: PASSWORD,
        client_id: app.client_id,
        client_secret: app.client_secret,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { access_token: string }).access_token;
  };

  /** Posts as `user`; the server has sent every stream frame when this resolves. */
  const post = async (
    user: string,
    text: string,
    visibility: 'public' | 'unlisted' | 'private' | 'direct' = 'public',
  ): Promise<string> => {
    const response = await built.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: { authorization: `Bearer ${tokens.get(user)}` },
      payload: { status: `${text} (${run}-${++counter})`, visibility },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { id: string }).id;
  };

  const connect = async (
    name: string,
    params: { user?: string; token?: string; stream?: string },
  ): Promise<Client> => {
    const query = new URLSearchParams();
    const token = params.token ?? (params.user ? tokens.get(params.user) : undefined);
    if (token) query.set('access_token', token);
    if (params.stream) query.set('stream', params.stream);
    const socket = new WebSocket(`${base}/api/v1/streaming?${query}`);
    const inbox = new Inbox(socket);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    const client: Client = { name, socket, inbox, closed };
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`HTTP ${response.statusCode}`)),
      );
    });
    return client;
  };

  /** Subscribes an open socket to a hashtag and waits for the server's answer. */
  const subscribeTag = async (client: Client, tag: string): Promise<void> => {
    const before = client.inbox.frames.length;
    client.socket.send(JSON.stringify({ type: 'subscribe', stream: 'hashtag', tag }));
    const answer = await client.inbox.waitFor(
      `the subscribe answer on ${client.name}`,
      (frame) => frame.event === 'pleroma:respond' && client.inbox.frames.indexOf(frame) >= before,
    );
    expect(payloadOf(answer)).toEqual({ type: 'subscribe', result: 'success' });
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'starling-streaming-'));
    built = await buildApp({ dataDir: dir, origin: 'http://127.0.0.1:4000' });
    seedDemoData(built.ctx);
    await built.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = built.app.server.address() as AddressInfo;
    base = `ws://127.0.0.1:${port}`;
    const shared = await register();
    // bob, carol, dave follow alice; wren and admin do not.
    for (const user of ['alice', 'bob', 'carol', 'wren'])
      tokens.set(user, await login(user, shared));
  });

  afterEach(async () => {
    const open = clients.splice(0);
    for (const client of open) {
      if (client.socket.readyState === WebSocket.CLOSED) continue;
      client.socket.terminate();
      await client.closed;
    }
  });

  afterAll(async () => {
    await built?.app.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a public status reaches public, public:local and the followers’ user streams', async () => {
    const anonymous = await connect('anonymous public', { stream: 'public' });
    const signedIn = await connect("carol's public", { user: 'carol', stream: 'public' });
    const local = await connect('anonymous public:local', { stream: 'public:local' });
    const follower = await connect("bob's user", { user: 'bob', stream: 'user' });
    const author = await connect("alice's user", { user: 'alice', stream: 'user' });
    const stranger = await connect("wren's user", { user: 'wren', stream: 'user' });

    const id = await post('alice', 'Hello, public streams');
    for (const [client, stream] of [
      [anonymous, ['public']],
      [signedIn, ['public']],
      [local, ['public:local']],
      [follower, ['user']],
      [author, ['user']],
    ] as const) {
      const frame = await client.inbox.waitFor(`the update on ${client.name}`, updateOf(id));
      expect(frame.stream).toEqual(stream);
      const status = payloadOf(frame);
      expect(status).toMatchObject({ id, visibility: 'public' });
      expect((status.account as { acct: string }).acct).toBe('alice');
    }
    // The payload is rendered for the viewer: bob follows alice, the anonymous viewer has no relationship.
    const forBob = payloadOf(await follower.inbox.waitFor('update', updateOf(id)));
    expect(
      (forBob.account as { pleroma: { relationship: { following: boolean } } }).pleroma.relationship
        .following,
    ).toBe(true);
    const forAnonymous = payloadOf(await anonymous.inbox.waitFor('update', updateOf(id)));
    expect(
      (forAnonymous.account as { pleroma: { relationship: object } }).pleroma.relationship,
    ).toEqual({});

    const marker = await post('wren', 'Marker from wren');
    await expectNothingBefore(stranger, anythingAbout(id), "alice's post", updateOf(marker));
  });

  it('a private status reaches followers only', async () => {
    const follower = await connect("bob's user", { user: 'bob', stream: 'user' });
    const stranger = await connect("wren's user", { user: 'wren', stream: 'user' });
    const publicAnonymous = await connect('anonymous public', { stream: 'public' });
    const publicFollower = await connect("bob's public", { user: 'bob', stream: 'public' });

    const id = await post('alice', 'Followers only', 'private');
    const frame = await follower.inbox.waitFor("the private update on bob's user", updateOf(id));
    expect(payloadOf(frame)).toMatchObject({ id, visibility: 'private' });

    const marker = await post('wren', 'Public marker from wren');
    for (const client of [stranger, publicAnonymous, publicFollower])
      await expectNothingBefore(client, anythingAbout(id), 'the private post', updateOf(marker));
  });

  it('a direct status reaches the mentioned account’s direct stream only', async () => {
    const recipient = await connect("bob's direct", { user: 'bob', stream: 'direct' });
    const recipientUser = await connect("bob's user", { user: 'bob', stream: 'user' });
    const other = await connect("carol's direct", { user: 'carol', stream: 'direct' });
    const otherUser = await connect("carol's user", { user: 'carol', stream: 'user' });
    const publicAnonymous = await connect('anonymous public', { stream: 'public' });

    const id = await post('alice', '@bob just between us', 'direct');
    const frame = await recipient.inbox.waitFor("the update on bob's direct", updateOf(id));
    expect(frame.stream).toEqual(['direct']);
    expect(payloadOf(frame)).toMatchObject({ id, visibility: 'direct' });
    // The mention also notifies bob on his user stream.
    await recipientUser.inbox.waitFor("the mention on bob's user", notificationAbout(id));

    // carol follows alice, but is not addressed.
    const marker = await post('alice', '@carol a direct marker', 'direct');
    for (const client of [other, otherUser])
      await expectNothingBefore(client, anythingAbout(id), "bob's direct post", updateOf(marker));
    const publicMarker = await post('wren', 'Public marker from wren');
    await expectNothingBefore(
      publicAnonymous,
      (f) => anythingAbout(id)(f) || anythingAbout(marker)(f),
      'direct posts',
      updateOf(publicMarker),
    );
  });

  it('a hashtag status reaches the subscribers of that tag, not of another', async () => {
    const cats = `cats${run}`;
    const dogs = `dogs${run}`;
    const catWatcher = await connect('anonymous socket', {});
    const dogWatcher = await connect("bob's socket", { user: 'bob' });
    await subscribeTag(catWatcher, cats);
    await subscribeTag(dogWatcher, dogs);

    const id = await post('carol', `Look at this #${cats}`);
    const frame = await catWatcher.inbox.waitFor(`the #${cats} update`, updateOf(id));
    expect(frame.stream).toEqual(['hashtag', cats]);
    expect(payloadOf(frame).tags).toEqual([expect.objectContaining({ name: cats })]);

    const marker = await post('carol', `And now #${dogs}`);
    const dogFrame = await dogWatcher.inbox.waitFor(`the #${dogs} update`, updateOf(marker));
    expect(dogFrame.stream).toEqual(['hashtag', dogs]);
    await expectNothingBefore(dogWatcher, anythingAbout(id), `the #${cats} post`, updateOf(marker));

    // And the other way round: the cat socket got nothing about the dog post before a later cat post.
    const catMarker = await post('carol', `More #${cats}`);
    await expectNothingBefore(
      catWatcher,
      anythingAbout(marker),
      `the #${dogs} post`,
      updateOf(catMarker),
    );
  });

  it('deleting a status sends delete with its id', async () => {
    const anonymous = await connect('anonymous public', { stream: 'public' });
    const follower = await connect("bob's user", { user: 'bob', stream: 'user' });

    const id = await post('alice', 'Soon gone');
    await anonymous.inbox.waitFor('the update', updateOf(id));
    await follower.inbox.waitFor('the update', updateOf(id));

    const response = await built.app.inject({
      method: 'DELETE',
      url: `/api/v1/statuses/${id}`,
      headers: { authorization: `Bearer ${tokens.get('alice')}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    for (const [client, stream] of [
      [anonymous, ['public']],
      [follower, ['user']],
    ] as const) {
      const frame = await client.inbox.waitFor(`the delete on ${client.name}`, deleteOf(id));
      expect(frame).toEqual({ stream, event: 'delete', payload: id });
    }
  });

  it("a mention creates a notification on the mentioned user's stream", async () => {
    const mentioned = await connect("bob's user", { user: 'bob', stream: 'user' });
    const notificationsOnly = await connect("bob's user:notification", {
      user: 'bob',
      stream: 'user:notification',
    });
    const follower = await connect("carol's user", { user: 'carol', stream: 'user' });

    const id = await post('alice', '@bob have a look');
    for (const [client, stream] of [
      [mentioned, ['user']],
      [notificationsOnly, ['user:notification']],
    ] as const) {
      const frame = await client.inbox.waitFor(
        `the notification on ${client.name}`,
        notificationAbout(id),
      );
      expect(frame.stream).toEqual(stream);
      const notification = payloadOf(frame);
      expect(notification).toMatchObject({ type: 'mention', account: { acct: 'alice' } });
      expect(notification.id).toEqual(expect.any(String));
    }
    // bob's user stream also has the status itself; the notification-only stream does not.
    await mentioned.inbox.waitFor('the update', updateOf(id));
    expect(notificationsOnly.inbox.frames.filter(updateOf(id))).toEqual([]);

    // carol follows alice and gets the status, but no notification about it.
    await follower.inbox.waitFor("the update on carol's user", updateOf(id));
    const marker = await post('carol', 'Marker from carol');
    await expectNothingBefore(
      follower,
      notificationAbout(id),
      "bob's notification",
      updateOf(marker),
    );
  });

  it('a revoked token stops delivery', async () => {
    const app = await register();
    const doomedToken = await login('bob', app);
    const doomed = await connect("bob's user (token to revoke)", {
      token: doomedToken,
      stream: 'user',
    });
    const live = await connect("bob's user (live token)", { user: 'bob', stream: 'user' });

    const before = await post('alice', 'Before the revocation');
    await doomed.inbox.waitFor('the update before revocation', updateOf(before));

    const revoked = await built.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      payload: { client_id: app.client_id, client_secret: app.client_secret, token: doomedToken },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);

    const after = await post('alice', 'After the revocation');
    await live.inbox.waitFor('the update on the live socket', updateOf(after));
    const closed = await doomed.closed;
    expect(closed.code).toBe(1008);
    expect(doomed.inbox.frames.filter(anythingAbout(after))).toEqual([]);

    // The revoked token cannot open a new socket either.
    await expect(connect('revoked token', { token: doomedToken, stream: 'user' })).rejects.toThrow(
      'HTTP 401',
    );
  });
});
