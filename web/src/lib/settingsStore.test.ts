import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_PINNED_NAV_ITEMS,
  JOURNAL_MAX_ENTRIES,
  NEW_USER_CUTOFF_MS,
  SettingsEditError,
  addToCollection,
  applyJournalEntry,
  applyResetFlag,
  compactJournal,
  defaultPrefs,
  defaultSettingsStore,
  isEditablePath,
  mergeJournals,
  mergeSettingsStores,
  needsPush,
  reconcileOnLoad,
  removeFromCollection,
  reorderCollection,
  replayJournal,
  sanitiseSettingsStore,
  setFlag,
  setPreference,
  trimJournal,
  type JournalEntry,
  type SettingsStore,
} from './settingsStore.ts';

const T0 = Date.UTC(2024, 0, 1);
const OLD_ACCOUNT = '2020-01-01T00:00:00Z';

function fresh(now = T0): SettingsStore {
  return defaultSettingsStore('alice', now, OLD_ACCOUNT);
}

function entry(
  path: string,
  operation: JournalEntry['operation'],
  args: unknown[],
  timestamp: number,
): JournalEntry {
  return { path, operation, args, timestamp };
}

function withFlags(store: SettingsStore, flags: Record<string, number>): SettingsStore {
  return { ...store, flagStorage: { ...store.flagStorage, ...flags } };
}

// ---------------------------------------------------------------------------------------------
// Arbitraries

const NAV_ITEMS = ['home', 'dms', 'chats', 'public', 'twkn', 'bookmarks', 'about'];
const arbNavItem = fc.constantFrom(...NAV_ITEMS);
const arbTimestamp = fc.integer({ min: 0, max: 40 });

const arbEntry: fc.Arbitrary<JournalEntry> = fc.oneof(
  fc.record({
    path: fc.constantFrom('simple.collapseNav', 'simple.dontShowUpdateNotifs'),
    operation: fc.constant('set' as const),
    args: fc.tuple(fc.boolean()).map((t): unknown[] => t),
    timestamp: arbTimestamp,
  }),
  fc.record({
    path: fc.constant('simple.fontScale'),
    operation: fc.constant('set' as const),
    args: fc.tuple(fc.integer({ min: -5, max: 5 })).map((t): unknown[] => t),
    timestamp: arbTimestamp,
  }),
  fc.record({
    path: fc.constantFrom('collections.pinnedNavItems', 'collections.mutedWords'),
    operation: fc.constantFrom('addToCollection' as const, 'removeFromCollection' as const),
    args: fc.tuple(arbNavItem).map((t): unknown[] => t),
    timestamp: arbTimestamp,
  }),
  fc.record({
    path: fc.constantFrom('collections.pinnedNavItems', 'collections.mutedWords'),
    operation: fc.constant('reorderCollection' as const),
    args: fc.tuple(arbNavItem, fc.integer({ min: -3, max: 3 })).map((t): unknown[] => t),
    timestamp: arbTimestamp,
  }),
  fc.record({
    path: fc.constant('collections.pinnedNavItems'),
    operation: fc.constant('set' as const),
    args: fc.tuple(fc.array(arbNavItem, { maxLength: 4 })).map((t): unknown[] => t),
    timestamp: arbTimestamp,
  }),
);

const arbJournal = fc.array(arbEntry, { maxLength: 25 });

/** A store as another device would have written it: its preferences are its journal replayed. */
const arbStore: fc.Arbitrary<SettingsStore> = fc
  .record({
    journal: arbJournal,
    timestamp: fc.integer({ min: 0, max: 60 }),
    updateCounter: fc.integer({ min: 0, max: 5 }),
  })
  .map(({ journal, timestamp, updateCounter }) => {
    const store = sanitiseSettingsStore({
      _timestamp: timestamp,
      _version: 1,
      _user: 'alice',
      _journal: journal,
      flagStorage: { updateCounter, reset: 0 },
    });
    if (!store) throw new Error('arbitrary store did not sanitise');
    return store;
  });

type Edit =
  | { kind: 'set'; path: string; value: unknown }
  | { kind: 'add' | 'remove'; value: string }
  | { kind: 'reorder'; value: string; offset: number };

const arbEdit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    path: fc.constant('simple.collapseNav'),
    value: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('set' as const),
    path: fc.constant('simple.fontScale'),
    value: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('set' as const),
    path: fc.constant('collections.pinnedNavItems'),
    value: fc.array(arbNavItem, { maxLength: 4 }),
  }),
  fc.record({ kind: fc.constantFrom('add' as const, 'remove' as const), value: arbNavItem }),
  fc.record({
    kind: fc.constant('reorder' as const),
    value: arbNavItem,
    offset: fc.integer({ min: -3, max: 3 }),
  }),
);

function applyEdit(store: SettingsStore, edit: Edit, now: number): SettingsStore {
  const pins = 'collections.pinnedNavItems';
  switch (edit.kind) {
    case 'set':
      return setPreference(store, edit.path, edit.value, now);
    case 'add':
      return addToCollection(store, pins, edit.value, now);
    case 'remove':
      return removeFromCollection(store, pins, edit.value, now);
    case 'reorder':
      return reorderCollection(store, pins, edit.value, edit.offset, now);
  }
}

// ---------------------------------------------------------------------------------------------

describe('defaultSettingsStore', () => {
  it('pins home, dms and chats and starts with both simple preferences off', () => {
    const store = fresh();
    expect(store.prefsStorage.collections.pinnedNavItems).toEqual(['home', 'dms', 'chats']);
    expect(DEFAULT_PINNED_NAV_ITEMS).toEqual(['home', 'dms', 'chats']);
    expect(store.prefsStorage.simple).toEqual({ dontShowUpdateNotifs: false, collapseNav: false });
    expect(store).toMatchObject({ _version: 1, _user: 'alice', _timestamp: T0, _journal: [] });
    expect(store.flagStorage.reset).toBe(0);
  });

  it('gives accounts created after 2022-08-04 updateCounter 1 and older accounts 0', () => {
    expect(defaultSettingsStore('a', T0, '2023-03-01T10:00:00Z').flagStorage.updateCounter).toBe(1);
    expect(defaultSettingsStore('a', T0, '2021-12-31T10:00:00Z').flagStorage.updateCounter).toBe(0);
  });

  it('reads "after 2022-08-04" as after that day began (UTC): the instant itself is not after', () => {
    expect(defaultSettingsStore('a', T0, NEW_USER_CUTOFF_MS).flagStorage.updateCounter).toBe(0);
    expect(defaultSettingsStore('a', T0, '2022-08-04T12:00:00Z').flagStorage.updateCounter).toBe(1);
    expect(defaultSettingsStore('a', T0, '2022-08-03T23:59:59Z').flagStorage.updateCounter).toBe(0);
  });

  it('treats an unreadable creation date as an existing account', () => {
    expect(defaultSettingsStore('a', T0, 'not a date').flagStorage.updateCounter).toBe(0);
  });

  it('hands out independent copies of the defaults', () => {
    const a = fresh();
    a.prefsStorage.collections.pinnedNavItems.push('x');
    expect(fresh().prefsStorage.collections.pinnedNavItems).toEqual(['home', 'dms', 'chats']);
    expect(defaultPrefs().collections.pinnedNavItems).toHaveLength(3);
  });
});

describe('local edits', () => {
  it('setPreference changes the value, journals the change and moves the timestamp on', () => {
    const before = fresh();
    const after = setPreference(before, 'simple.collapseNav', true, T0 + 5);
    expect(after.prefsStorage.simple.collapseNav).toBe(true);
    expect(after._journal).toEqual([entry('simple.collapseNav', 'set', [true], T0 + 5)]);
    expect(after._timestamp).toBe(T0 + 5);
    expect(needsPush(after, before)).toBe(true);
    expect(before.prefsStorage.simple.collapseNav).toBe(false);
  });

  it('setting a value the store already holds returns the same store (nothing to push)', () => {
    const store = fresh();
    expect(setPreference(store, 'simple.collapseNav', false, T0 + 5)).toBe(store);
    expect(addToCollection(store, 'collections.pinnedNavItems', 'home', T0 + 5)).toBe(store);
    expect(removeFromCollection(store, 'collections.pinnedNavItems', 'about', T0 + 5)).toBe(store);
    expect(reorderCollection(store, 'collections.pinnedNavItems', 'home', -1, T0 + 5)).toBe(store);
    expect(needsPush(store, store)).toBe(false);
  });

  it('keeps only the last set of a simple preference in the journal', () => {
    let store = fresh();
    store = setPreference(store, 'simple.collapseNav', true, T0 + 1);
    store = setPreference(store, 'simple.collapseNav', false, T0 + 2);
    store = setPreference(store, 'simple.collapseNav', true, T0 + 3);
    expect(store._journal).toEqual([entry('simple.collapseNav', 'set', [true], T0 + 3)]);
  });

  it('pins append at the end, never twice, and unpinning removes', () => {
    let store = fresh();
    store = addToCollection(store, 'collections.pinnedNavItems', 'bookmarks', T0 + 1);
    store = addToCollection(store, 'collections.pinnedNavItems', 'bookmarks', T0 + 2);
    expect(store.prefsStorage.collections.pinnedNavItems).toEqual([
      'home',
      'dms',
      'chats',
      'bookmarks',
    ]);
    store = removeFromCollection(store, 'collections.pinnedNavItems', 'dms', T0 + 3);
    expect(store.prefsStorage.collections.pinnedNavItems).toEqual(['home', 'chats', 'bookmarks']);
    expect(store._journal.map((e) => e.operation)).toEqual([
      'addToCollection',
      'removeFromCollection',
    ]);
  });

  it('reorder moves an item by an offset and stops at either end', () => {
    const pins = 'collections.pinnedNavItems';
    let store = reorderCollection(fresh(), pins, 'chats', -1, T0 + 1);
    expect(store.prefsStorage.collections.pinnedNavItems).toEqual(['home', 'chats', 'dms']);
    store = reorderCollection(store, pins, 'home', 10, T0 + 2);
    expect(store.prefsStorage.collections.pinnedNavItems).toEqual(['chats', 'dms', 'home']);
    expect(store._journal.at(-1)).toEqual(entry(pins, 'reorderCollection', ['home', 10], T0 + 2));
  });

  it('collections of unknown names can be created and take any JSON items', () => {
    let store = addToCollection(fresh(), 'collections.mutedWords', { word: 'x' }, T0 + 1);
    store = setPreference(store, 'simple.fontScale', 2, T0 + 2);
    expect(store.prefsStorage.collections.mutedWords).toEqual([{ word: 'x' }]);
    expect(store.prefsStorage.simple.fontScale).toBe(2);
  });

  it('refuses values of the wrong type with a clear error', () => {
    const store = fresh();
    expect(() => setPreference(store, 'simple.collapseNav', 1, T0)).toThrow(/must be a boolean/);
    expect(() => setPreference(store, 'simple.other', 'text', T0)).toThrow(
      /must be a number or a boolean/,
    );
    expect(() => setPreference(store, 'simple.other', Number.NaN, T0)).toThrow(SettingsEditError);
    expect(() => setPreference(store, 'collections.pinnedNavItems', 'home', T0)).toThrow(
      SettingsEditError,
    );
    expect(() => addToCollection(store, 'collections.pinnedNavItems', 3, T0)).toThrow(
      SettingsEditError,
    );
    expect(() => reorderCollection(store, 'collections.pinnedNavItems', 'home', 0.5, T0)).toThrow(
      /integer/,
    );
  });

  it('refuses paths that are not simple.<key> or collections.<key>', () => {
    const store = fresh();
    for (const path of ['collapseNav', 'simple', 'prefs.collapseNav', 'simple.a.b', 'simple.']) {
      expect(() => setPreference(store, path, true, T0), path).toThrow(
        expect.objectContaining({ reason: 'malformed-path' }),
      );
    }
    expect(() => addToCollection(store, 'simple.collapseNav', 'x', T0)).toThrow(
      expect.objectContaining({ reason: 'wrong-kind' }),
    );
  });

  it('refuses every key starting with an underscore, at any depth', () => {
    const store = fresh();
    for (const path of [
      '_journal',
      '_timestamp',
      'simple._secret',
      '_x.y',
      'collections.__proto__',
    ]) {
      expect(isEditablePath(path)).toBe(false);
      expect(() => setPreference(store, path, true, T0), path).toThrow(/underscore/);
    }
    expect(() => setFlag(store, '_version', 2, T0)).toThrow(/underscore/);
    expect(isEditablePath('simple.collapseNav')).toBe(true);
  });

  it('never records an edit as older than what the store already holds (clock behind)', () => {
    const ahead = setPreference(fresh(T0 + 1000), 'simple.collapseNav', true, T0 + 1000);
    const edited = setPreference(ahead, 'simple.collapseNav', false, T0);
    expect(edited._timestamp).toBeGreaterThan(ahead._timestamp);
    expect(edited.prefsStorage.simple.collapseNav).toBe(false);
    expect(replayJournal(edited._journal)).toEqual(edited.prefsStorage);
  });

  it('setFlag changes a counter without journalling it', () => {
    const store = setFlag(fresh(), 'updateCounter', 3, T0 + 1);
    expect(store.flagStorage.updateCounter).toBe(3);
    expect(store._journal).toEqual([]);
    expect(store._timestamp).toBe(T0 + 1);
    expect(setFlag(store, 'updateCounter', 3, T0 + 2)).toBe(store);
  });

  it('property: underscore keys are never editable, whatever the value', () => {
    const arbSegment = fc.string({ maxLength: 6 });
    fc.assert(
      fc.property(
        fc.array(arbSegment, { maxLength: 2 }),
        arbSegment,
        fc.array(arbSegment, { maxLength: 2 }),
        fc.jsonValue(),
        (before, hidden, after, value) => {
          const path = [...before, `_${hidden}`, ...after].join('.');
          const store = fresh();
          const attempts = [
            () => setPreference(store, path, value, T0),
            () => addToCollection(store, path, value, T0),
            () => removeFromCollection(store, path, value, T0),
            () => reorderCollection(store, path, value, 1, T0),
          ];
          for (const attempt of attempts) {
            expect(attempt).toThrow(expect.objectContaining({ reason: 'underscore' }));
          }
          // Nor can a journal entry from elsewhere change anything through such a path.
          const replayed = applyJournalEntry(store, entry(path, 'set', [true], T0));
          expect(replayed).toBe(store);
          expect(store).toEqual(fresh());
        },
      ),
    );
  });

  it('property: replaying the journal onto the defaults reproduces the preferences', () => {
    fc.assert(
      fc.property(fc.array(arbEdit, { maxLength: 30 }), (edits) => {
        let store = fresh();
        edits.forEach((edit, i) => {
          store = applyEdit(store, edit, T0 + i);
        });
        expect(replayJournal(store._journal)).toEqual(store.prefsStorage);
        expect(mergeJournals(store._journal)).toEqual(store._journal);
      }),
    );
  });
});

describe('applyJournalEntry and replay', () => {
  it('replays in timestamp order, whatever order the entries are listed in', () => {
    const journal = [
      entry('simple.collapseNav', 'set', [false], 20),
      entry('simple.collapseNav', 'set', [true], 10),
    ];
    expect(replayJournal(journal).simple.collapseNav).toBe(false);
  });

  it('skips entries it cannot replay instead of failing', () => {
    const prefs = replayJournal([
      { path: 'simple.collapseNav', operation: 'explode', args: [true], timestamp: 1 },
      { path: 'simple.collapseNav', operation: 'set', args: ['yes'], timestamp: 2 },
      { path: 'collections.pinnedNavItems', operation: 'addToCollection', args: [], timestamp: 3 },
      { path: 'collections.pinnedNavItems', operation: 'set', args: [[1]], timestamp: 4 },
      { path: 'simple.collapseNav', operation: 'set', args: [true], timestamp: Number.NaN },
      null,
      'set simple.collapseNav',
    ]);
    expect(prefs).toEqual(defaultPrefs());
  });

  it('applies one entry to a store without touching its journal', () => {
    const store = fresh();
    const next = applyJournalEntry(
      store,
      entry('collections.pinnedNavItems', 'removeFromCollection', ['chats'], 1),
    );
    expect(next.prefsStorage.collections.pinnedNavItems).toEqual(['home', 'dms']);
    expect(next._journal).toEqual([]);
  });
});

describe('journal trimming', () => {
  it('drops what a later set of the same path overwrites, and nothing else', () => {
    const journal = [
      entry('collections.pinnedNavItems', 'addToCollection', ['about'], 1),
      entry('collections.pinnedNavItems', 'set', [['home']], 2),
      entry('collections.pinnedNavItems', 'addToCollection', ['dms'], 3),
      entry('simple.collapseNav', 'set', [true], 1),
      entry('simple.collapseNav', 'set', [false], 4),
    ];
    expect(trimJournal(journal)).toEqual([
      entry('collections.pinnedNavItems', 'set', [['home']], 2),
      entry('collections.pinnedNavItems', 'addToCollection', ['dms'], 3),
      entry('simple.collapseNav', 'set', [false], 4),
    ]);
  });

  it('property: trimming changes neither the replay nor any later merge with another journal', () => {
    fc.assert(
      fc.property(arbJournal, arbJournal, (mine, theirs) => {
        expect(replayJournal(trimJournal(mine))).toEqual(replayJournal(mine));
        expect(replayJournal(mergeJournals(trimJournal(mine), theirs))).toEqual(
          replayJournal(mergeJournals(mine, theirs)),
        );
      }),
    );
  });

  it('folds collection histories into one set each once the journal grows too long', () => {
    let store = fresh();
    for (let i = 0; i < JOURNAL_MAX_ENTRIES + 10; i += 1) {
      const pins = 'collections.pinnedNavItems';
      store =
        i % 2 === 0
          ? addToCollection(store, pins, `list-${i}`, T0 + i)
          : reorderCollection(store, pins, `list-${i - 1}`, -1, T0 + i);
    }
    expect(store._journal.length).toBeLessThanOrEqual(JOURNAL_MAX_ENTRIES);
    expect(replayJournal(store._journal)).toEqual(store.prefsStorage);
    expect(store.prefsStorage.collections.pinnedNavItems).toContain(`list-${JOURNAL_MAX_ENTRIES}`);
  });

  it('property: compaction keeps the preferences the journal replays to', () => {
    fc.assert(
      fc.property(arbStore, fc.integer({ min: 0, max: 5 }), (store, max) => {
        const compacted = compactJournal(store, max);
        expect(replayJournal(compacted._journal)).toEqual(store.prefsStorage);
        const paths = new Set(compacted._journal.map((e) => e.path));
        if (trimJournal(store._journal).length > max) {
          expect(compacted._journal).toHaveLength(paths.size);
        }
      }),
    );
  });
});

describe('sanitiseSettingsStore', () => {
  it('is null for things that are not a settings store', () => {
    for (const raw of [null, undefined, 3, 'x', [], {}, { _timestamp: 'yesterday' }]) {
      expect(sanitiseSettingsStore(raw)).toBeNull();
    }
  });

  it('reinitialises preferences of the wrong type and keeps the well-typed ones', () => {
    const store = sanitiseSettingsStore({
      _timestamp: 50,
      _version: 1,
      _user: 'alice',
      _journal: [],
      flagStorage: { updateCounter: 'two', reset: 0, seenTour: 3, broken: null },
      prefsStorage: {
        simple: { collapseNav: 'yes', dontShowUpdateNotifs: true, fontScale: 2, label: 'x' },
        collections: { pinnedNavItems: 'home', favouriteColours: ['red'], bad: { a: 1 } },
      },
    });
    expect(store).not.toBeNull();
    expect(store?.prefsStorage.simple).toEqual({
      collapseNav: false,
      dontShowUpdateNotifs: true,
      fontScale: 2,
    });
    expect(store?.prefsStorage.collections).toEqual({
      pinnedNavItems: ['home', 'dms', 'chats'],
      favouriteColours: ['red'],
    });
    expect(store?.flagStorage).toEqual({ updateCounter: 0, reset: 0, seenTour: 3 });
  });

  it('drops items of the wrong type from a known collection and duplicates', () => {
    const store = sanitiseSettingsStore({
      _timestamp: 1,
      prefsStorage: { collections: { pinnedNavItems: ['home', 4, null, 'home', 'about'] } },
    });
    expect(store?.prefsStorage.collections.pinnedNavItems).toEqual(['home', 'about']);
  });

  it('records well-typed values the journal does not explain, so a merge keeps them', () => {
    const store = sanitiseSettingsStore({
      _timestamp: 50,
      prefsStorage: { simple: { collapseNav: true } },
    });
    expect(store?._journal).toEqual([entry('simple.collapseNav', 'set', [true], 50)]);
    const merged = mergeSettingsStores(fresh(10), store);
    expect(merged?.prefsStorage.simple.collapseNav).toBe(true);
  });

  it('takes a missing preference from the journal rather than the default', () => {
    const store = sanitiseSettingsStore({
      _timestamp: 50,
      _journal: [entry('simple.collapseNav', 'set', [true], 40)],
      prefsStorage: {},
    });
    expect(store?.prefsStorage.simple.collapseNav).toBe(true);
    expect(store?._journal).toHaveLength(1);
  });

  it('ignores preference keys starting with an underscore', () => {
    const store = sanitiseSettingsStore({
      _timestamp: 1,
      prefsStorage: { simple: { _hidden: true }, collections: { _list: [] } },
    });
    expect(store?.prefsStorage).toEqual(defaultPrefs());
  });

  it('property: never throws, and what it returns is consistent and stable', () => {
    const nearMiss = fc.record(
      {
        _timestamp: fc.oneof(fc.integer(), fc.anything()),
        _version: fc.anything(),
        _user: fc.anything(),
        _journal: fc.oneof(fc.array(fc.oneof(arbEntry, fc.anything())), fc.anything()),
        flagStorage: fc.oneof(fc.dictionary(fc.string(), fc.oneof(fc.integer(), fc.anything()))),
        prefsStorage: fc.anything(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.anything({ withNullPrototype: true, withBoxedValues: true }), nearMiss),
        (raw) => {
          const store = sanitiseSettingsStore(raw);
          if (store === null) return;
          expect(replayJournal(store._journal)).toEqual(store.prefsStorage);
          expect(sanitiseSettingsStore(store)).toEqual(store);
          expect(store._version).toBe(1);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('mergeSettingsStores', () => {
  it('takes the other copy when one is missing', () => {
    const store = fresh();
    expect(mergeSettingsStores(null, store)).toBe(store);
    expect(mergeSettingsStores(store, null)).toBe(store);
    expect(mergeSettingsStores(null, null)).toBeNull();
  });

  it('does nothing for equal versions with identical content', () => {
    const local = setPreference(fresh(), 'simple.collapseNav', true, T0 + 1);
    const remote = structuredClone(local);
    expect(mergeSettingsStores(local, remote)).toBe(remote);
    expect(needsPush(local, remote)).toBe(false);
  });

  it('keeps the edits made on both devices', () => {
    const base = fresh(T0);
    const laptop = addToCollection(base, 'collections.pinnedNavItems', 'bookmarks', T0 + 10);
    const phone = setPreference(base, 'simple.collapseNav', true, T0 + 20);
    const merged = mergeSettingsStores(laptop, phone);
    expect(merged?.prefsStorage.simple.collapseNav).toBe(true);
    expect(merged?.prefsStorage.collections.pinnedNavItems).toEqual([
      'home',
      'dms',
      'chats',
      'bookmarks',
    ]);
    expect(merged?._journal).toEqual([...laptop._journal, ...phone._journal]);
    expect(merged?._timestamp).toBe(T0 + 20);
  });

  it('resolves conflicting edits of one preference by the later edit, not the newer copy', () => {
    const base = fresh(T0);
    const early = setPreference(base, 'simple.collapseNav', true, T0 + 10);
    const later = setFlag(
      setPreference(base, 'simple.collapseNav', false, T0 + 5),
      'updateCounter',
      1,
      T0 + 30,
    );
    const merged = mergeSettingsStores(early, later);
    expect(merged?.prefsStorage.simple.collapseNav).toBe(true);
    expect(merged?._timestamp).toBe(T0 + 30);
  });

  it('deduplicates identical journal entries', () => {
    const shared = setPreference(fresh(), 'simple.collapseNav', true, T0 + 1);
    const a = addToCollection(shared, 'collections.pinnedNavItems', 'about', T0 + 2);
    const b = addToCollection(shared, 'collections.pinnedNavItems', 'public', T0 + 3);
    const merged = mergeSettingsStores(a, b);
    expect(merged?._journal.filter((e) => e.path === 'simple.collapseNav')).toHaveLength(1);
    expect(merged?._journal).toHaveLength(3);
  });

  it('takes each flag at its larger value', () => {
    const a = withFlags(fresh(T0 + 50), { updateCounter: 2, tourSeen: 1 });
    const b = withFlags(fresh(T0), { updateCounter: 5, reset: 1001 });
    expect(mergeSettingsStores(a, b)?.flagStorage).toEqual({
      updateCounter: 5,
      reset: 1001,
      tourSeen: 1,
    });
  });

  it('never merges a copy that belongs to another account into the server copy', () => {
    const mine = setPreference(fresh(), 'simple.collapseNav', true, T0 + 1);
    const theirs = defaultSettingsStore('bob', T0 + 100, OLD_ACCOUNT);
    expect(mergeSettingsStores(mine, theirs)).toBe(theirs);
  });

  it('property: merging A into B and B into A gives the same store when timestamps differ', () => {
    fc.assert(
      fc.property(arbStore, arbStore, (a, b) => {
        const ab = mergeSettingsStores(a, b);
        const ba = mergeSettingsStores(b, a);
        expect(ab?.prefsStorage).toEqual(ba?.prefsStorage);
        expect(ab?._journal).toEqual(ba?._journal);
        expect(ab?.flagStorage).toEqual(ba?.flagStorage);
        if (a._timestamp !== b._timestamp) expect(ab).toEqual(ba);
      }),
    );
  });

  it('property: the merge is deterministic, consistent and idempotent', () => {
    fc.assert(
      fc.property(arbStore, arbStore, (a, b) => {
        const merged = mergeSettingsStores(a, b) as SettingsStore;
        expect(mergeSettingsStores(a, b)).toEqual(merged);
        expect(replayJournal(merged._journal)).toEqual(merged.prefsStorage);
        expect(mergeSettingsStores(merged, b)?.prefsStorage).toEqual(merged.prefsStorage);
        expect(mergeSettingsStores(a, merged)?.prefsStorage).toEqual(merged.prefsStorage);
        expect(merged._timestamp).toBe(Math.max(a._timestamp, b._timestamp));
      }),
    );
  });

  it('property: the merged journal is sorted, free of duplicates, and holds every entry', () => {
    fc.assert(
      fc.property(arbStore, arbStore, (a, b) => {
        const journal = (mergeSettingsStores(a, b) as SettingsStore)._journal;
        const keys = journal.map((e) => JSON.stringify(e));
        expect(new Set(keys).size).toBe(keys.length);
        for (let i = 1; i < journal.length; i += 1) {
          expect(journal[i - 1]!.timestamp).toBeLessThanOrEqual(journal[i]!.timestamp);
        }
        for (const e of [...a._journal, ...b._journal]) expect(journal).toContainEqual(e);
      }),
    );
  });
});

describe('applyResetFlag', () => {
  const flagged = (reset: number) =>
    withFlags(fresh(), { updateCounter: 4, reset, unknownFlag: 7 });

  it('0 is the resting value: nothing happens', () => {
    const store = flagged(0);
    expect(applyResetFlag(store)).toBe(store);
  });

  it('1000 trims: flags this client does not know are removed, known ones keep their values', () => {
    expect(applyResetFlag(flagged(1000)).flagStorage).toEqual({ updateCounter: 4, reset: 0 });
  });

  it('1001 trims and also resets the remaining flags to 0', () => {
    expect(applyResetFlag(flagged(1001)).flagStorage).toEqual({ updateCounter: 0, reset: 0 });
  });

  it('any other value from 1 to 8999 resets all flags, known or not, to 0', () => {
    for (const reset of [1, 999, 1002, 8999]) {
      expect(applyResetFlag(flagged(reset)).flagStorage, String(reset)).toEqual({
        updateCounter: 0,
        reset: 0,
        unknownFlag: 0,
      });
    }
  });

  it('9000 and above are not commands: nothing happens', () => {
    for (const reset of [9000, 9001, 123456]) {
      const store = flagged(reset);
      expect(applyResetFlag(store)).toBe(store);
    }
  });

  it('negative values are not commands either', () => {
    const store = flagged(-5);
    expect(applyResetFlag(store)).toBe(store);
  });

  it('leaves preferences and the journal alone', () => {
    const store = withFlags(setPreference(fresh(), 'simple.collapseNav', true, T0 + 1), {
      reset: 1001,
    });
    const reset = applyResetFlag(store);
    expect(reset.prefsStorage).toBe(store.prefsStorage);
    expect(reset._journal).toBe(store._journal);
  });
});

describe('reconcileOnLoad', () => {
  const options = { user: 'alice', now: T0, userCreatedAt: '2023-01-01T00:00:00Z' };

  it('starts from the defaults (new account: updateCounter 1) and pushes them', () => {
    const result = reconcileOnLoad({ ...options, localRaw: null, remoteRaw: undefined });
    expect(result.store).toEqual(defaultSettingsStore('alice', T0, options.userCreatedAt));
    expect(result.push).toBe(true);
  });

  it('uses the server copy as is when it matches the cache, with nothing to push', () => {
    const remote = setPreference(fresh(), 'simple.collapseNav', true, T0 + 1);
    const result = reconcileOnLoad({ ...options, localRaw: remote, remoteRaw: remote });
    expect(result.store).toEqual(remote);
    expect(result.push).toBe(false);
  });

  it('obeys a reset command found on the server and writes the result back', () => {
    const remote = withFlags(fresh(), { updateCounter: 3, reset: 1001 });
    const result = reconcileOnLoad({ ...options, localRaw: null, remoteRaw: remote });
    expect(result.store.flagStorage).toEqual({ updateCounter: 0, reset: 0 });
    expect(result.push).toBe(true);
  });

  it('ignores a cached copy left by another account', () => {
    const bobs = setPreference(
      defaultSettingsStore('bob', T0, OLD_ACCOUNT),
      'simple.collapseNav',
      true,
      T0 + 1,
    );
    const result = reconcileOnLoad({ ...options, localRaw: bobs, remoteRaw: null });
    expect(result.store._user).toBe('alice');
    expect(result.store.prefsStorage.simple.collapseNav).toBe(false);
  });

  it('merges a cached local edit into the server copy and pushes the result', () => {
    const server = setPreference(fresh(), 'simple.collapseNav', true, T0 + 1);
    const cache = addToCollection(fresh(), 'collections.pinnedNavItems', 'about', T0 + 2);
    const result = reconcileOnLoad({ ...options, localRaw: cache, remoteRaw: server });
    expect(result.store.prefsStorage.simple.collapseNav).toBe(true);
    expect(result.store.prefsStorage.collections.pinnedNavItems).toContain('about');
    expect(result.push).toBe(true);
  });
});
