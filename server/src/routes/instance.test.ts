import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, makeTestApp, type TestApp } from './test-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp();
  addUser(t, 'admin', { isAdmin: true });
  addUser(t, 'mod', { isModerator: true });
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ url });

describe('start-up endpoints', () => {
  it('describes the instance in Pleroma shape', async () => {
    const instance = (await get('/api/v1/instance')).json();
    expect(instance).toMatchObject({
      uri: '127.0.0.1:4000',
      version: '2.7.2 (compatible; Pleroma 2.7.0+starling)',
      urls: { streaming_api: 'ws://127.0.0.1:4000' },
      max_toot_chars: 5000,
      upload_limit: 16000000,
      poll_limits: {
        max_options: 20,
        max_option_chars: 200,
        min_expiration: 0,
        max_expiration: 31536000,
      },
      approval_required: false,
      stats: { user_count: 2, status_count: 0, domain_count: 0 },
      contact_account: { username: 'admin' },
      pleroma: {
        metadata: {
          account_activation_required: false,
          federation: { enabled: true, mrf_policies: ['TagPolicy'] },
          fields_limits: {
            max_fields: 10,
            max_remote_fields: 20,
            name_length: 512,
            value_length: 2048,
          },
          post_formats: ['text/plain', 'text/html', 'text/markdown', 'text/bbcode'],
          birthday_required: false,
          birthday_min_age: 0,
        },
        stats: { mau: 0 },
      },
    });
    expect(instance.pleroma.metadata.features).toEqual(
      expect.arrayContaining([
        'pleroma_api',
        'mastodon_api',
        'mastodon_api_streaming',
        'pleroma_emoji_reactions',
        'editing',
      ]),
    );
    expect(Buffer.from(instance.pleroma.vapid_public_key, 'base64url')[0]).toBe(4);
  });

  it('serves nodeinfo 2.0 and 2.1 with the well-known links', async () => {
    const links = (await get('/.well-known/nodeinfo')).json();
    expect(links.links.map((l: { href: string }) => l.href)).toEqual([
      'http://127.0.0.1:4000/nodeinfo/2.0.json',
      'http://127.0.0.1:4000/nodeinfo/2.1.json',
    ]);
    const info = (await get('/nodeinfo/2.0.json')).json();
    expect(info).toMatchObject({
      version: '2.0',
      software: { name: 'pleroma' },
      openRegistrations: true,
      usage: { users: { total: 2 }, localPosts: 0 },
      metadata: {
        private: false,
        suggestions: { enabled: true },
        staffAccounts: ['http://127.0.0.1:4000/users/admin', 'http://127.0.0.1:4000/users/mod'],
        uploadLimits: { general: 16000000, avatar: 2000000, banner: 4000000, background: 4000000 },
        fieldsLimits: { maxFields: 10 },
        mailerEnabled: true,
      },
    });
    expect(info.metadata.restrictedNicknames).toContain('oauth');
    expect((await get('/nodeinfo/2.1.json')).json().version).toBe('2.1');
  });

  it('serves the frontend configuration and static start-up files', async () => {
    expect((await get('/api/pleroma/frontend_configurations')).json().pleroma_fe).toMatchObject({
      theme: 'pleroma-dark',
      showInstanceSpecificPanel: true,
    });
    expect((await get('/static/config.json')).json()).toEqual(expect.any(Object));
    const tos = await get('/static/terms-of-service.html');
    expect(tos.headers['content-type']).toContain('text/html');
    expect(tos.body).toContain('<h2>');
    expect((await get('/instance/panel.html')).body).toContain('Starling');
    const stickers = (await get('/static/stickers.json')).json();
    const pack = (await get(`${stickers['starling-birds']}pack.json`)).json();
    expect(pack.files.length).toBeGreaterThan(0);
    const sticker = await get(`${stickers['starling-birds']}${pack.files[0]}`);
    expect(sticker.headers['content-type']).toBe('image/png');
    const styles = (await get('/static/styles.json')).json();
    const theme = (await get(styles['pleroma-dark'])).json();
    expect(theme.source.colors.bg).toBe('#0f1923');
    expect((await get('/images/avi.png')).statusCode).toBe(200);
    expect((await get('/api/v1/pleroma/emoji')).json()).toEqual({});
  });

  it('answers unknown API paths with JSON 404s', async () => {
    for (const url of [
      '/api/v1/nothing',
      '/oauth/nothing',
      '/nodeinfo/3.0.json',
      '/.well-known/nothing',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: 'Not found' });
    }
  });
});
