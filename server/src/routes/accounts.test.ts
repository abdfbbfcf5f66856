import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StreamMessage } from '../events.ts';
import { addUser, bearer, makeTestApp, passwordToken, post, type TestApp } from './test-helpers.ts';

let t: TestApp;
let alice: string;
let bob: string;
let wren: string;
let tokens: Record<string, string>;

beforeEach(async () => {
  t = await makeTestApp();
  alice = addUser(t, 'alice', { displayName: 'Alice', isAdmin: true });
  bob = addUser(t, 'bob', { note: 'hello @alice #intro' });
  wren = addUser(t, 'wren', { locked: true });
  addUser(t, 'kestrel', { domain: 'elsewhere.example' });
  tokens = {};
  for (const name of ['alice', 'bob', 'wren']) tokens[name] = await passwordToken(t.app, name);
});
afterEach(async () => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ url, headers: token ? bearer(token) : {} });

describe('own account', () => {
  it('verify_credentials carries source, settings store and privileges', async () => {
    const me = (await get('/api/v1/accounts/verify_credentials', tokens.alice)).json();
    expect(me).toMatchObject({
      id: alice,
      username: 'alice',
      acct: 'alice',
      display_name: 'Alice',
      fqn: 'alice@127.0.0.1:4000',
      url: 'http://127.0.0.1:4000/users/alice',
      avatar: 'http://127.0.0.1:4000/images/avi.png',
      source: {
        note: '',
        privacy: 'public',
        sensitive: false,
        fields: [],
        pleroma: { show_role: true, no_rich_text: false, discoverable: true, actor_type: 'Person' },
      },
      pleroma: {
        ap_id: 'http://127.0.0.1:4000/users/alice',
        is_admin: true,
        is_moderator: false,
        settings_store: {},
        unread_conversation_count: 0,
        notification_settings: { block_from_strangers: false, hide_notification_contents: false },
      },
    });
    expect(me.pleroma.privileges).toContain('messages_delete');
    expect(me.pleroma.privileges).toHaveLength(14);
    expect(typeof me.pleroma.chat_token).toBe('string');
  });

  it('others do not get the private fields', async () => {
    const seen = (await get(`/api/v1/accounts/${alice}`, tokens.bob)).json();
    expect(seen.source).toBeUndefined();
    expect(seen.pleroma.settings_store).toBeUndefined();
    expect(seen.pleroma.relationship).toMatchObject({ id: alice, following: false });
    expect((await get(`/api/v1/accounts/${alice}`)).json().pleroma.relationship).toEqual({});
  });

  it('update_credentials changes profile fields and the settings store (JSON)', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/update_credentials',
      headers: bearer(tokens.bob!),
      payload: {
        display_name: 'Bob B',
        note: 'new <bio> #tag',
        locked: true,
        bot: true,
        fields_attributes: [{ name: 'Site', value: 'https://bob.example' }],
        pleroma_settings_store: { 'pleroma-fe': { theme: 'dark' }, starling: { a: 1 } },
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      display_name: 'Bob B',
      locked: true,
      bot: true,
      source: { note: 'new <bio> #tag' },
    });
    expect(body.note).toContain('new &lt;bio&gt; <a class="hashtag"');
    expect(body.fields).toEqual([
      {
        name: 'Site',
        value: expect.stringContaining('href="https://bob.example"'),
        verified_at: null,
      },
    ]);
    expect(body.pleroma.settings_store).toEqual({
      'pleroma-fe': { theme: 'dark' },
      starling: { a: 1 },
    });

    // Replaces the entry of one frontend only, and accepts a JSON string inside form data.
    const form = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/update_credentials',
      headers: { ...bearer(tokens.bob!), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `pleroma_settings_store=${encodeURIComponent(JSON.stringify({ starling: { b: 2 } }))}&fields_attributes[0][name]=A&fields_attributes[0][value]=B`,
    });
    expect(form.statusCode).toBe(200);
    expect(form.json().pleroma.settings_store).toEqual({
      'pleroma-fe': { theme: 'dark' },
      starling: { b: 2 },
    });
    expect(form.json().source.fields).toEqual([{ name: 'A', value: 'B' }]);
    const reread = (await get('/api/v1/accounts/verify_credentials', tokens.bob)).json();
    expect(reread.pleroma.settings_store.starling).toEqual({ b: 2 });
  });

  it('rejects invalid updates without changing anything', async () => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/update_credentials',
      headers: bearer(tokens.bob!),
      payload: { display_name: 'Changed', pleroma_settings_store: '{not json' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toContain('pleroma_settings_store');
    expect((await get('/api/v1/accounts/verify_credentials', tokens.bob)).json().display_name).toBe(
      'bob',
    );
  });
});

describe('profile field limits', () => {
  const update = (fields: { name: string; value: string }[]) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/update_credentials',
      headers: bearer(tokens.bob!),
      payload: { fields_attributes: fields },
    });

  it('refuses more fields, or longer ones, than the instance declares, with a JSON error', async () => {
    const limits = (await get('/api/v1/instance')).json().pleroma.metadata.fields_limits;
    const field = { name: 'n', value: 'v' };
    const tooMany = await update(Array.from({ length: limits.max_fields + 1 }, () => field));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toEqual({ error: 'Invalid fields_attributes: too many fields' });
    for (const long of [
      { name: 'n'.repeat(limits.name_length + 1), value: 'v' },
      { name: 'n', value: 'v'.repeat(limits.value_length + 1) },
    ]) {
      const refused = await update([long]);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ error: 'Invalid fields_attributes: a field is too long' });
    }
    const atLimit = await update(Array.from({ length: limits.max_fields }, () => field));
    expect(atLimit.statusCode).toBe(200);
    expect(atLimit.json().fields).toHaveLength(limits.max_fields);
  });
});

describe('lookup and relationships', () => {
  it('finds accounts by id, nickname and acct', async () => {
    expect((await get('/api/v1/accounts/bob')).json().id).toBe(bob);
    expect(
      (await get('/api/v1/accounts/lookup?acct=kestrel@elsewhere.example')).json(),
    ).toMatchObject({
      acct: 'kestrel@elsewhere.example',
      username: 'kestrel',
      url: 'https://elsewhere.example/users/kestrel',
      fqn: 'kestrel@elsewhere.example',
    });
    const missing = await get('/api/v1/accounts/lookup?acct=nobody');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Record not found' });
    expect((await get('/api/v1/accounts/0000000000nothing')).statusCode).toBe(404);
    expect((await get('/api/v1/accounts/lookup')).statusCode).toBe(400);
  });

  it('follows, asks to follow a locked account, and reports relationships', async () => {
    const messages: StreamMessage[] = [];
    t.ctx.events.on('stream', (m) => messages.push(m));
    const followed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${alice}/follow`,
      headers: bearer(tokens.bob!),
    });
    expect(followed.json()).toMatchObject({
      id: alice,
      following: true,
      requested: false,
      showing_reblogs: true,
    });
    expect(messages.find((m) => m.event === 'notification')!.render(alice)).toMatchObject({
      type: 'follow',
      account: { id: bob },
    });

    const requested = await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${wren}/follow`,
      headers: bearer(tokens.bob!),
      payload: { reblogs: false },
    });
    expect(requested.json()).toMatchObject({
      following: false,
      requested: true,
      showing_reblogs: false,
    });

    const relationships = await get(
      `/api/v1/accounts/relationships?id[]=${alice}&id[]=${wren}&id[]=nope`,
      tokens.bob,
    );
    expect(relationships.json()).toEqual([
      expect.objectContaining({ id: alice, following: true }),
      expect.objectContaining({ id: wren, requested: true }),
    ]);
    const single = await get(`/api/v1/accounts/relationships?id=${bob}`, tokens.alice);
    expect(single.json()).toEqual([
      expect.objectContaining({ id: bob, followed_by: true, following: false }),
    ]);

    const requests = await get('/api/v1/follow_requests', tokens.wren);
    expect(requests.json().map((a: { id: string }) => a.id)).toEqual([bob]);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/follow_requests/${bob}/authorize`,
      headers: bearer(tokens.wren!),
    });
    expect(accepted.json()).toMatchObject({ followed_by: true });

    const followers = await get(`/api/v1/accounts/${alice}/followers`);
    expect(followers.json().map((a: { id: string }) => a.id)).toEqual([bob]);
    expect(followers.headers.link).toContain('rel="next"');
    const following = await get(`/api/v1/accounts/${bob}/following`);
    expect(
      following
        .json()
        .map((a: { id: string }) => a.id)
        .sort(),
    ).toEqual([alice, wren].sort());
    expect((await get(`/api/v1/accounts/${alice}`)).json().followers_count).toBe(1);

    const unfollowed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${alice}/unfollow`,
      headers: bearer(tokens.bob!),
    });
    expect(unfollowed.json().following).toBe(false);
  });

  it('refuses following yourself and follow without the scope', async () => {
    const self = await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${bob}/follow`,
      headers: bearer(tokens.bob!),
    });
    expect(self.statusCode).toBe(400);
    const readOnly = await passwordToken(t.app, 'bob', { scope: 'read' });
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${alice}/follow`,
      headers: bearer(readOnly),
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: 'Insufficient permissions: write:follows | follow.' });
  });

  it('pages account statuses with exclude_replies and pinned', async () => {
    const root = await post(t.app, tokens.alice!, { status: 'root' });
    await post(t.app, tokens.bob!, { status: 'reply', in_reply_to_id: root.id });
    await post(t.app, tokens.bob!, { status: 'top' });
    const all = (await get(`/api/v1/accounts/${bob}/statuses`)).json();
    expect(all).toHaveLength(2);
    const noReplies = (await get(`/api/v1/accounts/${bob}/statuses?exclude_replies=true`)).json();
    expect(noReplies.map((s: { content: string }) => s.content)).toEqual(['top']);
    expect((await get(`/api/v1/accounts/${bob}/statuses?pinned=true`)).json()).toEqual([]);
  });
});
