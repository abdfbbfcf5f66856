import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type StarlingApp } from './app.ts';
import { parseCommandLine } from './main.ts';
import {
  TEST_PASSWORD,
  addUser,
  bearer,
  post,
  registerClient,
  type Client,
} from './routes/test-helpers.ts';
import { codeThroughSignInPages } from './routes/test-mastodon-sign-in.ts';

let t: StarlingApp;
let dir: string;
let token: string;
const REDIRECT = 'https://client.example/oauth-callback';

/** Signs in the way a Mastodon server allows: its own sign-in pages, then the code grant. */
async function signInThroughAuthorizePage(
  client: Client,
  username: string,
  on: StarlingApp = t,
): Promise<string> {
  const scope = 'read write follow push';
  const code = await codeThroughSignInPages(on.app, {
    client,
    redirectUri: REDIRECT,
    scope,
    username,
  });
  const response = await on.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: client.client_id,
      client_secret: client.client_secret,
    },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { access_token: string }).access_token;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'starling-flavour-'));
  t = await buildApp({ dataDir: dir, origin: 'http://127.0.0.1:4000', flavour: 'mastodon' });
  addUser(t, 'alice', { isAdmin: true });
  const client = await registerClient(t.app, 'read write follow push', REDIRECT);
  token = await signInThroughAuthorizePage(client, 'alice');
});
afterAll(async () => {
  await t.app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the mastodon flavour', () => {
  it('is chosen on the command line and refuses unknown flavours', () => {
    expect(parseCommandLine(['--flavour', 'mastodon'], {}).flavour).toBe('mastodon');
    expect(parseCommandLine([], {}).flavour).toBe('pleroma');
    expect(() => parseCommandLine(['--flavour', 'misskey'], {})).toThrow(/Unknown flavour/);
  });

  it('refuses the password grant with unsupported_grant_type', async () => {
    const client = await registerClient(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'password',
        username: 'alice',
        password: TEST_PASSWORD,
        client_id: client.client_id,
        client_secret: client.client_secret,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('refuses the admin scopes at registration and on the authorize page', async () => {
    const registration = await t.app.inject({
      method: 'POST',
      url: '/api/v1/apps',
      payload: { client_name: 'x', redirect_uris: REDIRECT, scopes: 'read admin' },
    });
    expect(registration.statusCode).toBe(422);
    expect(registration.json().error).toMatch(/admin/);
    const client = await registerClient(t.app, 'read', REDIRECT);
    const page = await t.app.inject({
      url: `/oauth/authorize?response_type=code&client_id=${client.client_id}&redirect_uri=${encodeURIComponent(REDIRECT)}&scope=admin:read`,
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('role="alert"');
  });

  it('has no streaming endpoint and no Pleroma files', async () => {
    for (const url of [
      '/api/v1/streaming',
      '/api/v1/streaming?stream=public',
      '/api/pleroma/frontend_configurations',
      '/api/pleroma/emoji.json',
      '/api/v1/pleroma/emoji',
      '/static/config.json',
      '/static/stickers.json',
      '/static/styles.json',
      '/instance/panel.html',
      '/api/v1/timelines/direct',
    ]) {
      const response = await t.app.inject({ url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('answers public timelines only with a token', async () => {
    await post(t.app, token, { status: 'hello #birds', visibility: 'public' });
    for (const url of ['/api/v1/timelines/public', '/api/v1/timelines/tag/birds']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
      const signedIn = await t.app.inject({ url, headers: bearer(token) });
      expect(signedIn.statusCode, url).toBe(200);
      expect(signedIn.json()).toHaveLength(1);
    }
  });

  it('judges the path the router routes, however it is spelled', async () => {
    const tokenOnly = [
      '/api/v1/timelines/%70ublic',
      '/api/v1/timelines/public/',
      '/api/v1/timelines/public#x',
      '/api/v1/timelines/tag/bi%72ds',
      '/api/v1/timelines/tag/a%2Fb',
      '/api/v1/%74imelines/public?local=true',
    ];
    for (const url of tokenOnly) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toHaveProperty('error');
    }
    const pleromaOnly = [
      '/api/v1/%70leroma/emoji',
      '/api/v1/pleroma%2Femoji',
      '/api/%50leroma/frontend_configurations',
      '/api/v1/timelines/%64irect',
      '/api/v1/timelines/direct/',
      '/static/config%2Ejson',
      '/static/../static/styles.json',
      '/instance/%70anel.html',
    ];
    for (const url of pleromaOnly) {
      const response = await t.app.inject({ url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('describes itself like Mastodon: empty nodeinfo metadata, limits in the instance documents', async () => {
    const nodeinfo = (await t.app.inject({ url: '/nodeinfo/2.0.json' })).json();
    expect(nodeinfo.software.name).toBe('mastodon');
    expect(nodeinfo.metadata).toEqual({});
    const v1 = (await t.app.inject({ url: '/api/v1/instance' })).json();
    expect(v1.pleroma).toBeUndefined();
    expect(v1.version).not.toMatch(/Pleroma/);
    expect(v1.configuration.polls.max_options).toBe(20);
    expect(v1.configuration.statuses.max_characters).toBe(5000);
    expect(v1.registrations).toBe(nodeinfo.openRegistrations);
    const v2 = (await t.app.inject({ url: '/api/v2/instance' })).json();
    expect(v2.pleroma).toBeUndefined();
    expect(v2.configuration.media_attachments.supported_mime_types).toContain('image/png');
    expect(v2.configuration.polls.max_options).toBe(20);
    expect(v2.configuration.accounts).toMatchObject({
      max_profile_fields: 10,
      profile_field_name_limit: 512,
      profile_field_value_limit: 2048,
    });
    expect(JSON.stringify(v2)).not.toContain('editing');
  });

  it('sends no Pleroma fields in entities', async () => {
    const status = await post(t.app, token, { status: 'plain' });
    expect(status.pleroma).toBeUndefined();
    expect((status.account as Record<string, unknown>).pleroma).toBeUndefined();
    const me = (
      await t.app.inject({ url: '/api/v1/accounts/verify_credentials', headers: bearer(token) })
    ).json();
    expect(me.pleroma).toBeUndefined();
    expect(me.source.pleroma).toBeUndefined();
  });

  it('counts unread notifications past the notifications read marker, as Mastodon does', async () => {
    addUser(t, 'bob');
    const client = await registerClient(t.app, 'read write follow push', REDIRECT);
    const bob = await signInThroughAuthorizePage(client, 'bob');
    await post(t.app, bob, { status: '@alice one' });
    await post(t.app, bob, { status: '@alice two' });
    const unread = async () =>
      (
        await t.app.inject({
          url: '/api/v1/notifications/unread_count',
          headers: bearer(token),
        })
      ).json().count as number;
    const [newest, older] = (
      await t.app.inject({ url: '/api/v1/notifications', headers: bearer(token) })
    ).json() as { id: string }[];
    expect(await unread()).toBe(2);

    // Form keys, as Mastodon's own web client sends them.
    const marked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/markers',
      headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `notifications[last_read_id]=${older!.id}`,
    });
    expect(marked.statusCode).toBe(200);
    expect(await unread()).toBe(1);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/markers',
      headers: bearer(token),
      payload: { notifications: { last_read_id: newest!.id } },
    });
    expect(await unread()).toBe(0);
    const markers = await t.app.inject({
      url: '/api/v1/markers?timeline[]=notifications',
      headers: bearer(token),
    });
    expect(markers.json()).toEqual({
      notifications: { last_read_id: newest!.id, version: 1, updated_at: expect.any(String) },
    });
  });

  it('reads profile changes from form data only: a JSON body changes nothing, yet answers 200', async () => {
    const update = (payload: string | object, contentType?: string) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/accounts/update_credentials',
        headers: { ...bearer(token), ...(contentType ? { 'content-type': contentType } : {}) },
        payload,
      });
    const json = await update({ display_name: 'From JSON', source: { privacy: 'private' } });
    expect(json.statusCode).toBe(200);
    expect(json.json().display_name).not.toBe('From JSON');
    expect(json.json().source.privacy).toBe('public');

    const form = await update(
      new URLSearchParams({
        display_name: 'From a form',
        'source[privacy]': 'unlisted',
        'fields_attributes[0][name]': 'Site',
        'fields_attributes[0][value]': 'alice.example',
      }).toString(),
      'application/x-www-form-urlencoded',
    );
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject({
      display_name: 'From a form',
      source: { privacy: 'unlisted', fields: [{ name: 'Site', value: 'alice.example' }] },
    });
  });

  it('reacts only at the alias path, and edits with PUT', async () => {
    const status = await post(t.app, token, { status: 'react to me' });
    const pleromaPath = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/pleroma/statuses/${status.id as string}/reactions/👍`,
      headers: bearer(token),
    });
    expect(pleromaPath.statusCode).toBe(404);
    const alias = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/statuses/${status.id as string}/emoji_reactions/${encodeURIComponent('👍')}`,
      headers: bearer(token),
    });
    expect(alias.statusCode).toBe(200);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/statuses/${status.id as string}`,
      headers: bearer(token),
      payload: { status: 'edited' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().content).toContain('edited');
  });
});

describe('the mastodon flavour without conversations', () => {
  let small: StarlingApp;
  let smallDir: string;

  beforeAll(async () => {
    smallDir = mkdtempSync(join(tmpdir(), 'starling-flavour-small-'));
    small = await buildApp({
      dataDir: smallDir,
      origin: 'http://127.0.0.1:4000',
      flavour: 'mastodon',
      withoutConversations: true,
    });
  });
  afterAll(async () => {
    await small.app.close();
    rmSync(smallDir, { recursive: true, force: true });
  });

  it('is asked for on the command line, with the mastodon flavour only', () => {
    const args = ['--flavour', 'mastodon', '--no-conversations'];
    expect(parseCommandLine(args, {}).withoutConversations).toBe(true);
    expect(parseCommandLine(['--flavour', 'mastodon'], {}).withoutConversations).toBe(false);
    expect(() => parseCommandLine(['--no-conversations'], {})).toThrow(/--flavour mastodon/);
  });

  it('has neither conversations nor a direct timeline, while the full flavour has conversations', async () => {
    addUser(small, 'erin');
    const client = await registerClient(small.app, 'read write follow push', REDIRECT);
    const erin = await signInThroughAuthorizePage(client, 'erin', small);
    for (const url of [
      '/api/v1/conversations',
      '/api/v1/conversations/',
      '/api/v1/%63onversations',
      '/api/v1/timelines/direct',
    ]) {
      const response = await small.app.inject({ url, headers: bearer(erin) });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: 'Not found' });
    }
    expect(
      (await small.app.inject({ url: '/api/v1/timelines/home', headers: bearer(erin) })).statusCode,
    ).toBe(200);
    const full = await t.app.inject({ url: '/api/v1/conversations', headers: bearer(token) });
    expect(full.statusCode).toBe(200);
  });
});
