import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAllowedRedirectUri } from './auth/redirect-uri.ts';
import {
  addUser,
  bearer,
  makeTestApp,
  passwordToken,
  registerClient,
  type TestApp,
} from './routes/test-helpers.ts';

let t: TestApp;
let alice: string;
let bob: string;

beforeAll(async () => {
  t = await makeTestApp();
  addUser(t, 'alice');
  addUser(t, 'bob');
  alice = await passwordToken(t.app, 'alice');
  bob = await passwordToken(t.app, 'bob');
});
afterAll(async () => t.close());

describe('redirect URIs', () => {
  it('allows http(s), app schemes and the out-of-band URN only', () => {
    for (const uri of [
      'https://client.example/callback',
      'http://127.0.0.1:5173/oauth-callback',
      'com.example.app:/oauth',
      'myapp://callback',
      'urn:ietf:wg:oauth:2.0:oob',
    ])
      expect(isAllowedRedirectUri(uri), uri).toBe(true);
    for (const uri of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'not a uri',
      'urn:other',
      'https://',
    ])
      expect(isAllowedRedirectUri(uri), uri).toBe(false);
  });

  it('refuses to register an app that would redirect to script', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/apps',
      payload: {
        client_name: 'Evil',
        redirect_uris: 'https://ok.example/cb\njavascript:alert(document.cookie)',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/redirect_uris/);
    await expect(registerClient(t.app, 'read', 'com.example.app:/oauth')).resolves.toMatchObject({
      client_id: expect.any(String),
    });
  });
});

describe('response headers', () => {
  it('sends nosniff on every response, errors and pages included', async () => {
    for (const url of ['/api/v1/instance', '/api/v1/nothing-here', '/static/logo.svg']) {
      const response = await t.app.inject({ url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('gives the static pages and the authorize page a CSP and a referrer policy', async () => {
    const client = await registerClient(t.app, 'read', 'https://client.example/cb');
    for (const url of [
      '/static/terms-of-service.html',
      '/instance/panel.html',
      `/oauth/authorize?response_type=code&client_id=${client.client_id}&redirect_uri=${encodeURIComponent('https://client.example/cb')}`,
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-security-policy'], url).toMatch(/default-src 'none'/);
      expect(response.headers['referrer-policy'], url).toEqual(expect.any(String));
    }
  });
});

describe('privacy and validation', () => {
  it('shows a birthday to others only when its owner chose to', async () => {
    const update = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/accounts/update_credentials',
        headers: bearer(alice),
        payload,
      });
    const me = (await update({ birthday: '1990-04-12' })).json();
    expect(me.pleroma.birthday).toBe('1990-04-12');
    const seenByBob = async () =>
      (
        await t.app.inject({ url: `/api/v1/accounts/${me.id as string}`, headers: bearer(bob) })
      ).json().pleroma.birthday as string | null;
    expect(await seenByBob()).toBeNull();
    const shown = (await update({ show_birthday: true })).json();
    expect(shown.source.pleroma.show_birthday).toBe(true);
    expect(await seenByBob()).toBe('1990-04-12');
  });

  it('answers an unparseable scheduled_at with 422', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: bearer(alice),
      payload: { status: 'later', scheduled_at: 'next tuesday-ish' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/scheduled_at/);
  });

  it('lists only features that exist, and agrees with nodeinfo on registrations', async () => {
    const instance = (await t.app.inject({ url: '/api/v1/instance' })).json();
    const nodeinfo = (await t.app.inject({ url: '/nodeinfo/2.1.json' })).json();
    expect(instance.registrations).toBe(nodeinfo.openRegistrations);
    for (const features of [instance.pleroma.metadata.features, nodeinfo.metadata.features]) {
      expect(features).toContain('chat'); // the shout box (shout-socket.ts)
      expect(features).toContain('pleroma_chat_messages');
    }
    const chats = await t.app.inject({ url: '/api/v1/pleroma/chats', headers: bearer(alice) });
    expect(chats.statusCode).toBe(200);
  });

  it('announces no chats on the mastodon flavour, where their paths do not exist', async () => {
    const mastodon = await makeTestApp(undefined, { flavour: 'mastodon' });
    try {
      for (const url of ['/api/v1/instance', '/api/v2/instance', '/nodeinfo/2.1.json'])
        expect((await mastodon.app.inject({ url })).body).not.toContain('pleroma_chat_messages');
      const chats = await mastodon.app.inject({ url: '/api/v1/pleroma/chats' });
      expect(chats.statusCode).toBe(404);
    } finally {
      await mastodon.close();
    }
  });
});
