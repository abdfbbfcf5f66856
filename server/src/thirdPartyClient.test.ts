import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createOAuthAPIClient,
  createRestAPIClient,
  createStreamingAPIClient,
  type mastodon,
} from 'masto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp, type StarlingApp } from './app.ts';
import { TINY_PNG } from './test-uploads.ts';
import { TEST_PASSWORD, addUser } from './routes/test-helpers.ts';

/**
 * A third-party client library (masto.js) drives the local instance over real HTTP and WebSocket,
 * the way apps in the field do. Every call must succeed and give the library data it accepts.
 */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let built: StarlingApp;
let dir: string;
let url: string;
const calls: string[] = [];

/** One library call, counted; its failure names the call. */
async function call<T>(name: string, run: () => PromiseLike<T>): Promise<T> {
  calls.push(name);
  try {
    return await run();
  } catch (error) {
    throw new Error(`${name} failed: ${(error as Error).message}`, { cause: error });
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'starling-masto-'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  built = await buildApp({ dataDir: dir, origin: url });
  addUser(built, 'alice');
  addUser(built, 'bob');
  addUser(built, 'carol');
  await built.app.listen({ host: '127.0.0.1', port });
});
afterAll(async () => {
  await built.app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('masto.js against the local instance', () => {
  it('makes at least 60 calls, all accepted', { timeout: 60_000 }, async () => {
    const anonymous = createRestAPIClient({ url });
    const oauth = createOAuthAPIClient({ url });
    const app = await call('apps.create', () =>
      anonymous.v1.apps.create({
        clientName: 'masto.js check',
        redirectUris: 'urn:ietf:wg:oauth:2.0:oob',
        scopes: 'read write follow push',
        website: 'https://example.org',
      }),
    );
    expect(app.clientId).toEqual(expect.any(String));
    const tokenFor = (username: string) =>
      call(`token.create(${username})`, () =>
        oauth.token.create({
          grantType: 'password',
          clientId: app.clientId!,
          clientSecret: app.clientSecret!,
          redirectUri: 'urn:ietf:wg:oauth:2.0:oob',
          username,
          password: TEST_PASSWORD,
          scope: 'read write follow push',
        }),
      );
    const aliceToken = await tokenFor('alice');
    const bobToken = await tokenFor('bob');
    const alice = createRestAPIClient({ url, accessToken: aliceToken.accessToken });
    const bob = createRestAPIClient({ url, accessToken: bobToken.accessToken });

    const verifiedApp = await call('apps.verifyCredentials', () =>
      alice.v1.apps.verifyCredentials(),
    );
    expect(verifiedApp.name).toBe('masto.js check');

    // Instance
    const v1 = await call('instance v1', () => anonymous.v1.instance.fetch());
    expect(v1.configuration.statuses.maxCharacters).toBe(5000);
    const v2 = await call('instance v2', () => anonymous.v2.instance.fetch());
    expect(v2.configuration.polls.maxOptions).toBe(20);
    expect(v2.configuration.urls.streaming).toBe(url.replace(/^http/, 'ws'));
    expect(await call('instance peers', () => anonymous.v1.instance.peers.list())).toEqual([]);
    const activity = await call('instance activity', () => anonymous.v1.instance.activity.list());
    expect(activity.length).toBeGreaterThan(0);
    await call('customEmojis.list', () => anonymous.v1.customEmojis.list());

    // Accounts and relationships
    const me = await call('accounts.verifyCredentials', () =>
      alice.v1.accounts.verifyCredentials(),
    );
    expect(me.username).toBe('alice');
    const bobAccount = await call('accounts.lookup', () =>
      alice.v1.accounts.lookup({ acct: 'bob' }),
    );
    await call('accounts.fetch', () => alice.v1.accounts.$select(bobAccount.id).fetch());
    const followed = await call('accounts.follow', () =>
      alice.v1.accounts.$select(bobAccount.id).follow(),
    );
    expect(followed.following).toBe(true);
    await call('bob follows alice', () => bob.v1.accounts.$select(me.id).follow());
    const [relationship] = await call('accounts.relationships', () =>
      alice.v1.accounts.relationships.fetch({ id: [bobAccount.id] }),
    );
    expect(relationship?.following).toBe(true);
    await call('accounts.mute', () => alice.v1.accounts.$select(bobAccount.id).mute());
    expect(await call('mutes.list', () => alice.v1.mutes.list())).toHaveLength(1);
    await call('accounts.unmute', () => alice.v1.accounts.$select(bobAccount.id).unmute());
    await call('blocks.list', () => alice.v1.blocks.list());
    await call('followRequests.list', () => alice.v1.followRequests.list());

    // Statuses: create, read, edit, history, source, context
    const status = await call('statuses.create', () =>
      alice.v1.statuses.create({ status: 'Hello from masto.js #starlings', visibility: 'public' }),
    );
    await call('statuses.fetch', () => bob.v1.statuses.$select(status.id).fetch());
    const edited = await call('statuses.update', () =>
      alice.v1.statuses.$select(status.id).update({ status: 'Hello again #starlings' }),
    );
    expect(edited.editedAt).toEqual(expect.any(String));
    const history = await call('statuses.history', () =>
      alice.v1.statuses.$select(status.id).history.list(),
    );
    expect(history.length).toBe(2);
    const source = await call('statuses.source', () =>
      alice.v1.statuses.$select(status.id).source.fetch(),
    );
    expect(source.text).toBe('Hello again #starlings');
    const reply = await call('reply', () =>
      bob.v1.statuses.create({ status: `@alice nice`, inReplyToId: status.id }),
    );
    const context = await call('statuses.context', () =>
      alice.v1.statuses.$select(reply.id).context.fetch(),
    );
    expect(context.ancestors.map((s) => s.id)).toEqual([status.id]);

    // Every status action
    const select = () => bob.v1.statuses.$select(status.id);
    expect((await call('favourite', () => select().favourite())).favourited).toBe(true);
    expect(await call('favouritedBy', () => select().favouritedBy.list())).toHaveLength(1);
    await call('favourites.list', () => bob.v1.favourites.list());
    await call('unfavourite', () => select().unfavourite());
    expect((await call('reblog', () => select().reblog())).reblogged).toBe(true);
    expect(await call('rebloggedBy', () => select().rebloggedBy.list())).toHaveLength(1);
    await call('unreblog', () => select().unreblog());
    expect((await call('bookmark', () => select().bookmark())).bookmarked).toBe(true);
    expect(await call('bookmarks.list', () => bob.v1.bookmarks.list())).toHaveLength(1);
    await call('unbookmark', () => select().unbookmark());
    await call('mute', () => select().mute());
    await call('unmute', () => select().unmute());
    const own = () => alice.v1.statuses.$select(status.id);
    expect((await call('pin', () => own().pin())).pinned).toBe(true);
    await call('unpin', () => own().unpin());

    // Polls
    const pollStatus = await call('statuses.create(poll)', () =>
      alice.v1.statuses.create({
        status: 'Favourite bird?',
        poll: { options: ['starling', 'wren'], expiresIn: 3600 },
      }),
    );
    const pollId = pollStatus.poll!.id;
    await call('polls.fetch', () => bob.v1.polls.$select(pollId).fetch());
    const voted = await call('polls.votes', () =>
      bob.v1.polls.$select(pollId).votes.create({ choices: [0] }),
    );
    expect(voted.voted).toBe(true);
    expect(voted.options[0]?.votesCount).toBe(1);

    // Media v1 and v2
    const image = new Blob([TINY_PNG], { type: 'image/png' });
    const first = await call('media v1', () =>
      alice.v1.media.create({ file: image, description: 'a dot' }),
    );
    expect(first.type).toBe('image');
    const second = await call('media v2', () => alice.v2.media.create({ file: image }));
    await call('media.fetch', () => alice.v1.media.$select(second.id).fetch());
    const described = await call('media.update', () =>
      alice.v1.media.$select(second.id).update({ description: 'another dot' }),
    );
    expect(described.description).toBe('another dot');
    const withMedia = await call('statuses.create(media)', () =>
      alice.v1.statuses.create({ status: 'two dots', mediaIds: [first.id, second.id] }),
    );
    expect(withMedia.mediaAttachments).toHaveLength(2);

    // Scheduled statuses: created, listed, moved and cancelled; nothing is posted meanwhile
    const inAnHour = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const held = await call('media v2 (to schedule)', () => alice.v2.media.create({ file: image }));
    const scheduled = await call('statuses.create(scheduledAt)', () =>
      alice.v1.statuses.create({
        status: 'later, birds',
        mediaIds: [held.id],
        scheduledAt: inAnHour,
      }),
    );
    expect(scheduled).toMatchObject({
      scheduledAt: inAnHour,
      params: { text: 'later, birds', mediaIds: [held.id] },
      mediaAttachments: [expect.objectContaining({ id: held.id })],
    });
    const scheduledList = await call('scheduledStatuses.list', () =>
      alice.v1.scheduledStatuses.list(),
    );
    expect(scheduledList.map((s) => s.id)).toEqual([scheduled.id]);
    const inTwoHours = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
    const moved = await call('scheduledStatuses.update', () =>
      alice.v1.scheduledStatuses.$select(scheduled.id).update({ scheduledAt: inTwoHours }),
    );
    expect(moved.scheduledAt).toBe(inTwoHours);
    const fetched = await call('scheduledStatuses.fetch', () =>
      alice.v1.scheduledStatuses.$select(scheduled.id).fetch(),
    );
    expect(fetched.params.visibility).toBe('public');
    await call('scheduledStatuses.remove', () =>
      alice.v1.scheduledStatuses.$select(scheduled.id).remove(),
    );
    expect(
      await call('scheduledStatuses.list (empty)', () => alice.v1.scheduledStatuses.list()),
    ).toEqual([]);

    // Timelines with Link paging
    const pages = alice.v1.timelines.home.list({ limit: 2 }).values();
    const pageOne = await call('home page 1', () => pages.next());
    const pageTwo = await call('home page 2 (Link next)', () => pages.next());
    expect(pageOne.value).toHaveLength(2);
    expect(pageTwo.value?.length).toBeGreaterThan(0);
    expect(pageTwo.value![0]!.id < pageOne.value![1]!.id).toBe(true);
    expect(await call('timelines.public', () => alice.v1.timelines.public.list())).not.toEqual([]);
    const tagged = await call('timelines.tag', () =>
      alice.v1.timelines.tag.$select('starlings').list(),
    );
    expect(tagged.map((s) => s.id)).toContain(status.id);
    await call('accounts.statuses', () => alice.v1.accounts.$select(me.id).statuses.list());

    // Notifications
    const notifications = await call('notifications.list', () => alice.v1.notifications.list());
    expect(notifications.length).toBeGreaterThan(0);
    await call('notifications.fetch', async () => {
      const notification: mastodon.v1.Notification = await alice.v1.notifications
        .$select(notifications[0]!.id)
        .fetch();
      return notification;
    });
    await call('notifications.dismiss', () =>
      alice.v1.notifications.$select(notifications[0]!.id).dismiss(),
    );

    // Lists
    const list = await call('lists.create', () => alice.v1.lists.create({ title: 'Birds' }));
    await call('lists.accounts.create', () =>
      alice.v1.lists.$select(list.id).accounts.create({ accountIds: [bobAccount.id] }),
    );
    expect(
      await call('lists.accounts.list', () => alice.v1.lists.$select(list.id).accounts.list()),
    ).toHaveLength(1);
    await call('timelines.list', () => alice.v1.timelines.list.$select(list.id).list());
    await call('lists.update', () => alice.v1.lists.$select(list.id).update({ title: 'Corvids' }));
    expect(await call('lists.list', () => alice.v1.lists.list())).toHaveLength(1);
    await call('lists.remove', () => alice.v1.lists.$select(list.id).remove());

    // Search
    const found = await call('search v2', () =>
      alice.v2.search.list({ q: 'bob', type: 'accounts' }),
    );
    expect(found.accounts.map((a) => a.username)).toContain('bob');

    // Markers
    await call('markers.create', () =>
      alice.v1.markers.create({ home: { lastReadId: status.id } }),
    );
    const markers = await call('markers.fetch', () =>
      alice.v1.markers.fetch({ timeline: ['home', 'notifications'] }),
    );
    expect(markers.home?.lastReadId).toBe(status.id);

    // Conversations
    await call('statuses.create(direct)', () =>
      alice.v1.statuses.create({ status: '@bob just us', visibility: 'direct' }),
    );
    const conversations = await call('conversations.list', () => bob.v1.conversations.list());
    expect(conversations).toHaveLength(1);
    expect(conversations[0]!.unread).toBe(true);
    const read = await call('conversations.read', () =>
      bob.v1.conversations.$select(conversations[0]!.id).read(),
    );
    expect(read.unread).toBe(false);

    // Filters v2 and v1
    const filter = await call('filters v2 create', () =>
      alice.v2.filters.create({
        title: 'Weather',
        context: ['home'],
        filterAction: 'warn',
        keywordsAttributes: [{ keyword: 'rain', wholeWord: true }],
      }),
    );
    expect(filter.keywords).toHaveLength(1);
    await call('filters v2 keywords.create', () =>
      alice.v2.filters.$select(filter.id).keywords.create({ keyword: 'hail' }),
    );
    expect(await call('filters v2 list', () => alice.v2.filters.list())).toHaveLength(1);
    expect(await call('filters v1 list', () => alice.v1.filters.list())).toHaveLength(2);
    await call('bob posts rain', () => bob.v1.statuses.create({ status: 'rain again' }));
    const home = await call('home (filtered)', () => alice.v1.timelines.home.list());
    expect(home.find((s) => s.content.includes('rain'))?.filtered?.[0]?.filter.title).toBe(
      'Weather',
    );
    await call('filters v2 remove', () => alice.v2.filters.$select(filter.id).remove());

    // Preferences and the profile with an avatar file
    const preferences = await call('preferences', () => alice.v1.preferences.fetch());
    expect(preferences['posting:default:visibility']).toBe('public');
    const updated = await call('accounts.updateCredentials', () =>
      alice.v1.accounts.updateCredentials({
        displayName: 'Alice (masto.js)',
        note: 'Set through a third-party client',
        avatar: new Blob([TINY_PNG], { type: 'image/png' }),
      }),
    );
    expect(updated.displayName).toBe('Alice (masto.js)');
    expect(updated.avatar).toMatch(/\/media\/uploads\/\w+\.png$/);

    // Streaming: an update arrives on the user stream
    const streaming = createStreamingAPIClient({
      streamingApiUrl: v2.configuration.urls.streaming,
      accessToken: aliceToken.accessToken,
      implementation: WebSocket,
      retry: false,
    });
    const subscription = streaming.user.subscribe();
    const iterator = subscription.values();
    const received = (async () => {
      for (;;) {
        const { value, done } = await iterator.next();
        if (done) return null;
        if (value.event === 'update') return value.payload as mastodon.v1.Status;
      }
    })().catch(() => null);
    calls.push('streaming.user.subscribe');
    // The library connects lazily; bob posts until the subscribed socket delivers one of them.
    const delivered: { status: mastodon.v1.Status | null } = { status: null };
    void received.then((status) => (delivered.status = status));
    for (let attempt = 0; attempt < 20 && !delivered.status; attempt++) {
      await call('bob posts live', () => bob.v1.statuses.create({ status: 'live from bob' }));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(delivered.status?.content).toContain('live from bob');
    subscription.unsubscribe();
    streaming.close();

    await call('statuses.remove', () => alice.v1.statuses.$select(withMedia.id).remove());
    await call('token revoke', () =>
      oauth.revoke({
        clientId: app.clientId!,
        clientSecret: app.clientSecret!,
        token: bobToken.accessToken,
      }),
    );

    expect(calls.length).toBeGreaterThanOrEqual(60);
  });
});
