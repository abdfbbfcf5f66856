import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { useCustomEmoji } from '../state/customEmoji.ts';
import { DEFAULT_INSTANCE_CONFIG, useInstance } from '../state/instance.ts';
import { displayOptions, loadInstanceConfig, serverAddress } from './boot.ts';
import { parseInitialResults } from './initialResults.ts';

const ORIGIN = 'http://instance.test';

const NODEINFO = {
  version: '2.0',
  software: { name: 'pleroma', version: '2.7.0' },
  protocols: ['activitypub'],
  openRegistrations: false,
  usage: { users: { total: 3 }, localPosts: 10 },
  metadata: {
    nodeName: 'Test Birds',
    features: ['pleroma_chat_messages', 'chat', 'editing', 'media_proxy'],
    federation: {
      enabled: false,
      mrf_policies: ['SimplePolicy'],
      mrf_simple: { reject: ['bad.example'] },
      mrf_simple_info: { reject: { 'bad.example': { reason: 'spam' } } },
    },
    uploadLimits: { general: 16000000, avatar: 2000000, background: 4000000, banner: 3000000 },
    postFormats: ['text/plain', 'text/markdown'],
    restrictedNicknames: ['about'],
    staffAccounts: [`${ORIGIN}/users/admin`],
    private: true,
    accountActivationRequired: false,
    invitesEnabled: false,
    mailerEnabled: true,
    suggestions: { enabled: true },
  },
};

const INSTANCE = {
  uri: 'instance.test',
  title: 'Test instance',
  description: '',
  email: '',
  version: '2.7.2 (compatible; Pleroma 2.7.0)',
  registrations: true,
  approval_required: true,
  max_toot_chars: 7000,
  upload_limit: 8000000,
  poll_limits: { max_options: 5, max_option_chars: 100, min_expiration: 10, max_expiration: 100 },
  pleroma: { metadata: { features: [] }, vapid_public_key: 'vapid-key' },
};

type Answer = { status: number; body: unknown; text?: boolean };

const ANSWERS: Record<string, Answer> = {
  '/api/v1/instance': { status: 200, body: INSTANCE },
  '/.well-known/nodeinfo': {
    status: 200,
    body: {
      links: [
        {
          rel: 'http://nodeinfo.diaspora.software/ns/schema/2.0',
          href: `${ORIGIN}/nodeinfo/2.0.json`,
        },
      ],
    },
  },
  '/nodeinfo/2.0.json': { status: 200, body: NODEINFO },
  '/api/pleroma/frontend_configurations': {
    status: 200,
    body: { pleroma_fe: { theme: 'from-server', redirectRootNoLogin: '/main/public' } },
  },
  '/static/config.json': {
    status: 200,
    body: { theme: 'from-static', logo: '/static/logo.png', showInstanceSpecificPanel: true },
  },
  '/static/terms-of-service.html': { status: 200, body: '<p>Be nice</p>', text: true },
  '/instance/panel.html': { status: 200, body: '<p>Welcome</p>', text: true },
  '/static/stickers.json': { status: 200, body: { birds: '/static/stickers/birds' } },
  '/static/stickers/birds/pack.json': {
    status: 200,
    // Pleroma-FE packs list `stickers`, the local instance `files`; both are read, once each.
    body: { title: 'Birds', stickers: ['robin.png', 7], files: ['robin.png', 'wren.png'] },
  },
  '/static/styles.json': { status: 200, body: { dark: '/static/themes/dark.json' } },
  '/api/pleroma/emoji.json': {
    status: 200,
    body: { blob: { image_url: '/emoji/blob.png', tags: ['blobs'] } },
  },
};

/** What every server is asked first (nodeinfo is discovered through /.well-known first). */
const SERVER_PATHS = ['/api/v1/instance', '/api/v2/instance', '/.well-known/nodeinfo'];

/** Asked only of Pleroma and Akkoma. */
const PLEROMA_PATHS = [
  '/api/pleroma/frontend_configurations',
  '/static/config.json',
  '/static/terms-of-service.html',
  '/instance/panel.html',
  '/static/stickers.json',
  '/static/styles.json',
  '/api/pleroma/emoji.json',
];
const STARTUP_PATHS = [...SERVER_PATHS, ...PLEROMA_PATHS];

const isPleromaOnly = (path: string) =>
  path.startsWith('/api/pleroma/') ||
  /^\/static\/.*\.json$/.test(path) ||
  path === '/instance/panel.html';

function respond(answer: Answer): Response {
  const body = answer.text ? String(answer.body) : JSON.stringify(answer.body);
  return new Response(body, { status: answer.status });
}

/** A fetch that answers from `answers`, optionally holding every answer until released. */
function stubServer(answers: Record<string, Answer>, options: { hold?: boolean } = {}) {
  const requested: string[] = [];
  const held: (() => void)[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), ORIGIN).pathname;
    requested.push(path);
    const answer = answers[path] ?? { status: 404, body: { error: 'Not found' } };
    if (options.hold) await new Promise<void>((release) => held.push(release));
    return respond(answer);
  });
  const client = createApiClient({ baseUrl: ORIGIN, getToken: () => null, fetchImpl });
  return { client, requested, release: () => held.splice(0).forEach((go) => go()) };
}

beforeEach(() => {
  useInstance.setState({ config: DEFAULT_INSTANCE_CONFIG, loaded: false });
  useCustomEmoji.getState().clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('loadInstanceConfig', () => {
  it('asks for the instance documents and nodeinfo at once, then Pleroma files once it is Pleroma', async () => {
    const server = stubServer(ANSWERS, { hold: true });
    const loading = loadInstanceConfig(server.client);
    await vi.waitFor(() => expect(server.requested.length).toBe(SERVER_PATHS.length));
    expect([...server.requested].sort()).toEqual([...SERVER_PATHS].sort());
    expect(useInstance.getState().loaded).toBe(false);

    // Answers now flow; the Pleroma files follow, all together, then the second hops.
    const releaser = setInterval(server.release, 1);
    await loading;
    clearInterval(releaser);
    expect(server.requested).toEqual(expect.arrayContaining(STARTUP_PATHS));
    expect(useInstance.getState().loaded).toBe(true);
  });

  it('asks a server that is not Pleroma for none of the Pleroma-only files', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const mastodonInstance = {
      ...INSTANCE,
      version: '4.3.0',
      pleroma: undefined,
      configuration: { polls: { max_options: 4 }, statuses: { max_characters: 500 } },
    };
    const answers: Record<string, Answer> = {
      ...ANSWERS,
      '/api/v1/instance': { status: 200, body: mastodonInstance },
      '/nodeinfo/2.0.json': {
        status: 200,
        body: { ...NODEINFO, software: { name: 'mastodon', version: '4.3.0' }, metadata: {} },
      },
    };
    const server = stubServer(answers);
    await loadInstanceConfig(server.client);
    expect(server.requested.filter(isPleromaOnly)).toEqual([]);
    expect(useInstance.getState()).toMatchObject({
      loaded: true,
      config: {
        serverFlavour: 'mastodon',
        pollsAvailable: true,
        editingAvailable: true,
        reactionsApi: 'none',
        directMessagesSource: 'conversations',
        announcementsAvailable: true,
      },
    });
  });

  it('merges instance, nodeinfo and display options into the configuration', async () => {
    await loadInstanceConfig(stubServer(ANSWERS).client);
    const { config, loaded } = useInstance.getState();
    expect(loaded).toBe(true);
    expect(config).toMatchObject({
      name: 'Test Birds',
      textlimit: 7000,
      uploadlimit: 16000000,
      avatarUploadLimit: 2000000,
      bannerUploadLimit: 3000000,
      backgroundUploadLimit: 4000000,
      pollLimits: { maxOptions: 5, maxOptionChars: 100, minExpiration: 10, maxExpiration: 100 },
      registrationOpen: false,
      accountApprovalRequired: true,
      vapidPublicKey: 'vapid-key',
      federating: false,
      private: true,
      staffAccounts: [`${ORIGIN}/users/admin`],
      restrictedNicknames: ['about'],
      postFormats: ['text/plain', 'text/markdown'],
      suggestionsEnabled: true,
      mailerEnabled: true,
      pleromaChatMessagesAvailable: true,
      shoutAvailable: true,
      editingAvailable: true,
      mediaProxyAvailable: true,
      gopherAvailable: false,
      announcementsAvailable: true,
      tos: '<p>Be nice</p>',
      instanceSpecificPanelContent: '<p>Welcome</p>',
      showInstanceSpecificPanel: true,
      logo: '/static/logo.png',
      theme: 'from-server',
      redirectRootNoLogin: '/main/public',
      styles: { dark: '/static/themes/dark.json' },
    });
    expect(config.stickerPacks).toEqual([
      {
        name: 'birds',
        path: '/static/stickers/birds/',
        title: 'Birds',
        files: ['robin.png', 'wren.png'],
      },
    ]);
    expect(config.federationPolicy?.simple).toEqual([
      { action: 'reject', instances: [{ host: 'bad.example', reason: 'spam' }] },
    ]);
    expect(useCustomEmoji.getState().emojis).toEqual([
      { shortcode: 'blob', url: '/emoji/blob.png', tags: ['blobs'] },
    ]);
  });

  it("takes the v1 instance's per-kind upload limits when nodeinfo names none", async () => {
    const answers = {
      ...ANSWERS,
      '/api/v1/instance': {
        status: 200,
        body: { ...INSTANCE, avatar_upload_limit: 1000000, banner_upload_limit: 2500000 },
      },
      '/nodeinfo/2.0.json': {
        status: 200,
        body: { ...NODEINFO, metadata: { ...NODEINFO.metadata, uploadLimits: undefined } },
      },
    };
    await loadInstanceConfig(stubServer(answers).client);
    expect(useInstance.getState().config).toMatchObject({
      uploadlimit: 8000000,
      avatarUploadLimit: 1000000,
      bannerUploadLimit: 2500000,
      backgroundUploadLimit: 0,
    });
  });

  it('logs a failing fetch and still applies the others', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answers = { ...ANSWERS, '/api/v1/instance': { status: 500, body: { error: 'boom' } } };
    await loadInstanceConfig(stubServer(answers).client);
    const { config, loaded } = useInstance.getState();
    expect(loaded).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('instance'), expect.anything());
    expect(config.textlimit).toBe(DEFAULT_INSTANCE_CONFIG.textlimit);
    expect(config.federating).toBe(false);
    expect(config.tos).toBe('<p>Be nice</p>');
  });

  it('goes on with an empty static configuration when config.json fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answers: Record<string, Answer> = { ...ANSWERS };
    delete answers['/static/config.json'];
    answers['/api/pleroma/frontend_configurations'] = { status: 404, body: {} };
    await loadInstanceConfig(stubServer(answers).client);
    const { config, loaded } = useInstance.getState();
    expect(loaded).toBe(true);
    expect(config.theme).toBe(DEFAULT_INSTANCE_CONFIG.theme);
    expect(config.logo).toBe(DEFAULT_INSTANCE_CONFIG.logo);
    expect(config.showInstanceSpecificPanel).toBe(
      DEFAULT_INSTANCE_CONFIG.showInstanceSpecificPanel,
    );
    expect(config.redirectRootNoLogin).toBe('/main/all');
  });

  it('marks the configuration loaded even when every fetch fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await loadInstanceConfig(stubServer({}).client);
    expect(useInstance.getState().loaded).toBe(true);
    expect(warn.mock.calls.length).toBeGreaterThanOrEqual(SERVER_PATHS.length - 1);
    expect(useInstance.getState().config.name).toBe(DEFAULT_INSTANCE_CONFIG.name);
  });
});

describe('displayOptions', () => {
  it('lets the frontend configuration win over the static config', () => {
    expect(
      displayOptions({ theme: 'static', sidebarRight: true }, { pleroma_fe: { theme: 'server' } }),
    ).toEqual({ theme: 'server', sidebarRight: true });
  });

  it('ignores values of the wrong type and unknown login methods', () => {
    expect(
      displayOptions({ showFeaturesPanel: 'yes', loginMethod: 'magic', logoMask: false }, {}),
    ).toEqual({ logoMask: false });
    expect(displayOptions(undefined, { pleroma_fe: { loginMethod: 'token' } })).toEqual({
      loginMethod: 'token',
    });
  });
});

describe('serverAddress', () => {
  it("is the API's origin when the client talks to another server", () => {
    expect(serverAddress('https://pleroma.example/', 'https://starling.example')).toBe(
      'https://pleroma.example',
    );
  });
  it("is the page's origin when the API is on the same site or the base is not http(s)", () => {
    expect(serverAddress('', 'https://starling.example')).toBe('https://starling.example');
    expect(serverAddress('javascript:alert(1)', 'https://starling.example')).toBe(
      'https://starling.example',
    );
  });
});

describe('pre-embedded initial results', () => {
  const embed = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))));

  it('answers the embedded requests from the page and fetches only the rest', async () => {
    const server = stubServer(ANSWERS);
    const embedded = parseInitialResults(
      JSON.stringify({
        '/api/v1/instance': embed({ ...INSTANCE, title: 'Embedded ✓' }),
        '/nodeinfo/2.0.json': embed(NODEINFO),
        '/api/pleroma/frontend_configurations': embed({ pleroma_fe: { theme: 'embedded' } }),
        '/instance/panel.html': embed('<p>Embedded panel</p>'),
      }),
    );
    await loadInstanceConfig(server.client, embedded);
    expect(server.requested).not.toContain('/api/v1/instance');
    expect(server.requested).not.toContain('/.well-known/nodeinfo');
    expect(server.requested).not.toContain('/nodeinfo/2.0.json');
    expect(server.requested).not.toContain('/api/pleroma/frontend_configurations');
    expect(server.requested).not.toContain('/instance/panel.html');
    expect(server.requested).toContain('/static/config.json');
    expect(useInstance.getState().config).toMatchObject({
      theme: 'embedded',
      instanceSpecificPanelContent: '<p>Embedded panel</p>',
      textlimit: INSTANCE.max_toot_chars,
    });
  });

  it('logs and skips an entry it cannot read, and ignores a page without any', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const results = parseInitialResults(
      JSON.stringify({ '/api/v1/instance': '%%not base64%%', '/nodeinfo/2.0.json': embed({}) }),
    );
    expect([...results.keys()]).toEqual(['/nodeinfo/2.0.json']);
    expect(warn).toHaveBeenCalled();
    expect(parseInitialResults(null).size).toBe(0);
    expect(parseInitialResults('not json').size).toBe(0);
  });
});
