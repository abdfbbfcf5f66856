import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, PREFERENCE_RULES } from '../state/preferences.ts';
import {
  decodePreferences,
  encodePreference,
  preferenceEncoding,
  storeHolds,
  syncedPreferenceKeys,
} from './preferenceSync.ts';
import { defaultSettingsStore, replayJournal, setPreference } from './settingsStore.ts';

const prefsWith = (simple: Record<string, unknown>, collections: Record<string, unknown> = {}) =>
  ({
    simple: { dontShowUpdateNotifs: false, collapseNav: false, ...simple },
    collections: { pinnedNavItems: ['home'], ...collections },
  }) as never;

describe('preferences in the settings store', () => {
  it('keeps booleans and numbers simple, and boxes strings and nullable values in collections', () => {
    expect(preferenceEncoding(PREFERENCE_RULES, 'hideNsfw')).toEqual({
      kind: 'simple',
      path: 'simple.hideNsfw',
    });
    expect(preferenceEncoding(PREFERENCE_RULES, 'maxDepthInThread').kind).toBe('simple');
    expect(preferenceEncoding(PREFERENCE_RULES, 'maxThumbnails').kind).toBe('boxed');
    expect(preferenceEncoding(PREFERENCE_RULES, 'sidebarRight').kind).toBe('boxed');
    expect(preferenceEncoding(PREFERENCE_RULES, 'muteWords').kind).toBe('array');
    expect(encodePreference(PREFERENCE_RULES, 'subjectLineBehavior', 'masto')).toEqual({
      path: 'collections.subjectLineBehavior',
      value: ['masto'],
    });
    expect(encodePreference(PREFERENCE_RULES, 'maxThumbnails', null).value).toEqual([]);
  });

  it('never syncs the last timeline visited', () => {
    expect(syncedPreferenceKeys(PREFERENCE_RULES)).not.toContain('lastTimeline');
    expect(syncedPreferenceKeys(PREFERENCE_RULES)).toContain('stopGifs');
  });

  it('round-trips every synced preference through journal edits', () => {
    let store = defaultSettingsStore('alice', 1, 0);
    const changed = {
      hideNsfw: false,
      maxThumbnails: null,
      sidebarRight: true,
      muteWords: ['spoiler', 'crypto'],
      mentionLinkDisplay: 'full',
      interfaceLanguage: 'en',
      maxDepthInThread: 3,
      dontShowUpdateNotifs: true,
    } as const;
    for (const [key, value] of Object.entries(changed)) {
      const { path, value: encoded } = encodePreference(
        PREFERENCE_RULES,
        key as never,
        value as never,
      );
      store = setPreference(store, path, encoded, 2);
    }
    const decoded = decodePreferences(PREFERENCE_RULES, replayJournal(store._journal));
    expect(decoded).toEqual(changed);
    expect(
      storeHolds(PREFERENCE_RULES, store.prefsStorage, 'muteWords', ['spoiler', 'crypto']),
    ).toBe(true);
    expect(storeHolds(PREFERENCE_RULES, store.prefsStorage, 'hideNsfw', true)).toBe(false);
  });

  it('leaves out keys the store never saw', () => {
    const noUserPreferences = {
      simple: { collapseNav: true },
      collections: { pinnedNavItems: [] },
    };
    expect(decodePreferences(PREFERENCE_RULES, noUserPreferences as never)).toEqual({});
  });

  it('takes the store’s own dontShowUpdateNotifs, which every store holds, as the preference', () => {
    expect(decodePreferences(PREFERENCE_RULES, prefsWith({}))).toEqual({
      dontShowUpdateNotifs: false,
    });
    expect(decodePreferences(PREFERENCE_RULES, prefsWith({ dontShowUpdateNotifs: true }))).toEqual({
      dontShowUpdateNotifs: true,
    });
    expect(encodePreference(PREFERENCE_RULES, 'dontShowUpdateNotifs', true)).toEqual({
      path: 'simple.dontShowUpdateNotifs',
      value: true,
    });
  });

  it('reinitialises values of the wrong type to the default', () => {
    const decoded = decodePreferences(
      PREFERENCE_RULES,
      prefsWith(
        { maxDepthInThread: 0, hideNsfw: 1, dontShowUpdateNotifs: 'yes' },
        { replyVisibility: ['nobody'], thirdColumnMode: ['postform', 'none'], muteWords: [3] },
      ),
    );
    expect(decoded).toEqual({
      maxDepthInThread: DEFAULT_PREFERENCES.maxDepthInThread,
      hideNsfw: DEFAULT_PREFERENCES.hideNsfw,
      dontShowUpdateNotifs: false,
      replyVisibility: 'all',
      thirdColumnMode: 'notifications',
      muteWords: [],
    });
  });
});
