/**
 * Contract: every entity the local instance renders validates against the client's schemas and
 * carries the Pleroma fields the client uses, with no field falling back to a default.
 *
 * The real instance (buildApp + demo seed) is driven through app.inject; each answer goes through
 * the client parser that reads it, with onDefault collecting the paths of every defaulted field
 * and the skip sink collecting every entity the parser could not understand.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type StarlingApp } from '../server/src/app.ts';
import { seedDemoData } from '../server/src/seed/index.ts';
import { setSkipSink } from '../web/src/api/log.ts';
import * as p from '../web/src/api/schemas/index.ts';
import type { Notification, Status } from '../web/src/api/types.ts';

const ORIGIN = 'http://127.0.0.1:4000';
const PASSWORD = 'starling-demo';
const SCOPES = 'read write follow push';

type AnyParser<T> = (raw: unknown, options?: p.ParseOptions) => T | null;

/**
 * Parses `raw` and fails, naming every defaulted path and every skipped entity, unless the parse
 * is clean: a non-null result, no fallback and no skip.
 */
function clean<T>(label: string, parser: AnyParser<T>, raw: unknown): T {
  const defaulted = new Set<string>();
  const skipped: string[] = [];
  const restore = setSkipSink((entity, reason) => skipped.push(`${entity} (${reason})`));
  let value: T | null;
  try {
    value = parser(raw, { onDefault: (path) => defaulted.add(path) });
  } finally {
    restore();
  }
  const problems = [
    ...(value === null ? ['the parser returned null'] : []),
    ...[...defaulted].sort().map((path) => `defaulted: ${path}`),
    ...skipped.map((what) => `skipped: ${what}`),
  ];
  expect(problems, `${label} does not parse cleanly: ${problems.join('; ')}`).toEqual([]);
  return value!;
}

/** A list answer: every item must parse cleanly and none may be skipped. */
function cleanList<T>(label: string, parser: AnyParser<T>, raw: unknown): T[] {
  expect(Array.isArray(raw), `${label} is not an array`).toBe(true);
  return (raw as unknown[]).map((item, index) => {
    const id = (item as { id?: unknown } | null)?.id;
    return clean(`${label}[${index}] (id ${String(id)})`, parser, item);
  });
}

/** Reads a dotted path of a raw answer; undefined when any step is missing. */
function at(raw: unknown, path: string): unknown {
  let value = raw;
  for (const key of path.split('.')) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Fields the parser reads as optional (other servers omit them) but Pleroma renders and the client
 * uses: role flags, account state, the owner's private fields. Absent, they would silently take
 * a default, so they are checked on the raw answer.
 */
const ACCOUNT_FIELDS = [
  'locked',
  'discoverable',
  'group',
  'last_status_at',
  'pleroma.is_admin',
  'pleroma.is_moderator',
  'pleroma.privileges',
  'pleroma.is_confirmed',
  'pleroma.deactivated',
  'pleroma.allow_following_move',
  'pleroma.accepts_chat_messages',
  'pleroma.favicon',
  'pleroma.birthday',
];
const OWNER_FIELDS = [
  'follow_requests_count',
  'source.privacy',
  'source.language',
  'source.follow_requests_count',
  'source.pleroma.show_role',
  'source.pleroma.no_rich_text',
  'source.pleroma.discoverable',
  'source.pleroma.actor_type',
  'pleroma.settings_store',
  'pleroma.chat_token',
  'pleroma.unread_conversation_count',
  'pleroma.unread_notifications_count',
  'pleroma.notification_settings',
];
const NOTIFICATION_FIELDS = ['group_key', 'pleroma.is_muted'];

function expectFields(label: string, raw: unknown, paths: string[]): void {
  const missing = paths.filter((path) => at(raw, path) === undefined).map((p) => `missing: ${p}`);
  expect(missing, `${label} omits Pleroma fields: ${missing.join('; ')}`).toEqual([]);
}

describe('the local instance renders what the client parses', () => {
  let dir: string;
  let built: StarlingApp;
  const tokens = new Map<string, string>();
  /** Raw first answers kept for the tests below. */
  let rawApp: unknown;
  let rawToken: unknown;
  let rawMfaError: unknown;
  let mfaStatus: number;
  let rawFollow: unknown;
  let rawDeleted: unknown;
  const ids = {
    alice: '',
    bob: '',
    erin: '',
    dave: '',
    wren: '',
    kestrel: '',
    tagged: '',
    reply: '',
    privatePost: '',
    directPost: '',
    deleted: '',
  };
  let shortcode = '';
  const TAG = 'contracttest';

  const inject = async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: { user?: string; payload?: Record<string, unknown> } = {},
  ): Promise<{ status: number; body: unknown }> => {
    const token = options.user ? tokens.get(options.user) : undefined;
    const response = await built.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(options.payload ? { payload: options.payload } : {}),
    });
    return { status: response.statusCode, body: response.json() as unknown };
  };

  /** GET that must answer 200. */
  const get = async (url: string, user?: string): Promise<unknown> => {
    const { status, body } = await inject('GET', url, user ? { user } : {});
    expect(status, `GET ${url}: ${JSON.stringify(body)}`).toBe(200);
    return body;
  };

  const registerApp = async () => {
    const { status, body } = await inject('POST', '/api/v1/apps', {
      payload: {
        client_name: 'Contract test',
        redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
        scopes: SCOPES,
        website: 'https://contract.example',
      },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    return body as { client_id: string; client_secret: string };
  };

  const passwordGrant = async (
    client: { client_id: string; client_secret: string },
    user: string,
  ) =>
    inject('POST', '/oauth/token', {
      payload: {
        grant_type: 'password',
        username: user,
        password: PASSWORD,
        client_id: client.client_id,
        client_secret: client.client_secret,
        scope: SCOPES,
      },
    });

  const postStatus = async (user: string, payload: Record<string, unknown>): Promise<string> => {
    const { status, body } = await inject('POST', '/api/v1/statuses', { user, payload });
    expect(status, `POST /api/v1/statuses: ${JSON.stringify(body)}`).toBe(200);
    return clean(`POST /api/v1/statuses (${user})`, p.parseStatus, body).id;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'starling-contract-'));
    // The test hooks give the sign-up check its captcha's answer.
    built = await buildApp({ dataDir: dir, origin: ORIGIN, env: { STARLING_TEST_HOOKS: '1' } });
    seedDemoData(built.ctx);

    const client = await registerApp();
    rawApp = client;
    for (const user of ['alice', 'bob', 'carol', 'dave', 'erin', 'admin', 'moderator', 'wren']) {
      const { status, body } = await passwordGrant(client, user);
      expect(status, `password grant for ${user}: ${JSON.stringify(body)}`).toBe(200);
      if (user === 'alice') rawToken = body;
      tokens.set(user, (body as { access_token: string }).access_token);
    }
    const mfa = await passwordGrant(client, 'tessa');
    mfaStatus = mfa.status;
    rawMfaError = mfa.body;

    const lookup = async (acct: string) => {
      const raw = await get(`/api/v1/accounts/lookup?acct=${encodeURIComponent(acct)}`, 'alice');
      expectFields(`lookup of ${acct}`, raw, ACCOUNT_FIELDS);
      return clean(`lookup of ${acct}`, p.parseAccount, raw).id;
    };
    ids.alice = await lookup('alice');
    ids.bob = await lookup('bob');
    ids.erin = await lookup('erin');
    ids.dave = await lookup('dave');
    ids.wren = await lookup('wren');
    ids.kestrel = await lookup('kestrel@elsewhere.example');

    const emoji = (await get('/api/pleroma/emoji.json')) as Record<string, unknown>;
    shortcode = Object.keys(emoji)[0] ?? '';
    expect(shortcode, 'the seed has custom emoji').not.toBe('');

    ids.tagged = await postStatus('alice', {
      status: `Contract check #${TAG} for @bob :${shortcode}:`,
      visibility: 'public',
    });
    ids.reply = await postStatus('bob', {
      status: '@alice replying to the contract check',
      in_reply_to_id: ids.tagged,
    });
    ids.privatePost = await postStatus('alice', {
      status: 'Followers only, contract check',
      visibility: 'private',
    });
    ids.directPost = await postStatus('alice', {
      status: '@bob a direct contract check',
      visibility: 'direct',
    });
    ids.deleted = await postStatus('alice', {
      status: 'About to be deleted',
      visibility: 'public',
    });

    const followed = await inject('POST', `/api/v1/accounts/${ids.erin}/follow`, { user: 'alice' });
    expect(followed.status, JSON.stringify(followed.body)).toBe(200);
    rawFollow = followed.body;
    // dave asks the locked wren: a follow request.
    const requested = await inject('POST', `/api/v1/accounts/${ids.wren}/follow`, {
      user: 'dave',
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);

    const deleted = await inject('DELETE', `/api/v1/statuses/${ids.deleted}`, { user: 'alice' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    rawDeleted = deleted.body;
  });

  afterAll(async () => {
    await built?.app.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the checker itself catches an omitted field and a skipped entity', async () => {
    const raw = (await get('/api/v1/accounts/verify_credentials', 'alice')) as {
      pleroma: Record<string, unknown>;
    };
    const omitted = { ...raw, pleroma: { ...raw.pleroma } };
    delete omitted.pleroma.hide_favorites;
    expect(() => clean('probe', p.parseAccount, omitted)).toThrow(
      'defaulted: Account.pleroma.hide_favorites',
    );
    expect(() => expectFields('probe', omitted, ['pleroma.hide_favorites'])).toThrow(
      'missing: pleroma.hide_favorites',
    );
    expect(() => cleanList('probe', p.parseStatus, [{ id: 'x' }])).toThrow('skipped: Status');
  });

  describe('sign-in', () => {
    it('renders the registered app', () => {
      const app = clean('POST /api/v1/apps', p.parseOAuthApp, rawApp);
      expect(app.name).toBe('Contract test');
      expect(app.website).toBe('https://contract.example');
      expect(app.clientSecret).not.toBe('');
    });

    it('renders the token answer', () => {
      const token = clean('POST /oauth/token', p.parseOAuthToken, rawToken);
      expect(token.tokenType).toBe('Bearer');
      expect(token.scope).toBe(SCOPES);
      expect(token.id).toBe(ids.alice);
      expect(token.me).toBe(`${ORIGIN}/users/alice`);
    });

    it('renders the captcha and the sign-up answer, a token for the app', async () => {
      const client = await registerApp();
      const appToken = await inject('POST', '/oauth/token', {
        payload: { grant_type: 'client_credentials', ...client },
      });
      expect(appToken.status, JSON.stringify(appToken.body)).toBe(200);
      const rawCaptcha = await get('/api/v1/pleroma/captcha');
      const captcha = clean('/api/v1/pleroma/captcha', p.parseCaptcha, rawCaptcha);
      expect(captcha.type).toBe('native');
      expect(captcha.url).toMatch(/^data:image\/png;base64,/);
      expect(captcha.secondsValid).toBe(300);
      const { answer } = (await get(
        `/api/starling/test/captcha-answer?token=${captcha.token}`,
      )) as { answer: string };
      const response = await built.app.inject({
        method: 'POST',
        url: '/api/v1/accounts',
        headers: {
          authorization: `Bearer ${(appToken.body as { access_token: string }).access_token}`,
        },
        payload: {
          username: 'contractbird',
          nickname: 'contractbird',
          fullname: 'Contract Bird',
          email: 'contractbird@starling.example',
          password: 'contract bird password',
          confirm: 'contract bird password',
          agreement: true,
          locale: 'en',
          captcha_token: captcha.token,
          captcha_answer_data: captcha.answerData,
          captcha_solution: answer,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const token = clean('POST /api/v1/accounts', p.parseOAuthToken, response.json());
      expect(token.tokenType).toBe('Bearer');
      expect(token.scope).toBe(SCOPES);
      expect(token.me).toBe(`${ORIGIN}/users/contractbird`);
    });

    it('renders the second-factor error of a TOTP account', () => {
      expect(mfaStatus).toBe(403);
      const error = clean('mfa_required error', p.parseApiErrorBody, rawMfaError);
      expect(error.kind).toBe('mfa_required');
      expect(error.mfaToken).toBeTruthy();
      expect(error.supportedChallengeTypes).toContain('totp');
    });
  });

  describe('instance', () => {
    it('renders /api/v1/instance', async () => {
      const instance = clean('/api/v1/instance', p.parseInstance, await get('/api/v1/instance'));
      expect(instance.maxStatusChars).toBe(5000);
      expect(instance.flavour).toBe('pleroma');
      expect(instance.features).toContain('pleroma_emoji_reactions');
      expect(instance.streamingUrl).toBe('ws://127.0.0.1:4000');
      expect(instance.contactAccount?.acct).toBe('admin');
      // The demo instance is open, with a captcha and no approval or e-mail confirmation.
      expect(instance.registrations).toBe(true);
      expect(instance.approvalRequired).toBe(false);
      expect(instance.accountActivationRequired).toBe(false);
    });

    it('renders nodeinfo and its links', async () => {
      const links = clean(
        '/.well-known/nodeinfo',
        p.parseNodeinfoLinks,
        await get('/.well-known/nodeinfo'),
      );
      expect(p.pickNodeinfoHref(links)).toBe(`${ORIGIN}/nodeinfo/2.1.json`);
      for (const version of ['2.0', '2.1']) {
        const url = `/nodeinfo/${version}.json`;
        const nodeinfo = clean(url, p.parseNodeinfo, await get(url));
        expect(nodeinfo.version).toBe(version);
        expect(nodeinfo.softwareName).toBe('pleroma');
        expect(nodeinfo.federating).toBe(true);
        expect(nodeinfo.features).toContain('pleroma_api');
        expect(nodeinfo.features).toContain('mastodon_api_streaming');
        expect(nodeinfo.postFormats).toContain('text/markdown');
        expect(nodeinfo.openRegistrations).toBe(true);
        expect(nodeinfo.mailerEnabled).toBe(true);
      }
    });

    it('renders the frontend configurations', async () => {
      const config = clean(
        '/api/pleroma/frontend_configurations',
        p.parseFrontendConfigurations,
        await get('/api/pleroma/frontend_configurations'),
      );
      expect(config.pleroma_fe).toBeTypeOf('object');
    });

    it('renders both emoji lists', async () => {
      const raw = await get('/api/pleroma/emoji.json');
      const map = clean('/api/pleroma/emoji.json', p.parseEmojiMap, raw);
      expect(map.length).toBe(Object.keys(raw as object).length);
      expect(map.map((e) => e.shortcode)).toContain(shortcode);
      const list = cleanList(
        '/api/v1/custom_emojis',
        p.parseCustomEmoji,
        await get('/api/v1/custom_emojis'),
      );
      expect(list.map((e) => e.shortcode).sort()).toEqual(map.map((e) => e.shortcode).sort());
    });
  });

  describe('accounts', () => {
    it.each([
      ['admin', 'admin'],
      ['moderator', 'moderator'],
      ['alice', 'member'],
    ] as const)('renders verify_credentials of %s (role %s)', async (user, role) => {
      const raw = await get('/api/v1/accounts/verify_credentials', user);
      const account = clean(`verify_credentials of ${user}`, p.parseAccount, raw);
      expectFields(`verify_credentials of ${user}`, raw, [...ACCOUNT_FIELDS, ...OWNER_FIELDS]);
      expect(account.acct).toBe(user);
      expect(account.isLocal).toBe(true);
      expect(account.fqn).toBe(`${user}@127.0.0.1:4000`);
      expect(account.role).toBe(role);
      expect(account.settingsStore, 'the settings store of the signed-in account').toEqual(
        expect.any(Object),
      );
      expect(account.source, 'the source of the signed-in account').not.toBeNull();
      expect(account.chatToken).toBeTruthy();
      expect(account.unreadNotificationsCount).toEqual(expect.any(Number));
      if (role === 'admin') {
        expect(account.privileges).toEqual([...p.ALL_PRIVILEGES]);
      } else if (role === 'moderator') {
        expect(account.privileges).toEqual(expect.arrayContaining([...p.MODERATOR_PRIVILEGES]));
        expect(account.privileges).not.toContain('users_delete');
      } else {
        expect(account.privileges).toEqual([]);
      }
    });

    it('renders accounts by id: own, other local and remote', async () => {
      const rawOwn = await get(`/api/v1/accounts/${ids.alice}`, 'alice');
      const own = clean('own account', p.parseAccount, rawOwn);
      expectFields('own account', rawOwn, [...ACCOUNT_FIELDS, ...OWNER_FIELDS]);
      expect(own.id).toBe(ids.alice);
      const rawBob = await get(`/api/v1/accounts/${ids.bob}`, 'alice');
      const bob = clean('another local account', p.parseAccount, rawBob);
      expectFields('another local account', rawBob, ACCOUNT_FIELDS);
      expect(at(rawBob, 'pleroma.settings_store'), "another account's settings").toBeUndefined();
      expect(bob.relationship).toMatchObject({ id: ids.bob, following: true, followedBy: true });
      const anonymous = clean(
        'an account seen anonymously',
        p.parseAccount,
        await get(`/api/v1/accounts/${ids.bob}`),
      );
      expect(anonymous.relationship).toBeNull();
      const rawKestrel = await get(`/api/v1/accounts/${ids.kestrel}`, 'alice');
      const kestrel = clean('a remote account', p.parseAccount, rawKestrel);
      expectFields('a remote account', rawKestrel, ACCOUNT_FIELDS);
      expect(kestrel.acct).toBe('kestrel@elsewhere.example');
      expect(kestrel.isLocal).toBe(false);
      expect(kestrel.fqn).toBe('kestrel@elsewhere.example');
      const wren = clean(
        'a locked account',
        p.parseAccount,
        await get(`/api/v1/accounts/${ids.wren}`, 'dave'),
      );
      expect(wren.locked).toBe(true);
      expect(wren.relationship?.requested).toBe(true);
    });

    it('renders relationships and the follow answer', async () => {
      const list = cleanList(
        '/api/v1/accounts/relationships',
        p.parseRelationship,
        await get(
          `/api/v1/accounts/relationships?id[]=${ids.bob}&id[]=${ids.kestrel}&id[]=${ids.erin}`,
          'alice',
        ),
      );
      expect(list.map((r) => r.id)).toEqual([ids.bob, ids.kestrel, ids.erin]);
      expect(list[0]).toMatchObject({ following: true, followedBy: true });
      const follow = clean('the follow answer', p.parseRelationship, rawFollow);
      expect(follow).toMatchObject({ id: ids.erin, following: true, requested: false });
    });

    it('renders the follow requests list', async () => {
      const requests = cleanList(
        '/api/v1/follow_requests',
        p.parseAccount,
        await get('/api/v1/follow_requests', 'wren'),
      );
      expect(requests.map((a) => a.id)).toContain(ids.dave);
    });
  });

  describe('statuses', () => {
    const timeline = async (label: string, url: string, user?: string): Promise<Status[]> => {
      const raw = await get(url, user);
      const statuses = cleanList(label, p.parseStatus, raw);
      expect(statuses.length, `${label} is empty`).toBeGreaterThan(0);
      (raw as unknown[]).forEach((status, index) => {
        expectFields(`${label}[${index}].account`, at(status, 'account'), ACCOUNT_FIELDS);
        const reblog = at(status, 'reblog');
        if (reblog)
          expectFields(`${label}[${index}].reblog.account`, at(reblog, 'account'), ACCOUNT_FIELDS);
      });
      return statuses;
    };

    it('renders the home timeline with the new posts and their visibility', async () => {
      const home = await timeline('home timeline', '/api/v1/timelines/home?limit=40', 'bob');
      const byId = new Map(home.map((s) => [s.id, s]));
      expect(byId.get(ids.tagged)?.visibility).toBe('public');
      expect(byId.get(ids.privatePost)?.visibility).toBe('private');
      expect(byId.get(ids.reply)?.inReplyToId).toBe(ids.tagged);
      expect(byId.has(ids.deleted)).toBe(false);
      const tagged = byId.get(ids.tagged)!;
      expect(tagged.tags.map((t) => t.name)).toContain(TAG);
      expect(tagged.mentions.map((m) => m.acct)).toContain('bob');
      expect(tagged.emojis.map((e) => e.shortcode)).toContain(shortcode);
      expect(tagged.local).toBe(true);
      expect(tagged.application?.name).toBe('Contract test');
      expect(tagged.plainText).toBe(`Contract check #${TAG} for @bob :${shortcode}:`);
    });

    it('renders the public timelines, local and federated', async () => {
      for (const [label, url, user] of [
        ['public timeline', '/api/v1/timelines/public?limit=40', 'alice'],
        ['public timeline (anonymous)', '/api/v1/timelines/public?limit=40', undefined],
        ['local timeline', '/api/v1/timelines/public?local=true&limit=40', 'alice'],
        ['remote-only timeline', '/api/v1/timelines/public?remote=true&limit=40', 'alice'],
      ] as const) {
        const statuses = await timeline(label, url, user);
        for (const s of statuses) expect(s.visibility, `${label}: ${s.id}`).toBe('public');
        if (url.includes('remote=true')) {
          for (const s of statuses) expect(s.local, `${label}: ${s.id}`).toBe(false);
        } else {
          expect(statuses.map((s) => s.id)).toContain(ids.tagged);
        }
        if (url.includes('local=true'))
          for (const s of statuses) expect(s.local, `${label}: ${s.id}`).toBe(true);
      }
    });

    it('renders the tag timeline', async () => {
      const statuses = await timeline('tag timeline', `/api/v1/timelines/tag/${TAG}`, 'carol');
      expect(statuses.map((s) => s.id)).toEqual([ids.tagged]);
    });

    it('renders the direct timeline', async () => {
      const statuses = await timeline('direct timeline', '/api/v1/timelines/direct', 'bob');
      const direct = statuses.find((s) => s.id === ids.directPost);
      expect(direct?.visibility).toBe('direct');
      expect(direct?.directConversationId).toBeTruthy();
      for (const s of statuses) expect(s.visibility).toBe('direct');
    });

    it("renders an account's statuses page", async () => {
      const statuses = await timeline(
        "alice's statuses",
        `/api/v1/accounts/${ids.alice}/statuses?limit=40`,
        'bob',
      );
      const own = statuses.filter((s) => [ids.tagged, ids.privatePost].includes(s.id));
      expect(own.map((s) => s.visibility).sort()).toEqual(['private', 'public']);
      expect(statuses.some((s) => s.pinned)).toBe(true);
      const remote = await timeline(
        "kestrel's statuses",
        `/api/v1/accounts/${ids.kestrel}/statuses`,
        'alice',
      );
      for (const s of remote) expect(s.account.isLocal).toBe(false);
    });

    it('renders a single status, its context and the delete answer', async () => {
      const single = clean(
        'GET /api/v1/statuses/:id',
        p.parseStatus,
        await get(`/api/v1/statuses/${ids.reply}`, 'alice'),
      );
      expect(single.inReplyToAccountAcct).toBe('alice');
      expect(single.parentVisible).toBe(true);

      const context = clean(
        'GET /api/v1/statuses/:id/context',
        p.parseContext,
        await get(`/api/v1/statuses/${ids.reply}/context`, 'alice'),
      );
      expect(context.ancestors.map((s) => s.id)).toEqual([ids.tagged]);
      const parentContext = clean(
        'context of the thread start',
        p.parseContext,
        await get(`/api/v1/statuses/${ids.tagged}/context`),
      );
      expect(parentContext.descendants.map((s) => s.id)).toEqual([ids.reply]);

      const deleted = clean('the delete answer', p.parseStatus, rawDeleted);
      expect(deleted.id).toBe(ids.deleted);
      expect((rawDeleted as { text?: unknown }).text).toBe('About to be deleted');
      const gone = await inject('GET', `/api/v1/statuses/${ids.deleted}`, { user: 'alice' });
      expect(gone.status).toBe(404);
    });
  });

  describe('notifications', () => {
    const notifications = async (user: string): Promise<Notification[]> => {
      const raw = await get('/api/v1/notifications?limit=40', user);
      const label = `notifications of ${user}`;
      (raw as unknown[]).forEach((item, index) => {
        expectFields(`${label}[${index}]`, item, NOTIFICATION_FIELDS);
        expectFields(`${label}[${index}].account`, at(item, 'account'), ACCOUNT_FIELDS);
      });
      return cleanList(label, p.parseNotification, raw);
    };

    it('renders every notification, and a mention points at its status', async () => {
      const bobs = await notifications('bob');
      const mention = bobs.find((n) => n.type === 'mention' && n.status?.id === ids.tagged);
      expect(mention, 'a mention notification for the tagged post').toBeDefined();
      expect(mention!.account.id).toBe(ids.alice);
      const directMention = bobs.find((n) => n.status?.id === ids.directPost);
      expect(directMention?.type).toBe('mention');
      expect(directMention?.status?.visibility).toBe('direct');

      const alices = await notifications('alice');
      const reply = alices.find((n) => n.status?.id === ids.reply);
      expect(reply?.type).toBe('mention');
      expect(reply?.account.id).toBe(ids.bob);
    });

    it('renders follow and follow request notifications', async () => {
      const erins = await notifications('erin');
      const follow = erins.find((n) => n.type === 'follow' && n.account.id === ids.alice);
      expect(follow, 'the follow notification').toBeDefined();
      expect(follow!.status).toBeNull();
      const wrens = await notifications('wren');
      expect(
        wrens.find((n) => n.type === 'follow_request' && n.account.id === ids.dave),
        'the follow request notification',
      ).toBeDefined();
    });

    it('renders a move with its target and a poll that ended (seeded for alice)', async () => {
      const raw = await get('/api/v1/notifications?types[]=move&types[]=poll', 'alice');
      const list = cleanList('moves and polls of alice', p.parseNotification, raw);
      const move = list.find((n) => n.type === 'move');
      expect(move?.target?.acct).toBe('robin@elsewhere.example');
      expect(list.find((n) => n.type === 'poll')?.status?.poll?.expired).toBe(true);
    });

    it('renders the notifications of every other demo account', async () => {
      for (const user of ['carol', 'dave', 'admin', 'moderator']) await notifications(user);
    });
  });

  describe('reading: interactions, polls, media, reactions, lists, reports, edits', () => {
    const send = async (
      method: 'POST' | 'PUT' | 'DELETE',
      url: string,
      user: string,
      payload?: Record<string, unknown>,
    ): Promise<unknown> => {
      const token = tokens.get(user)!;
      const response = await built.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
      return response.json() as unknown;
    };
    const statuses = (label: string, raw: unknown) => cleanList(label, p.parseStatus, raw);

    it('renders favourite, reblog, bookmark, pin and thread-mute answers, and who favourited', async () => {
      const fav = clean(
        'favourite answer',
        p.parseStatus,
        await send('POST', `/api/v1/statuses/${ids.tagged}/favourite`, 'bob'),
      );
      expect(fav.favourited).toBe(true);
      const reblog = clean(
        'reblog answer',
        p.parseStatus,
        await send('POST', `/api/v1/statuses/${ids.tagged}/reblog`, 'bob'),
      );
      expect(reblog.reblog?.id).toBe(ids.tagged);
      expect(reblog.reblogged).toBe(true);
      const bookmarked = clean(
        'bookmark answer',
        p.parseStatus,
        await send('POST', `/api/v1/statuses/${ids.tagged}/bookmark`, 'bob'),
      );
      expect(bookmarked.bookmarked).toBe(true);
      const muted = clean(
        'thread mute answer',
        p.parseStatus,
        await send('POST', `/api/v1/statuses/${ids.reply}/mute`, 'bob'),
      );
      expect(muted.threadMuted).toBe(true);
      expect(muted.muted).toBe(true);
      await send('POST', `/api/v1/statuses/${ids.reply}/unmute`, 'bob');
      const pinned = clean(
        'pin answer',
        p.parseStatus,
        await send('POST', `/api/v1/statuses/${ids.tagged}/unpin`, 'alice'),
      );
      expect(pinned.pinned).toBe(false);
      for (const path of ['favourited_by', 'reblogged_by']) {
        const accounts = cleanList(
          path,
          p.parseAccount,
          await get(`/api/v1/statuses/${ids.tagged}/${path}`, 'alice'),
        );
        expect(accounts.map((a) => a.id)).toContain(ids.bob);
      }
      statuses('bookmarks', await get('/api/v1/bookmarks', 'bob'));
      statuses('favourites', await get('/api/v1/favourites', 'bob'));
      const home = statuses(
        'home with reblogs',
        await get('/api/v1/timelines/home?limit=40', 'carol'),
      );
      expect(home.some((s) => s.reblog !== null)).toBe(true);
    });

    it('renders polls: on statuses, alone and after a vote', async () => {
      const id = await postStatus('alice', {
        status: 'Contract poll :starling:',
        poll: { options: ['One :starling:', 'Two'], expires_in: 3600, multiple: false },
      });
      const status = clean(
        'status with poll',
        p.parseStatus,
        await get(`/api/v1/statuses/${id}`, 'bob'),
      );
      expect(status.poll?.options.map((o) => o.title)).toEqual(['One :starling:', 'Two']);
      const pollId = status.poll!.id;
      const poll = clean(
        'GET /api/v1/polls/:id',
        p.parsePoll,
        await get(`/api/v1/polls/${pollId}`),
      );
      expect(poll.voted).toBe(false);
      const voted = clean(
        'vote answer',
        p.parsePoll,
        await send('POST', `/api/v1/polls/${pollId}/votes`, 'bob', { choices: [1] }),
      );
      expect(voted.ownVotes).toEqual([1]);
      expect(voted.votesCount).toBe(1);
    });

    it('renders attachments of seeded statuses (images, a Flash file and an unknown file)', async () => {
      const media = statuses(
        'only_media timeline',
        await get('/api/v1/timelines/public?only_media=true&limit=40', 'alice'),
      );
      const attachments = media.flatMap((s) => (s.reblog ?? s).mediaAttachments);
      expect(attachments.length).toBeGreaterThan(10);
      expect(new Set(attachments.map((a) => a.kind))).toEqual(
        new Set(['image', 'flash', 'unknown']),
      );
      const raw = (await get('/api/v1/timelines/public?only_media=true&limit=40', 'alice')) as {
        media_attachments: unknown[];
      }[];
      for (const item of raw.flatMap((s) => s.media_attachments)) {
        const attachment = clean('attachment', p.parseAttachment, item);
        if (attachment.kind === 'image') expect(attachment.width).toBeGreaterThan(0);
      }
    });

    it('renders emoji reactions on statuses, as a list, and as notifications', async () => {
      const reacted = clean(
        'reaction answer',
        p.parseStatus,
        await send(
          'PUT',
          `/api/v1/pleroma/statuses/${ids.tagged}/reactions/${encodeURIComponent(`:${shortcode}:`)}`,
          'bob',
        ),
      );
      expect(reacted.emojiReactions.find((r) => r.name === shortcode)?.url).toBeTruthy();
      await send(
        'PUT',
        `/api/v1/pleroma/statuses/${ids.tagged}/reactions/${encodeURIComponent('👍')}`,
        'erin',
      );
      const list = clean(
        'reactions list',
        p.parseEmojiReactionList,
        await get(`/api/v1/pleroma/statuses/${ids.tagged}/reactions`, 'alice'),
      );
      expect(list.map((r) => r.name)).toEqual(expect.arrayContaining([shortcode, '👍']));
      const one = clean(
        'reactions for one emoji',
        p.parseEmojiReactionList,
        await get(`/api/v1/pleroma/statuses/${ids.tagged}/reactions/${encodeURIComponent('👍')}`),
      );
      expect(one.map((r) => r.accounts.map((a) => a.id))).toEqual([[ids.erin]]);
      const notes = cleanList(
        'notifications with reactions',
        p.parseNotification,
        await get('/api/v1/notifications?limit=40', 'alice'),
      );
      const custom = notes.find((n) => n.type === 'pleroma:emoji_reaction' && n.emojiUrl);
      expect(custom, 'a custom emoji reaction notification').toBeDefined();
      expect(notes.some((n) => n.type === 'like')).toBe(true);
      expect(notes.some((n) => n.type === 'repeat')).toBe(true);
    });

    it('renders lists, list accounts and the list timeline', async () => {
      const lists = clean(
        'GET /api/v1/lists',
        p.parseListList,
        await get('/api/v1/lists', 'alice'),
      );
      expect(lists.map((l) => l.title)).toEqual(['Close flock', 'Staff and far away']);
      const created = clean(
        'POST /api/v1/lists',
        p.parseList,
        await send('POST', '/api/v1/lists', 'alice', { title: 'Contract list' }),
      );
      await send('POST', `/api/v1/lists/${created.id}/accounts`, 'alice', {
        account_ids: [ids.bob],
      });
      cleanList(
        'list accounts',
        p.parseAccount,
        await get(`/api/v1/lists/${created.id}/accounts`, 'alice'),
      );
      statuses('list timeline', await get(`/api/v1/timelines/list/${lists[0]!.id}`, 'alice'));
      const forBob = clean(
        'lists of an account',
        p.parseListList,
        await get(`/api/v1/accounts/${ids.bob}/lists`, 'alice'),
      );
      expect(forBob.map((l) => l.id)).toContain(created.id);
    });

    it('renders relationships after mute and block, and the mutes and blocks lists', async () => {
      const muted = clean(
        'mute answer',
        p.parseRelationship,
        await send('POST', `/api/v1/accounts/${ids.erin}/mute`, 'dave', { notifications: false }),
      );
      expect(muted).toMatchObject({ muting: true, mutingNotifications: false });
      const blocked = clean(
        'block answer',
        p.parseRelationship,
        await send('POST', `/api/v1/accounts/${ids.kestrel}/block`, 'dave'),
      );
      expect(blocked).toMatchObject({ blocking: true, following: false });
      const blockedBy = cleanList(
        'relationship of the blocked',
        p.parseRelationship,
        await get(`/api/v1/accounts/relationships?id[]=${ids.dave}`, 'erin'),
      );
      expect(blockedBy[0]!.blockedBy).toBe(false);
      cleanList('mutes', p.parseAccount, await get('/api/v1/mutes', 'dave'));
      cleanList('blocks', p.parseAccount, await get('/api/v1/blocks', 'dave'));
      const alicesMutes = cleanList(
        'seeded mutes',
        p.parseAccount,
        await get('/api/v1/mutes', 'alice'),
      );
      expect(alicesMutes.map((a) => a.bot)).toEqual([true]);
      const withMuted = statuses(
        'public with muted',
        await get('/api/v1/timelines/public?with_muted=true&limit=40', 'alice'),
      );
      expect(withMuted.some((s) => s.muted)).toBe(true);
    });

    it('renders the report answer, the admin reports page and the report notification', async () => {
      const report = clean(
        'POST /api/v1/reports',
        p.parseReport,
        await send('POST', '/api/v1/reports', 'alice', {
          account_id: ids.bob,
          status_ids: [ids.reply],
          comment: 'Contract report',
          forward: false,
        }),
      );
      expect(report.statusIds).toEqual([ids.reply]);
      const client = (await inject('POST', '/api/v1/apps', {
        payload: {
          client_name: 'Contract admin',
          redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
          scopes: 'read write admin',
        },
      })) as { body: { client_id: string; client_secret: string } };
      const grant = await inject('POST', '/oauth/token', {
        payload: {
          grant_type: 'password',
          username: 'moderator',
          password: PASSWORD,
          client_id: client.body.client_id,
          client_secret: client.body.client_secret,
          scope: 'read write admin',
        },
      });
      tokens.set('moderator-admin', (grant.body as { access_token: string }).access_token);
      const page = clean(
        'admin reports',
        p.parseAdminReportPage,
        await get('/api/v1/pleroma/admin/reports', 'moderator-admin'),
      );
      expect(page.reports.map((r) => r.id)).toContain(report.id);
      const notes = cleanList(
        'report notifications',
        p.parseNotification,
        await get('/api/v1/notifications?include_types[]=pleroma:report', 'moderator'),
      );
      expect(notes.map((n) => n.report?.id)).toContain(report.id);
    });

    it('renders the source, the edit answer and the history', async () => {
      const id = await postStatus('alice', { status: 'Contract edit, first version' });
      const edited = clean(
        'edit answer',
        p.parseStatus,
        await send('PUT', `/api/v1/statuses/${id}`, 'alice', {
          status: 'Contract edit, second version',
          spoiler_text: 'edited',
        }),
      );
      expect(edited.editedAt).toBeTruthy();
      const source = clean(
        'status source',
        p.parseStatusSource,
        await get(`/api/v1/statuses/${id}/source`, 'alice'),
      );
      expect(source).toMatchObject({
        text: 'Contract edit, second version',
        spoilerText: 'edited',
      });
      const history = clean(
        'status history',
        p.parseStatusEditList,
        await get(`/api/v1/statuses/${id}/history`, 'bob'),
      );
      expect(history.map((v) => v.spoilerText)).toEqual(['', 'edited']);
    });

    it('renders an uploaded attachment, a Markdown status, a preview and search results', async () => {
      const boundary = 'contract-boundary';
      const pixels = new Uint8Array(600 * 300 * 4).fill(180);
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nA grey field\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="grey.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        await sharp(pixels, { raw: { width: 600, height: 300, channels: 4 } })
          .png()
          .toBuffer(),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const response = await built.app.inject({
        method: 'POST',
        url: '/api/v1/media',
        headers: {
          authorization: `Bearer ${tokens.get('alice')!}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(200);
      const rawUpload = response.json() as unknown;
      expectFields('uploaded attachment', rawUpload, ['meta.original', 'meta.small', 'blurhash']);
      const upload = clean('uploaded attachment', p.parseAttachment, rawUpload);
      expect(upload).toMatchObject({
        kind: 'image',
        mimeType: 'image/png',
        description: 'A grey field',
        width: 600,
        height: 300,
      });
      expect(upload.previewUrl).not.toBe(upload.url);
      const described = clean(
        'description answer',
        p.parseAttachment,
        await send('PUT', `/api/v1/media/${upload.id}`, 'alice', { description: 'Still grey' }),
      );
      expect(described.description).toBe('Still grey');

      const id = await postStatus('alice', {
        status: `**Markdown** for @bob with #${TAG}`,
        content_type: 'text/markdown',
        media_ids: [upload.id],
      });
      const markdown = clean(
        'Markdown status',
        p.parseStatus,
        await get(`/api/v1/statuses/${id}`, 'bob'),
      );
      expect(markdown.content).toContain('<strong>Markdown</strong>');
      expect(markdown.plainText).toBe(`Markdown for @bob with #${TAG}`);
      expect(markdown.mentions.map((m) => m.id)).toEqual([ids.bob]);
      expect(markdown.mediaAttachments.map((a) => a.id)).toEqual([upload.id]);
      const source = clean(
        'Markdown source',
        p.parseStatusSource,
        await get(`/api/v1/statuses/${id}/source`, 'alice'),
      );
      expect(source.contentType).toBe('text/markdown');

      const preview = clean(
        'preview answer',
        p.parseStatus,
        await send('POST', '/api/v1/statuses', 'alice', {
          status: '_previewed_',
          content_type: 'text/markdown',
          preview: true,
        }),
      );
      expect(preview.content).toBe('<p><em>previewed</em></p>');

      const people = cleanList(
        'account search',
        p.parseAccount,
        await get('/api/v1/accounts/search?q=bo&limit=5', 'alice'),
      );
      expect(people.map((a) => a.id)).toContain(ids.bob);
      const results = clean(
        'search results',
        p.parseSearchResults,
        await get(`/api/v2/search?q=${TAG}`, 'alice'),
      );
      expect(results.hashtags.map((h) => h.name)).toContain(TAG);
      expect(results.statuses.map((s) => s.id)).toContain(id);
    });
  });

  describe('chats', () => {
    const chatCall = async (
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      user: string,
      payload?: Record<string, unknown>,
      headers: Record<string, string> = {},
    ): Promise<unknown> => {
      const response = await built.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${tokens.get(user)!}`, ...headers },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
      return response.json() as unknown;
    };

    const uploadPng = async (user: string): Promise<string> => {
      const boundary = 'chat-boundary';
      const png = await sharp(new Uint8Array(32 * 32 * 4).fill(90), {
        raw: { width: 32, height: 32, channels: 4 },
      })
        .png()
        .toBuffer();
      const response = await built.app.inject({
        method: 'POST',
        url: '/api/v1/media',
        headers: {
          authorization: `Bearer ${tokens.get(user)!}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.png"\r\n` +
              'Content-Type: image/png\r\n\r\n',
          ),
          png,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { id: string }).id;
    };

    it('renders the seeded chat, a sent message with emoji and an attachment, and the lists', async () => {
      const rawChat = await chatCall(
        'POST',
        `/api/v1/pleroma/chats/by-account-id/${ids.bob}`,
        'alice',
      );
      const chat = clean('by-account-id answer', p.parseChat, rawChat);
      expectFields('chat account', at(rawChat, 'account'), ACCOUNT_FIELDS);
      expect(chat.account.id).toBe(ids.bob);
      expect(chat.unread, 'the seeded chat has no unread message for alice').toBe(0);
      expect(chat.lastMessage?.accountId).toBe(ids.alice);

      const text = clean(
        'sent chat message',
        p.parseChatMessage,
        await chatCall(
          'POST',
          `/api/v1/pleroma/chats/${chat.id}/messages`,
          'alice',
          { content: `Contract chat :${shortcode}: https://birds.example/` },
          { 'idempotency-key': 'contract-chat-1' },
        ),
      );
      expect(text.emojis.map((e) => e.shortcode)).toEqual([shortcode]);
      expect(text.idempotencyKey).toBe('contract-chat-1');
      expect(text.content).toContain('<a href="https://birds.example/"');
      const media = clean(
        'chat message with an attachment',
        p.parseChatMessage,
        await chatCall('POST', `/api/v1/pleroma/chats/${chat.id}/messages`, 'alice', {
          media_id: await uploadPng('alice'),
        }),
      );
      expect(media.attachment?.kind).toBe('image');

      const messages = cleanList(
        'chat messages',
        p.parseChatMessage,
        await get(`/api/v1/pleroma/chats/${chat.id}/messages`, 'bob'),
      );
      expect(messages.slice(0, 2).map((m) => m.id)).toEqual([media.id, text.id]);
      expect(messages[0]!.unread).toBe(true);
      for (const url of ['/api/v1/pleroma/chats', '/api/v2/pleroma/chats']) {
        const list = cleanList(url, p.parseChat, await get(url, 'bob'));
        // The two sent here, and the seeded one alice wrote last.
        expect(list[0]).toMatchObject({ id: chat.id, unread: 3, lastMessage: { id: media.id } });
      }
      const read = clean(
        'read answer',
        p.parseChat,
        await chatCall('POST', `/api/v1/pleroma/chats/${chat.id}/read`, 'bob', {
          last_read_id: media.id,
        }),
      );
      expect(read.unread).toBe(0);
      const one = clean(
        'message read answer',
        p.parseChatMessage,
        await chatCall('POST', `/api/v1/pleroma/chats/${chat.id}/messages/${text.id}/read`, 'bob'),
      );
      expect(one.unread).toBe(false);

      const notes = cleanList(
        'chat mention notifications',
        p.parseNotification,
        await get('/api/v1/notifications?include_types[]=pleroma:chat_mention', 'bob'),
      );
      expect(notes.map((n) => n.chatMessage?.id)).toEqual([media.id, text.id]);
      expect(notes[0]!.type).toBe('pleroma:chat_mention');

      const deleted = clean(
        'deleted chat message',
        p.parseChatMessage,
        await chatCall('DELETE', `/api/v1/pleroma/chats/${chat.id}/messages/${media.id}`, 'alice'),
      );
      expect(deleted.id).toBe(media.id);
    });
  });

  describe('announcements', () => {
    const adminCall = async (
      method: 'GET' | 'POST' | 'PATCH',
      url: string,
      payload?: Record<string, unknown>,
    ): Promise<unknown> => {
      const response = await built.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${tokens.get('admin-admin')}` },
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
      return response.json() as unknown;
    };

    it('renders the running ones, the admin list, a new one and an edit', async () => {
      const client = (await inject('POST', '/api/v1/apps', {
        payload: {
          client_name: 'Contract announcements',
          redirect_uris: 'urn:ietf:wg:oauth:2.0:oob',
          scopes: 'read write admin',
        },
      })) as { body: { client_id: string; client_secret: string } };
      const grant = await inject('POST', '/oauth/token', {
        payload: {
          grant_type: 'password',
          username: 'admin',
          password: PASSWORD,
          client_id: client.body.client_id,
          client_secret: client.body.client_secret,
          scope: 'read write admin',
        },
      });
      tokens.set('admin-admin', (grant.body as { access_token: string }).access_token);

      const running = cleanList(
        'announcements',
        p.parseAnnouncement,
        await get('/api/v1/announcements', 'dave'),
      );
      expect(running.map((a) => [a.allDay, a.read])).toEqual([
        [true, false],
        [false, false],
      ]);
      expect(running[1]!.emojis.map((e) => e.shortcode)).toEqual(['starling']);
      expect(running[1]!.rawContent).toContain(':starling:');
      const all = cleanList(
        'admin announcements',
        p.parseAnnouncement,
        await adminCall('GET', '/api/v1/pleroma/admin/announcements'),
      );
      expect(all).toHaveLength(3);

      const made = clean(
        'posted announcement',
        p.parseAnnouncement,
        await adminCall('POST', '/api/v1/pleroma/admin/announcements', {
          content: `Contract news :${shortcode}: #${TAG}`,
          starts_at: null,
          ends_at: '',
          all_day: false,
        }),
      );
      expect(made).toMatchObject({ startsAt: null, endsAt: null, allDay: false });
      expect(made.tags.map((tag) => tag.name)).toEqual([TAG]);
      const edited = clean(
        'edited announcement',
        p.parseAnnouncement,
        await adminCall('PATCH', `/api/v1/pleroma/admin/announcements/${made.id}`, {
          all_day: true,
        }),
      );
      expect(edited).toMatchObject({ rawContent: made.rawContent, allDay: true });
    });
  });
});
