import { describe, expect, it } from 'vitest';
import { decodePreferences, encodePreference } from '../../lib/preferenceSync.ts';
import { defaultPrefs, defaultSettingsStore } from '../../lib/settingsStoreShape.ts';
import { setPreference } from '../../lib/settingsStore.ts';
import { PREFERENCE_RULES } from '../../state/preferences.ts';

describe('the chosen theme in the settings that follow the user', () => {
  it('travels through the server-side settings store: name, own theme and widths', () => {
    const own = {
      themeEngineVersion: 3,
      colors: { bg: '#ffffff', text: '#111111' },
      shadows: { popup: [{ x: 0, y: 1, blur: 2, spread: 0, color: '#000000', alpha: 0.5 }] },
    };
    let store = defaultSettingsStore('carol', 1, '2024-01-01');
    for (const [key, value] of [
      ['theme', 'pleroma-light'],
      ['customTheme', own],
      ['sidebarColumnWidth', '30rem'],
    ] as const) {
      const { path, value: stored } = encodePreference(PREFERENCE_RULES, key, value as never);
      store = setPreference(store, path, stored, 2);
    }
    expect(decodePreferences(PREFERENCE_RULES, store.prefsStorage)).toMatchObject({
      theme: 'pleroma-light',
      customTheme: own,
      sidebarColumnWidth: '30rem',
    });
  });

  it('a width of the wrong shape comes back as the default', () => {
    const prefs = defaultPrefs();
    prefs.collections.contentColumnWidth = ['wide please'];
    expect(decodePreferences(PREFERENCE_RULES, prefs).contentColumnWidth).toBe('45rem');
  });
});
