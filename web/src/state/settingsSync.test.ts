import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { rawAccount, testAccount } from '../features/navigation/testSupport.ts';
import { defaultSettingsStore, setPreference, addToCollection } from '../lib/settingsStore.ts';
import { usePreferences } from './preferences.ts';
import { useSession } from './session.ts';
import {
  SETTINGS_PUSH_DEBOUNCE_MS,
  clearSettings,
  pinNavItem,
  setNavGroupCollapsed,
  settingsCacheKey,
  startSettingsSync,
  useSettingsSync,
} from './settingsSync.ts';

const NOW = Date.UTC(2024, 0, 10);

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A stub server: answers update_credentials with an account, or with `failWith` when set. */
function stubServer() {
  const calls: Call[] = [];
  const server = { calls, failWith: 0 };
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    calls.push({ method: init?.method ?? 'GET', url: String(input), body });
    if (server.failWith) return new Response('{"error":"nope"}', { status: server.failWith });
    return new Response(JSON.stringify(rawAccount()), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const client = createApiClient({ getToken: () => 'token', fetchImpl });
  return { server, client };
}

const pushedStore = (call: Call | undefined) =>
  (call?.body as { pleroma_settings_store: { starling: Record<string, unknown> } })
    .pleroma_settings_store.starling;

let stop: () => void = () => {};

beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.clear();
  useSession.getState().signOut();
  clearSettings();
});

afterEach(() => {
  stop();
  vi.useRealTimers();
});

/** A server copy for alice that has nothing to push back. */
function serverCopy() {
  return setPreference(
    defaultSettingsStore('alice@localhost', NOW - 1000, '2023-01-01'),
    'simple.dontShowUpdateNotifs',
    true,
    NOW - 1000,
  );
}

describe('settings sync', () => {
  it('pushes a pin change with its journal entry once the debounce has passed', async () => {
    const { server, client } = stubServer();
    stop = startSettingsSync(client, { now: () => NOW });
    const remote = serverCopy();
    useSession
      .getState()
      .signIn('token', testAccount({ pleroma: { settings_store: { starling: remote } } }));
    await vi.advanceTimersByTimeAsync(SETTINGS_PUSH_DEBOUNCE_MS * 2);
    expect(server.calls).toHaveLength(0);

    pinNavItem('bookmarks');
    await vi.advanceTimersByTimeAsync(SETTINGS_PUSH_DEBOUNCE_MS - 1);
    expect(server.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(1);
    const [call] = server.calls;
    expect(call?.method).toBe('PATCH');
    expect(call?.url).toBe('/api/v1/accounts/update_credentials');
    const pushed = pushedStore(call);
    expect(pushed._journal).toContainEqual({
      path: 'collections.pinnedNavItems',
      operation: 'addToCollection',
      args: ['bookmarks'],
      timestamp: NOW,
    });
    expect(pushed.prefsStorage).toMatchObject({
      collections: { pinnedNavItems: ['home', 'dms', 'chats', 'bookmarks'] },
      simple: { dontShowUpdateNotifs: true },
    });
    expect(useSettingsSync.getState().dirty).toBe(false);
    // Cached locally for the next load.
    const cached = JSON.parse(window.localStorage.getItem(settingsCacheKey('1')) ?? 'null');
    expect(cached.prefsStorage.collections.pinnedNavItems).toContain('bookmarks');
  });

  it('sends quick successive edits in one push', async () => {
    const { server, client } = stubServer();
    stop = startSettingsSync(client, { now: () => NOW });
    useSession
      .getState()
      .signIn('token', testAccount({ pleroma: { settings_store: { starling: serverCopy() } } }));
    pinNavItem('bookmarks');
    await vi.advanceTimersByTimeAsync(200);
    setNavGroupCollapsed('timelines', true);
    await vi.advanceTimersByTimeAsync(SETTINGS_PUSH_DEBOUNCE_MS);
    expect(server.calls).toHaveLength(1);
    expect(pushedStore(server.calls[0]).prefsStorage).toMatchObject({
      simple: { collapseNav: true },
      collections: { pinnedNavItems: ['home', 'dms', 'chats', 'bookmarks'] },
    });
  });

  it('keeps a failed push dirty and sends it with the next change', async () => {
    const { server, client } = stubServer();
    stop = startSettingsSync(client, { now: () => NOW });
    useSession
      .getState()
      .signIn('token', testAccount({ pleroma: { settings_store: { starling: serverCopy() } } }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.failWith = 500;
    pinNavItem('bookmarks');
    await vi.advanceTimersByTimeAsync(SETTINGS_PUSH_DEBOUNCE_MS);
    expect(server.calls).toHaveLength(1);
    expect(useSettingsSync.getState().dirty).toBe(true);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();

    server.failWith = 0;
    setNavGroupCollapsed('timelines', true);
    await vi.advanceTimersByTimeAsync(SETTINGS_PUSH_DEBOUNCE_MS);
    expect(server.calls).toHaveLength(2);
    const paths = (pushedStore(server.calls[1])._journal as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['collections.pinnedNavItems', 'simple.collapseNav']),
    );
    expect(useSettingsSync.getState().dirty).toBe(false);
  });

  it('lets a newer server copy win over an older local cache on load', async () => {
    const { server, client } = stubServer();
    const base = defaultSettingsStore('alice@localhost', NOW - 5000, '2023-01-01');
    const local = setPreference(base, 'simple.collapseNav', true, NOW - 4000);
    window.localStorage.setItem(settingsCacheKey('1'), JSON.stringify(local));
    // The other device collapsed the group too, then opened it again later.
    let remote = setPreference(base, 'simple.collapseNav', true, NOW - 3000);
    remote = setPreference(remote, 'simple.collapseNav', false, NOW - 2000);
    remote = addToCollection(remote, 'collections.pinnedNavItems', 'bookmarks', NOW - 1000);

    stop = startSettingsSync(client, { now: () => NOW });
    useSession
      .getState()
      .signIn('token', testAccount({ pleroma: { settings_store: { starling: remote } } }));
    const { store } = useSettingsSync.getState();
    expect(store.prefsStorage.simple.collapseNav).toBe(false);
    expect(store.prefsStorage.collections.pinnedNavItems).toContain('bookmarks');
    expect(store._timestamp).toBe(remote._timestamp);
    await vi.advanceTimersByTimeAsync(SETTINGS_PUSH_DEBOUNCE_MS);
    // The merged journal holds the older local entry too, so the server gets the merge.
    expect(pushedStore(server.calls[0])?.prefsStorage).toMatchObject({
      simple: { collapseNav: false },
    });
  });

  it('starts a user with no copy anywhere from the defaults and stores them', async () => {
    const { server, client } = stubServer();
    stop = startSettingsSync(client, { now: () => NOW });
    useSession.getState().signIn('token', testAccount());
    expect(useSettingsSync.getState().store.prefsStorage.collections.pinnedNavItems).toEqual([
      'home',
      'dms',
      'chats',
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(1);
  });

  it('clears the store on sign-out and does not push edits made while signed out', async () => {
    const { server, client } = stubServer();
    stop = startSettingsSync(client, { now: () => NOW });
    useSession
      .getState()
      .signIn('token', testAccount({ pleroma: { settings_store: { starling: serverCopy() } } }));
    pinNavItem('bookmarks');
    useSession.getState().signOut();
    expect(useSettingsSync.getState().userId).toBeNull();
    expect(useSettingsSync.getState().store.prefsStorage.simple.dontShowUpdateNotifs).toBe(false);
    setNavGroupCollapsed('timelines', true);
    await vi.advanceTimersByTimeAsync(SETTINGS_PUSH_DEBOUNCE_MS * 2);
    expect(server.calls).toHaveLength(0);
  });

  it('pushes a changed preference and applies the server copy of one on sign-in', async () => {
    const { server, client } = stubServer();
    stop = startSettingsSync(client, { now: () => NOW });
    usePreferences.getState().resetPreferences();
    const remote = setPreference(serverCopy(), 'collections.replyVisibility', ['self'], NOW - 500);
    useSession
      .getState()
      .signIn('token', testAccount({ pleroma: { settings_store: { starling: remote } } }));
    expect(usePreferences.getState().replyVisibility).toBe('self');
    await vi.advanceTimersByTimeAsync(SETTINGS_PUSH_DEBOUNCE_MS * 2);
    expect(server.calls).toHaveLength(0);

    usePreferences.getState().setPreference('hideNsfw', false);
    await vi.advanceTimersByTimeAsync(SETTINGS_PUSH_DEBOUNCE_MS);
    const pushed = pushedStore(server.calls[0]) as { prefsStorage: { simple: object } };
    expect(pushed.prefsStorage.simple).toMatchObject({ hideNsfw: false });
    usePreferences.getState().resetPreferences();
  });
});

describe('before the settings journal has arrived', () => {
  /** This module and the stores it follows, fresh, so the journal is not loaded yet. */
  async function freshSync() {
    vi.resetModules();
    const sync = await import('./settingsSync.ts');
    const session = (await import('./session.ts')).useSession;
    return { sync, session };
  }

  it('holds the sign-in load and an edit until it arrives, then applies them in order', async () => {
    const { sync, session } = await freshSync();
    const { client } = stubServer();
    stop = sync.startSettingsSync(client, { now: () => NOW });
    session
      .getState()
      .signIn('token', testAccount({ pleroma: { settings_store: { starling: serverCopy() } } }));
    sync.pinNavItem('bookmarks');
    expect(sync.useSettingsSync.getState().userId).toBeNull();

    await sync.loadSettingsJournal();
    const { userId, store } = sync.useSettingsSync.getState();
    expect(userId).toBe('1');
    expect(store.prefsStorage.simple.dontShowUpdateNotifs).toBe(true);
    expect(store.prefsStorage.collections.pinnedNavItems).toEqual([
      'home',
      'dms',
      'chats',
      'bookmarks',
    ]);
  });

  it('applies the server copy of the preferences at sign-in, before it arrives, in a new browser', async () => {
    const { sync, session } = await freshSync();
    const preferences = (await import('./preferences.ts')).usePreferences;
    const { server, client } = stubServer();
    stop = sync.startSettingsSync(client, { now: () => NOW });
    const remote = setPreference(serverCopy(), 'collections.thirdColumnMode', ['none'], NOW - 500);
    session
      .getState()
      .signIn('token', testAccount({ pleroma: { settings_store: { starling: remote } } }));
    expect(preferences.getState().thirdColumnMode).toBe('none');

    // Once it has arrived, the copy is the server's: nothing to push back.
    await sync.loadSettingsJournal();
    expect(sync.useSettingsSync.getState().store.prefsStorage.collections.thirdColumnMode).toEqual([
      'none',
    ]);
    await vi.advanceTimersByTimeAsync(SETTINGS_PUSH_DEBOUNCE_MS * 2);
    expect(server.calls).toHaveLength(0);
    preferences.getState().resetPreferences();
  });

  it('loads nothing for a user who signed out while it was on its way', async () => {
    const { sync, session } = await freshSync();
    const { server, client } = stubServer();
    stop = sync.startSettingsSync(client, { now: () => NOW });
    session.getState().signIn('token', testAccount());
    session.getState().signOut();

    await sync.loadSettingsJournal();
    expect(sync.useSettingsSync.getState().userId).toBeNull();
    await vi.advanceTimersByTimeAsync(SETTINGS_PUSH_DEBOUNCE_MS * 2);
    expect(server.calls).toHaveLength(0);
  });
});
