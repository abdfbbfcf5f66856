import { create } from 'zustand';
import { updateCredentials } from '../api/accounts.ts';
import type { ApiClient } from '../api/client.ts';
import type { Account } from '../api/types.ts';
import {
  defaultSettingsStore,
  type PrefsStorage,
  type SettingsStore,
} from '../lib/settingsStoreShape.ts';
import {
  decodePreferences,
  encodePreference,
  storeHolds,
  syncedPreferenceKeys,
} from '../lib/preferenceSync.ts';
import { PREFERENCE_RULES, usePreferences, type Preferences } from './preferences.ts';
import { useSession } from './session.ts';
import { readStored, writeStored } from './storage.ts';

/**
 * The server-side settings store of the signed-in user (spec part 1, §4 "Settings sync"): loaded
 * from the account's pleroma settings store and the local cache, edited only through the journal
 * functions of lib/settingsStore, cached locally on every change and pushed (debounced) with
 * update_credentials. While nobody is signed in the store holds the defaults and edits stay in
 * memory.
 */

/** Our key inside the account's pleroma_settings_store. */
export const SETTINGS_FRONTEND_NAME = 'starling';
/** Edits that follow each other quickly go to the server in one push. */
export const SETTINGS_PUSH_DEBOUNCE_MS = 500;

export const PINNED_NAV_ITEMS_PATH = 'collections.pinnedNavItems';
/** The timelines group's collapse state (the one collapse preference the store defines). */
export const COLLAPSE_TIMELINES_PATH = 'simple.collapseNav';
/** Our own simple preference for the lists group. */
export const COLLAPSE_LISTS_PATH = 'simple.collapseNavLists';

export type CollapsibleNavGroup = 'timelines' | 'lists';

const COLLAPSE_PATHS: Record<CollapsibleNavGroup, string> = {
  timelines: COLLAPSE_TIMELINES_PATH,
  lists: COLLAPSE_LISTS_PATH,
};

export const settingsCacheKey = (userId: string): string => `starling:settings:${userId}`;

/**
 * The journal code (edits, merges, reconciling on load) travels in its own chunk: nothing on the
 * first screen needs it, and it arrives moments later, started by `startSettingsSync`. Until it
 * has, edits and loads wait for it; afterwards they run at once.
 */
type Journal = typeof import('../lib/settingsStore.ts');
let journal: Journal | null = null;
let journalLoading: Promise<Journal> | null = null;

export function loadSettingsJournal(): Promise<Journal> {
  journalLoading ??= import('../lib/settingsStore.ts').then(
    (module) => (journal = module),
    (error: unknown) => {
      journalLoading = null;
      throw error;
    },
  );
  return journalLoading;
}

/** Runs `task` with the journal: now if it has loaded, else once it has (a failed load is logged). */
function withJournal(task: (loaded: Journal) => void): void {
  if (journal) {
    task(journal);
    return;
  }
  loadSettingsJournal().then(task, (error: unknown) =>
    console.warn('the settings journal did not load', error),
  );
}

const anonymousStore = (): SettingsStore => defaultSettingsStore('', 0, 0);

interface SettingsSyncState {
  /** The signed-in user this store belongs to; null while signed out. */
  userId: string | null;
  store: SettingsStore;
  /** The last copy the server is known to hold (null: none yet). */
  remote: SettingsStore | null;
  /** A push is waiting or failed; cleared when the server holds the current store. */
  dirty: boolean;
}

export const useSettingsSync = create<SettingsSyncState>()(() => ({
  userId: null,
  store: anonymousStore(),
  remote: null,
  dirty: false,
}));

// ---------------------------------------------------------------------------------------------
// Reading

export function selectPinnedNavItems(state: SettingsSyncState): string[] {
  return state.store.prefsStorage.collections.pinnedNavItems;
}

export function selectGroupCollapsed(
  state: SettingsSyncState,
  group: CollapsibleNavGroup,
): boolean {
  const key = COLLAPSE_PATHS[group].slice('simple.'.length);
  return state.store.prefsStorage.simple[key] === true;
}

// ---------------------------------------------------------------------------------------------
// The sync controller: one at a time, holding the client, the clock and the push timer.

interface SyncOptions {
  debounceMs?: number;
  now?: () => number;
}

interface Controller {
  client: ApiClient;
  debounceMs: number;
  now: () => number;
  timer: ReturnType<typeof setTimeout> | null;
  pushing: boolean;
  /** An edit arrived while a push was in flight. */
  again: boolean;
}

let controller: Controller | null = null;

function clock(): number {
  return controller ? controller.now() : Date.now();
}

function cache(userId: string, store: SettingsStore): void {
  writeStored(settingsCacheKey(userId), store);
}

async function push(): Promise<void> {
  const current = controller;
  if (!current) return;
  current.timer = null;
  if (current.pushing) {
    current.again = true;
    return;
  }
  const { userId, store, remote } = useSettingsSync.getState();
  // Pushes are scheduled only after an edit or a load, so the journal is there.
  const { needsPush } = journal!;
  if (!userId || !needsPush(store, remote)) {
    useSettingsSync.setState({ dirty: false });
    return;
  }
  current.pushing = true;
  try {
    await updateCredentials(current.client, {
      settingsStore: { [SETTINGS_FRONTEND_NAME]: store },
    });
    // Only record success for the user it was made for (a sign-out may have happened meanwhile).
    if (useSettingsSync.getState().userId === userId) {
      const latest = useSettingsSync.getState().store;
      useSettingsSync.setState({ remote: store, dirty: needsPush(latest, store) });
    }
  } catch (error) {
    // The store stays dirty; the next change schedules another push.
    console.warn('pushing the settings store failed', error);
  } finally {
    current.pushing = false;
  }
  if (current.again && controller === current) {
    current.again = false;
    schedulePush();
  }
}

function schedulePush(delay = controller?.debounceMs ?? SETTINGS_PUSH_DEBOUNCE_MS): void {
  const current = controller;
  if (!current) return;
  if (current.timer !== null) clearTimeout(current.timer);
  current.timer = setTimeout(() => void push(), delay);
}

function cancelPush(): void {
  if (controller?.timer != null) clearTimeout(controller.timer);
  if (controller) {
    controller.timer = null;
    controller.again = false;
  }
}

/** Applies one journal edit; signed in, the result is cached and a push is scheduled. */
function edit(change: (store: SettingsStore, now: number, loaded: Journal) => SettingsStore): void {
  withJournal((loaded) => {
    const { store, userId } = useSettingsSync.getState();
    const next = change(store, clock(), loaded);
    if (next === store) return;
    useSettingsSync.setState({ store: next, dirty: userId !== null });
    if (!userId) return;
    cache(userId, next);
    schedulePush();
  });
}

// ---------------------------------------------------------------------------------------------
// Edits the navigation makes

export function pinNavItem(id: string): void {
  edit((store, now, { addToCollection }) => addToCollection(store, PINNED_NAV_ITEMS_PATH, id, now));
}

export function unpinNavItem(id: string): void {
  edit((store, now, { removeFromCollection }) =>
    removeFromCollection(store, PINNED_NAV_ITEMS_PATH, id, now),
  );
}

export function togglePinnedNavItem(id: string): void {
  if (selectPinnedNavItems(useSettingsSync.getState()).includes(id)) unpinNavItem(id);
  else pinNavItem(id);
}

/** Moves a pinned item by `offset` places (negative: earlier). */
export function movePinnedNavItem(id: string, offset: number): void {
  edit((store, now, { reorderCollection }) =>
    reorderCollection(store, PINNED_NAV_ITEMS_PATH, id, offset, now),
  );
}

export function setNavGroupCollapsed(group: CollapsibleNavGroup, collapsed: boolean): void {
  edit((store, now, { setPreference }) =>
    setPreference(store, COLLAPSE_PATHS[group], collapsed, now),
  );
}

// ---------------------------------------------------------------------------------------------
// User preferences (the General tab and every other screen's options) ride in the same store.

const SYNCED_KEYS = syncedPreferenceKeys(PREFERENCE_RULES);

/** Set while the server's copy is applied before the journal has arrived: nothing to record. */
let applyingServerCopy = false;

/** Records the preferences that differ from what the store holds as journal edits. */
export function recordPreferenceChanges(next: Preferences, previous: Preferences): void {
  if (applyingServerCopy) return;
  for (const key of SYNCED_KEYS) {
    if (next[key] === previous[key]) continue;
    const { prefsStorage } = useSettingsSync.getState().store;
    if (storeHolds(PREFERENCE_RULES, prefsStorage, key, next[key])) continue;
    const { path, value } = encodePreference(PREFERENCE_RULES, key, next[key]);
    edit((store, now, { setPreference }) => setPreference(store, path, value, now));
  }
}

/** The store's preferences applied to this browser (keys the store never saw stay as they are). */
function applyStoredPreferences(store: SettingsStore): void {
  usePreferences
    .getState()
    .applyPreferences(decodePreferences(PREFERENCE_RULES, store.prefsStorage));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The preferences of a server copy the journal will take as it is (it has a timestamp), read
 * without the journal: each value is still checked by decodePreferences.
 */
function serverPreferences(raw: unknown): PrefsStorage | null {
  if (!isRecord(raw) || typeof raw._timestamp !== 'number' || !Number.isFinite(raw._timestamp))
    return null;
  const prefs = isRecord(raw.prefsStorage) ? raw.prefsStorage : {};
  return {
    simple: isRecord(prefs.simple) ? prefs.simple : {},
    collections: isRecord(prefs.collections) ? prefs.collections : {},
  } as PrefsStorage;
}

/**
 * A browser with no copy of its own ends up with the server's once the journal has arrived; its
 * preferences show at once instead (a user signing in elsewhere sees their choices from the
 * first screen, not the defaults until the journal chunk arrives on a slow machine).
 */
function applyServerCopyEarly(user: Account): void {
  if (readStored<unknown>(settingsCacheKey(user.id)) !== null) return;
  const prefs = serverPreferences(user.settingsStore?.[SETTINGS_FRONTEND_NAME]);
  if (!prefs) return;
  applyingServerCopy = true;
  try {
    usePreferences.getState().applyPreferences(decodePreferences(PREFERENCE_RULES, prefs));
  } finally {
    applyingServerCopy = false;
  }
}

// ---------------------------------------------------------------------------------------------
// Loading and clearing

/**
 * Reconciles the account's server copy with the local cache (the newer wins, differing content
 * is merged through the journals) and pushes when the result differs from the server's. Once
 * per sign-in: further session updates while the journal loads ask again and are let go.
 */
function loadSettingsFor(user: Account): void {
  cancelPush();
  if (!journal) applyServerCopyEarly(user);
  withJournal((loaded) => {
    const { status, user: current } = useSession.getState();
    const stillSignedIn = status === 'signedIn' && current?.id === user.id;
    if (stillSignedIn && useSettingsSync.getState().userId !== user.id) reconcile(user, loaded);
  });
}

function reconcile(user: Account, { reconcileOnLoad, sanitiseSettingsStore }: Journal): void {
  const remoteRaw = user.settingsStore?.[SETTINGS_FRONTEND_NAME];
  const { store, push: mustPush } = reconcileOnLoad({
    localRaw: readStored<unknown>(settingsCacheKey(user.id)),
    remoteRaw,
    user: user.fqn || user.username,
    now: clock(),
    userCreatedAt: user.createdAt,
  });
  useSettingsSync.setState({
    userId: user.id,
    store,
    remote: sanitiseSettingsStore(remoteRaw),
    dirty: mustPush,
  });
  cache(user.id, store);
  applyStoredPreferences(store);
  if (mustPush) schedulePush(0);
}

export function clearSettings(): void {
  cancelPush();
  useSettingsSync.setState({ userId: null, store: anonymousStore(), remote: null, dirty: false });
}

/**
 * Follows the session: loads the user's store on sign-in, clears it on sign-out, and pushes
 * through `client`. Starting again replaces the previous controller. Returns a stop function.
 */
export function startSettingsSync(client: ApiClient, options: SyncOptions = {}): () => void {
  cancelPush();
  void loadSettingsJournal().catch(() => {});
  const current: Controller = {
    client,
    debounceMs: options.debounceMs ?? SETTINGS_PUSH_DEBOUNCE_MS,
    now: options.now ?? Date.now,
    timer: null,
    pushing: false,
    again: false,
  };
  controller = current;

  const follow = () => {
    const { status, user } = useSession.getState();
    const signedInUser = status === 'signedIn' ? user : null;
    const { userId } = useSettingsSync.getState();
    if (signedInUser && signedInUser.id !== userId) loadSettingsFor(signedInUser);
    else if (!signedInUser && userId !== null) clearSettings();
  };
  follow();
  const unsubscribe = useSession.subscribe(follow);
  const unsubscribePreferences = usePreferences.subscribe(recordPreferenceChanges);
  return () => {
    unsubscribe();
    unsubscribePreferences();
    if (controller === current) {
      cancelPush();
      controller = null;
    }
  };
}
