/**
 * The server-side settings store: the object this client keeps in the account's
 * `pleroma_settings_store` under its frontend name (spec part 1, sections 3 and 4, "Settings sync").
 *
 * Preferences change only through journal entries, so two diverging copies (two devices) can be
 * merged by replaying both journals. Invariant kept by every function here: a store's
 * `prefsStorage` equals its `_journal` replayed onto the default preferences.
 *
 * "Dirty" is not part of the persisted object: an edit returns a new store with a later
 * `_timestamp`, and a store needs pushing while it differs from the last copy the server holds
 * (`needsPush`).
 */

import {
  DEFAULT_FLAGS,
  DEFAULT_SIMPLE,
  JOURNAL_MAX_ENTRIES,
  JOURNAL_OPERATIONS,
  RESET_COMMAND_RESET_ALL_BELOW,
  RESET_COMMAND_TRIM,
  RESET_COMMAND_TRIM_AND_RESET,
  SETTINGS_STORE_VERSION,
  defaultPrefs,
  defaultSettingsStore,
  type FlagStorage,
  type JournalEntry,
  type JournalOperation,
  type SimpleValue,
  type PreferenceKind,
  type PrefsStorage,
  type SettingsStore,
} from './settingsStoreShape.ts';

export * from './settingsStoreShape.ts';

/** Deeper JSON than this in a journal argument is treated as garbage. */
const MAX_JSON_DEPTH = 32;

/** Element rules of the collections this client knows; unknown collections take any JSON. */
const KNOWN_COLLECTION_ELEMENT: Readonly<Record<string, (value: unknown) => boolean>> = {
  pinnedNavItems: (value) => typeof value === 'string',
};

// ---------------------------------------------------------------------------------------------
// Paths and values

export type SettingsEditErrorReason = 'underscore' | 'malformed-path' | 'wrong-kind' | 'wrong-type';

/** Thrown by the edit functions when asked to change something that cannot be changed. */
export class SettingsEditError extends Error {
  readonly reason: SettingsEditErrorReason;
  constructor(reason: SettingsEditErrorReason, message: string) {
    super(message);
    this.name = 'SettingsEditError';
    this.reason = reason;
  }
}

interface ParsedPath {
  kind: PreferenceKind;
  key: string;
}

type PathCheck = { ok: true; path: ParsedPath } | { ok: false; reason: SettingsEditErrorReason };

function checkPath(path: unknown): PathCheck {
  if (typeof path !== 'string') return { ok: false, reason: 'malformed-path' };
  const parts = path.split('.');
  if (parts.some((part) => part.startsWith('_'))) return { ok: false, reason: 'underscore' };
  const [kind, key] = parts;
  if (parts.length !== 2 || !key || (kind !== 'simple' && kind !== 'collections')) {
    return { ok: false, reason: 'malformed-path' };
  }
  return { ok: true, path: { kind, key } };
}

/** True for `simple.<key>` and `collections.<key>` where no part starts with an underscore. */
export function isEditablePath(path: string): boolean {
  return checkPath(path).ok;
}

function parsePathOrThrow(path: string, kind: PreferenceKind | null): ParsedPath {
  const check = checkPath(path);
  if (!check.ok) {
    throw new SettingsEditError(
      check.reason,
      check.reason === 'underscore'
        ? `Settings key "${path}" starts with an underscore and cannot be edited`
        : `"${path}" is not a preference path (expected simple.<key> or collections.<key>)`,
    );
  }
  if (kind && check.path.kind !== kind) {
    throw new SettingsEditError('wrong-kind', `"${path}" is not a collection`);
  }
  return check.path;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isJsonValue(value: unknown, depth = 0): boolean {
  if (depth > MAX_JSON_DEPTH) return false;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((item) => isJsonValue(item, depth + 1));
  if (!isRecord(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.keys(value).every((key) => isJsonValue(value[key], depth + 1));
}

/** JSON with object keys sorted: equal JSON values give equal strings. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isRecord(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function isValidSimple(key: string, value: unknown): value is SimpleValue {
  if (Object.hasOwn(DEFAULT_SIMPLE, key)) return typeof value === typeof DEFAULT_SIMPLE[key];
  return typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

function isValidElement(key: string, value: unknown): boolean {
  if (!isJsonValue(value)) return false;
  const rule = Object.hasOwn(KNOWN_COLLECTION_ELEMENT, key) ? KNOWN_COLLECTION_ELEMENT[key] : null;
  return rule ? rule(value) : true;
}

/** Collections are ordered sets: the first of equal elements stays. */
function uniqueElements(values: readonly unknown[]): unknown[] {
  const seen = new Set<string>();
  const result: unknown[] = [];
  for (const value of values) {
    const id = canonicalJson(value);
    if (seen.has(id)) continue;
    seen.add(id);
    result.push(value);
  }
  return result;
}

function indexOfElement(values: readonly unknown[], value: unknown): number {
  const id = canonicalJson(value);
  return values.findIndex((item) => canonicalJson(item) === id);
}

// ---------------------------------------------------------------------------------------------
// Journal entries

/** A well-formed copy of `raw`, or null when it is not an entry this client can replay. */
function normaliseEntry(raw: unknown): JournalEntry | null {
  if (!isRecord(raw)) return null;
  const { path, operation, args, timestamp } = raw;
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) return null;
  if (!Array.isArray(args) || !isJsonValue(args)) return null;
  if (!JOURNAL_OPERATIONS.includes(operation as JournalOperation)) return null;
  const check = checkPath(path);
  if (!check.ok) return null;
  const { kind, key } = check.path;
  const op = operation as JournalOperation;
  const [value, offset] = args as unknown[];
  if (op === 'set') {
    if (args.length < 1) return null;
    const valid =
      kind === 'simple'
        ? isValidSimple(key, value)
        : Array.isArray(value) && value.every((item) => isValidElement(key, item));
    if (!valid) return null;
    return { path: path as string, operation: op, args: [value], timestamp };
  }
  if (kind !== 'collections' || args.length < 1 || !isValidElement(key, value)) return null;
  if (op === 'reorderCollection') {
    if (!Number.isInteger(offset)) return null;
    return { path: path as string, operation: op, args: [value, offset], timestamp };
  }
  return { path: path as string, operation: op, args: [value], timestamp };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Timestamp order; equal timestamps fall back to path, operation and arguments. */
function compareEntries(a: JournalEntry, b: JournalEntry): number {
  return (
    a.timestamp - b.timestamp ||
    compareText(a.path, b.path) ||
    compareText(a.operation, b.operation) ||
    compareText(canonicalJson(a.args), canonicalJson(b.args))
  );
}

function entryId(entry: JournalEntry): string {
  return `${entry.timestamp}\u0000${entry.path}\u0000${entry.operation}\u0000${canonicalJson(entry.args)}`;
}

/**
 * Journals joined into one: unreplayable entries dropped, sorted by timestamp (ties broken by
 * content, so the result does not depend on argument order), identical entries kept once.
 */
export function mergeJournals(...journals: readonly unknown[]): JournalEntry[] {
  const entries: JournalEntry[] = [];
  for (const journal of journals) {
    if (!Array.isArray(journal)) continue;
    for (const raw of journal) {
      const entry = normaliseEntry(raw);
      if (entry) entries.push(entry);
    }
  }
  entries.sort(compareEntries);
  const result: JournalEntry[] = [];
  let lastId = '';
  for (const entry of entries) {
    const id = entryId(entry);
    if (id === lastId) continue;
    lastId = id;
    result.push(entry);
  }
  return result;
}

function moveElement(values: readonly unknown[], value: unknown, offset: number): unknown[] {
  const from = indexOfElement(values, value);
  if (from < 0) return values as unknown[];
  const to = Math.min(values.length - 1, Math.max(0, from + offset));
  if (to === from) return values as unknown[];
  const result = [...values];
  const [moved] = result.splice(from, 1);
  result.splice(to, 0, moved);
  return result;
}

/**
 * One entry applied to `prefs`. Returns `prefs` itself when the entry changes nothing (or cannot
 * be replayed), so callers can tell a no-op edit apart.
 */
export function applyJournalEntryToPrefs(prefs: PrefsStorage, rawEntry: unknown): PrefsStorage {
  const entry = normaliseEntry(rawEntry);
  if (!entry) return prefs;
  const check = checkPath(entry.path);
  if (!check.ok) return prefs;
  const { kind, key } = check.path;
  const [value, offset] = entry.args;

  if (kind === 'simple') {
    const current = Object.hasOwn(prefs.simple, key) ? prefs.simple[key] : undefined;
    if (current === value) return prefs;
    return { ...prefs, simple: { ...prefs.simple, [key]: value as SimpleValue } };
  }

  const current = Object.hasOwn(prefs.collections, key) ? prefs.collections[key] : undefined;
  let next: unknown[] | undefined;
  switch (entry.operation) {
    case 'set':
      next = uniqueElements(value as unknown[]);
      break;
    case 'addToCollection':
      next = current && indexOfElement(current, value) >= 0 ? current : [...(current ?? []), value];
      break;
    case 'removeFromCollection':
      next = current?.filter((item) => canonicalJson(item) !== canonicalJson(value));
      break;
    case 'reorderCollection':
      next = current && moveElement(current, value, offset as number);
      break;
  }
  if (next === undefined || (current && canonicalJson(next) === canonicalJson(current))) {
    return prefs;
  }
  return { ...prefs, collections: { ...prefs.collections, [key]: next } };
}

/** The store with one entry applied to its preferences (the journal is left as it is). */
export function applyJournalEntry(store: SettingsStore, entry: JournalEntry): SettingsStore {
  const prefsStorage = applyJournalEntryToPrefs(store.prefsStorage, entry);
  return prefsStorage === store.prefsStorage ? store : { ...store, prefsStorage };
}

/** The journal replayed in timestamp order onto `base` (the default preferences unless given). */
export function replayJournal(journal: readonly unknown[], base = defaultPrefs()): PrefsStorage {
  return mergeJournals(journal).reduce(applyJournalEntryToPrefs, base);
}

/**
 * Lossless trimming: everything before the latest `set` of a path is dropped, since that `set`
 * overwrites it in any replay, including a merge with another copy's journal.
 */
export function trimJournal(journal: readonly unknown[]): JournalEntry[] {
  const sorted = mergeJournals(journal);
  const overwritten = new Set<string>();
  const kept: JournalEntry[] = [];
  for (let i = sorted.length - 1; i >= 0; i -= 1) {
    const entry = sorted[i] as JournalEntry;
    if (overwritten.has(entry.path)) continue;
    if (entry.operation === 'set') overwritten.add(entry.path);
    kept.push(entry);
  }
  return kept.reverse();
}

/**
 * Past `maxEntries`, each collection's history becomes one `set` of its current value at the
 * time of its latest entry. The store's preferences are unchanged; what is lost is only the
 * ability to interleave very old collection edits from another copy.
 */
export function compactJournal(
  store: SettingsStore,
  maxEntries = JOURNAL_MAX_ENTRIES,
): SettingsStore {
  const trimmed = trimJournal(store._journal);
  if (trimmed.length <= maxEntries) {
    return trimmed.length === store._journal.length ? store : { ...store, _journal: trimmed };
  }
  const latest = new Map<string, number>();
  for (const entry of trimmed) latest.set(entry.path, entry.timestamp);
  const journal = trimmed.filter((entry) => entry.path.startsWith('simple.'));
  for (const [path, timestamp] of latest) {
    if (!path.startsWith('collections.')) continue;
    const key = path.slice('collections.'.length);
    const value = Object.hasOwn(store.prefsStorage.collections, key)
      ? store.prefsStorage.collections[key]
      : undefined;
    // A history that never created its collection (removals from nothing) folds to nothing.
    if (value) journal.push({ path, operation: 'set', args: [[...value]], timestamp });
  }
  return { ...store, _journal: mergeJournals(journal) };
}

// ---------------------------------------------------------------------------------------------
// Local edits

function nextTimestamp(store: SettingsStore, now: number): number {
  const lastEntry = store._journal.at(-1);
  return Math.max(now, store._timestamp + 1, lastEntry ? lastEntry.timestamp + 1 : -Infinity);
}

function recordEdit(store: SettingsStore, entry: JournalEntry): SettingsStore {
  const prefsStorage = applyJournalEntryToPrefs(store.prefsStorage, entry);
  if (prefsStorage === store.prefsStorage) return store;
  const edited: SettingsStore = {
    ...store,
    _timestamp: entry.timestamp,
    _journal: trimJournal([...store._journal, entry]),
    prefsStorage,
  };
  return compactJournal(edited);
}

/**
 * Sets `simple.<key>` (number or boolean; a known key keeps its default's type) or
 * `collections.<key>` (an array). Returns the same store when the value is already set.
 */
export function setPreference(
  store: SettingsStore,
  path: string,
  value: unknown,
  now: number,
): SettingsStore {
  const { kind, key } = parsePathOrThrow(path, null);
  const valid =
    kind === 'simple'
      ? isValidSimple(key, value)
      : Array.isArray(value) && value.every((item) => isValidElement(key, item));
  if (!valid) {
    throw new SettingsEditError(
      'wrong-type',
      kind === 'simple'
        ? `${path} must be ${Object.hasOwn(DEFAULT_SIMPLE, key) ? `a ${typeof DEFAULT_SIMPLE[key]}` : 'a number or a boolean'}`
        : `${path} must be an array of valid items`,
    );
  }
  const args = kind === 'collections' ? [[...(value as unknown[])]] : [value];
  return recordEdit(store, { path, operation: 'set', args, timestamp: nextTimestamp(store, now) });
}

function checkElement(path: string, key: string, value: unknown): void {
  if (!isValidElement(key, value)) {
    throw new SettingsEditError('wrong-type', `${JSON.stringify(value)} cannot go in ${path}`);
  }
}

/** Appends `value` unless the collection already holds it (then the store comes back as is). */
export function addToCollection(
  store: SettingsStore,
  path: string,
  value: unknown,
  now: number,
): SettingsStore {
  const { key } = parsePathOrThrow(path, 'collections');
  checkElement(path, key, value);
  const entry: JournalEntry = {
    path,
    operation: 'addToCollection',
    args: [value],
    timestamp: nextTimestamp(store, now),
  };
  return recordEdit(store, entry);
}

export function removeFromCollection(
  store: SettingsStore,
  path: string,
  value: unknown,
  now: number,
): SettingsStore {
  const { key } = parsePathOrThrow(path, 'collections');
  checkElement(path, key, value);
  const entry: JournalEntry = {
    path,
    operation: 'removeFromCollection',
    args: [value],
    timestamp: nextTimestamp(store, now),
  };
  return recordEdit(store, entry);
}

/** Moves `value` by `offset` places (negative: towards the start), stopping at either end. */
export function reorderCollection(
  store: SettingsStore,
  path: string,
  value: unknown,
  offset: number,
  now: number,
): SettingsStore {
  const { key } = parsePathOrThrow(path, 'collections');
  checkElement(path, key, value);
  if (!Number.isInteger(offset)) {
    throw new SettingsEditError('wrong-type', `Reorder offset must be an integer, got ${offset}`);
  }
  const entry: JournalEntry = {
    path,
    operation: 'reorderCollection',
    args: [value, offset],
    timestamp: nextTimestamp(store, now),
  };
  return recordEdit(store, entry);
}

/** Flags are counters outside the journal (merged by taking the larger value). */
export function setFlag(
  store: SettingsStore,
  name: string,
  value: number,
  now: number,
): SettingsStore {
  if (name.startsWith('_')) {
    throw new SettingsEditError(
      'underscore',
      `Settings key "${name}" starts with an underscore and cannot be edited`,
    );
  }
  if (!Number.isFinite(value)) {
    throw new SettingsEditError('wrong-type', `Flag ${name} must be a finite number`);
  }
  if (store.flagStorage[name] === value) return store;
  return {
    ...store,
    _timestamp: nextTimestamp(store, now),
    flagStorage: { ...store.flagStorage, [name]: value },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading a stored copy

function sanitiseFlags(raw: unknown): FlagStorage {
  const flags: FlagStorage = { ...DEFAULT_FLAGS };
  if (!isRecord(raw)) return flags;
  for (const key of Object.keys(raw)) {
    const value = raw[key];
    if (key.startsWith('_') || typeof value !== 'number' || !Number.isFinite(value)) continue;
    flags[key] = value;
  }
  return flags;
}

/**
 * A stored copy made safe to use, or null when `raw` is not a settings store at all (not an
 * object, or no numeric `_timestamp`). Unreplayable journal entries are dropped; preferences of
 * the wrong type fall back to what the journal (or the default) says; a well-typed preference the
 * journal does not explain (written by a client without a journal) is recorded as a `set` at the
 * store's timestamp so that a later merge keeps it. `_version` is always 1, the only version
 * there is. Never throws.
 */
export function sanitiseSettingsStore(raw: unknown): SettingsStore | null {
  if (!isRecord(raw)) return null;
  const timestamp = raw._timestamp;
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) return null;

  let journal = mergeJournals(Array.isArray(raw._journal) ? raw._journal : []);
  const fromJournal = replayJournal(journal);
  const latestByPath = new Map<string, number>();
  for (const entry of journal) latestByPath.set(entry.path, entry.timestamp);
  const recordAt = (path: string) => Math.max(timestamp, (latestByPath.get(path) ?? -Infinity) + 1);

  const rawPrefs = isRecord(raw.prefsStorage) ? raw.prefsStorage : {};
  const extra: JournalEntry[] = [];
  const rawSimple = isRecord(rawPrefs.simple) ? rawPrefs.simple : {};
  for (const key of Object.keys(rawSimple)) {
    const value = rawSimple[key];
    const path = `simple.${key}`;
    if (!checkPath(path).ok || !isValidSimple(key, value)) continue;
    const replayed = Object.hasOwn(fromJournal.simple, key) ? fromJournal.simple[key] : undefined;
    if (replayed !== value) {
      extra.push({ path, operation: 'set', args: [value], timestamp: recordAt(path) });
    }
  }
  const rawCollections = isRecord(rawPrefs.collections) ? rawPrefs.collections : {};
  for (const key of Object.keys(rawCollections)) {
    const value = rawCollections[key];
    const path = `collections.${key}`;
    if (!checkPath(path).ok || !Array.isArray(value)) continue;
    const cleaned = uniqueElements(value.filter((item) => isValidElement(key, item)));
    const replayed = Object.hasOwn(fromJournal.collections, key)
      ? fromJournal.collections[key]
      : undefined;
    if (!replayed || canonicalJson(replayed) !== canonicalJson(cleaned)) {
      extra.push({ path, operation: 'set', args: [cleaned], timestamp: recordAt(path) });
    }
  }
  if (extra.length > 0) journal = mergeJournals(journal, extra);

  const store: SettingsStore = {
    _timestamp: timestamp,
    _version: SETTINGS_STORE_VERSION,
    _journal: journal,
    flagStorage: sanitiseFlags(raw.flagStorage),
    prefsStorage: extra.length > 0 ? replayJournal(journal) : fromJournal,
  };
  if (typeof raw._user === 'string') store._user = raw._user;
  return store;
}

// ---------------------------------------------------------------------------------------------
// Merging two copies

function sameContent(a: SettingsStore, b: SettingsStore): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

function mergeFlags(a: FlagStorage, b: FlagStorage): FlagStorage {
  const result: FlagStorage = { ...a };
  for (const key of Object.keys(b)) {
    const value = b[key] as number;
    const mine = Object.hasOwn(result, key) ? result[key] : undefined;
    result[key] = mine === undefined ? value : Math.max(mine, value);
  }
  return result;
}

/**
 * Local and server copies reconciled (spec: "the newer copy by timestamp wins; equal versions
 * mean no merge; differing content is merged by replaying journals in timestamp order").
 *
 * - Either copy missing: the other.
 * - Copies of different users: the server's (a cache left by another account is never merged in).
 * - Same `_timestamp` and `_version` and identical content: the server copy, untouched.
 * - Otherwise preferences are both journals merged (sorted, deduplicated) and replayed onto the
 *   defaults; the newer copy by timestamp gives `_timestamp` and `_user`. Flags are counters that
 *   only move forward (or are reset by command after the merge), so each flag takes the larger
 *   value; a pending reset command therefore survives the merge.
 */
export function mergeSettingsStores(
  local: SettingsStore | null,
  remote: SettingsStore | null,
): SettingsStore | null {
  if (!local || !remote) return remote ?? local;
  if (local._user !== undefined && remote._user !== undefined && local._user !== remote._user) {
    return remote;
  }
  if (
    local._timestamp === remote._timestamp &&
    local._version === remote._version &&
    sameContent(local, remote)
  ) {
    return remote;
  }
  const [newer, older] = local._timestamp > remote._timestamp ? [local, remote] : [remote, local];
  const journal = mergeJournals(local._journal, remote._journal);
  const merged: SettingsStore = {
    _timestamp: newer._timestamp,
    _version: SETTINGS_STORE_VERSION,
    _journal: journal,
    flagStorage: mergeFlags(newer.flagStorage, older.flagStorage),
    prefsStorage: replayJournal(journal),
  };
  const user = newer._user ?? older._user;
  if (user !== undefined) merged._user = user;
  return merged;
}

/**
 * The reset flag (flagStorage.reset), read from the spec's "values 1000 to 1001 trim, 1001 also
 * resets, below 9000 resets all":
 * - 1000: trim — flags this client does not know are removed, known ones keep their values;
 * - 1001: trim, then every (known) flag is reset to 0;
 * - any other value above 0 and below 9000: every flag, known or not, is reset to 0;
 * - 0 (the resting value), negative values and 9000 or more are not commands: nothing happens.
 * After a command the reset flag itself is back at 0, so it runs once.
 */
export function applyResetFlag(store: SettingsStore): SettingsStore {
  const command = store.flagStorage.reset;
  if (!(command > 0 && command < RESET_COMMAND_RESET_ALL_BELOW)) return store;
  let flags: FlagStorage;
  if (command >= RESET_COMMAND_TRIM && command <= RESET_COMMAND_TRIM_AND_RESET) {
    flags = { ...DEFAULT_FLAGS };
    for (const key of Object.keys(DEFAULT_FLAGS)) {
      flags[key] = command === RESET_COMMAND_TRIM_AND_RESET ? 0 : (store.flagStorage[key] ?? 0);
    }
  } else {
    flags = { ...store.flagStorage };
    for (const key of Object.keys(flags)) flags[key] = 0;
  }
  flags.reset = 0;
  return { ...store, flagStorage: flags };
}

/** True while `store` holds something the server copy (`remote`) does not. */
export function needsPush(store: SettingsStore, remote: SettingsStore | null): boolean {
  return !remote || !sameContent(store, remote);
}

export interface SettingsLoadResult {
  store: SettingsStore;
  /** The result differs from what the server holds and should be written back. */
  push: boolean;
}

/**
 * What to use after fetching the account: the cached local copy and the server's raw value are
 * sanitised and merged, then the reset flag is obeyed; with neither, the defaults. A cached copy
 * that belongs to another account is ignored.
 */
export function reconcileOnLoad(options: {
  localRaw: unknown;
  remoteRaw: unknown;
  user: string;
  now: number;
  userCreatedAt: Date | string | number;
}): SettingsLoadResult {
  const remote = sanitiseSettingsStore(options.remoteRaw);
  let local = sanitiseSettingsStore(options.localRaw);
  if (local?._user !== undefined && local._user !== options.user) local = null;
  const merged =
    mergeSettingsStores(local, remote) ??
    defaultSettingsStore(options.user, options.now, options.userCreatedAt);
  const store = applyResetFlag(merged);
  return { store, push: needsPush(store, remote) };
}
