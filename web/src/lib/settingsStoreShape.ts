/**
 * The settings store's shape and its defaults (see lib/settingsStore for the journal that edits
 * and merges it). Apart so that the start-up bundle can hold a default store while the journal
 * code loads just after the first screen.
 */

export const SETTINGS_STORE_VERSION = 1;
/** Users created after this instant (2022-08-04, UTC midnight) start with updateCounter 1. */
export const NEW_USER_CUTOFF_MS = Date.UTC(2022, 7, 4);
export const NEW_USER_UPDATE_COUNTER = 1;
export const DEFAULT_PINNED_NAV_ITEMS: readonly string[] = ['home', 'dms', 'chats'];

/** Reset-flag commands (flagStorage.reset); see `applyResetFlag`. */
export const RESET_COMMAND_TRIM = 1000;
export const RESET_COMMAND_TRIM_AND_RESET = 1001;
export const RESET_COMMAND_RESET_ALL_BELOW = 9000;

/**
 * Not from the spec: past this many entries, collection histories are folded into one `set`
 * each. Simple preferences never need it (only the last `set` of a path is kept).
 */
export const JOURNAL_MAX_ENTRIES = 200;

export const JOURNAL_OPERATIONS = [
  'set',
  'addToCollection',
  'removeFromCollection',
  'reorderCollection',
] as const;
export type JournalOperation = (typeof JOURNAL_OPERATIONS)[number];

export interface JournalEntry {
  path: string;
  operation: JournalOperation;
  args: unknown[];
  timestamp: number;
}

export type SimpleValue = number | boolean;

export interface SimplePrefs {
  dontShowUpdateNotifs: boolean;
  collapseNav: boolean;
  [key: string]: SimpleValue;
}

export interface CollectionPrefs {
  pinnedNavItems: string[];
  [key: string]: unknown[];
}

export interface PrefsStorage {
  simple: SimplePrefs;
  collections: CollectionPrefs;
}

export interface FlagStorage {
  updateCounter: number;
  reset: number;
  [key: string]: number;
}

export interface SettingsStore {
  _timestamp: number;
  _version: typeof SETTINGS_STORE_VERSION;
  _user?: string;
  _journal: JournalEntry[];
  flagStorage: FlagStorage;
  prefsStorage: PrefsStorage;
}

export type PreferenceKind = 'simple' | 'collections';

export const DEFAULT_SIMPLE: Readonly<SimplePrefs> = {
  dontShowUpdateNotifs: false,
  collapseNav: false,
};
export const DEFAULT_FLAGS: Readonly<FlagStorage> = { updateCounter: 0, reset: 0 };

export function defaultPrefs(): PrefsStorage {
  return {
    simple: { ...DEFAULT_SIMPLE },
    collections: { pinnedNavItems: [...DEFAULT_PINNED_NAV_ITEMS] },
  };
}

/** A fresh store for `user`; `userCreatedAt` is the account's creation date. */
export function defaultSettingsStore(
  user: string,
  now: number,
  userCreatedAt: Date | string | number,
): SettingsStore {
  const created = new Date(userCreatedAt).getTime();
  const isNewUser = Number.isFinite(created) && created > NEW_USER_CUTOFF_MS;
  return {
    _timestamp: now,
    _version: SETTINGS_STORE_VERSION,
    _user: user,
    _journal: [],
    flagStorage: { ...DEFAULT_FLAGS, updateCounter: isNewUser ? NEW_USER_UPDATE_COUNTER : 0 },
    prefsStorage: defaultPrefs(),
  };
}
