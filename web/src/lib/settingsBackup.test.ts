import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, PREFERENCE_RULES } from '../state/preferences.ts';
import {
  readSettingsBackup,
  settingsBackupText,
  SETTINGS_BACKUP_VERSION,
} from './settingsBackup.ts';

const withVersion = (major: number, minor: number, preferences: object = { hideNsfw: false }) =>
  JSON.stringify({ kind: 'starling-settings', version: { major, minor }, preferences });

describe('settings backup files', () => {
  it('round-trips the preferences, leaving out the last timeline', () => {
    const preferences = {
      ...DEFAULT_PREFERENCES,
      hideNsfw: false,
      muteWords: ['x'],
      lastTimeline: 'dms',
    };
    const text = settingsBackupText(preferences, PREFERENCE_RULES);
    const read = readSettingsBackup(text, PREFERENCE_RULES);
    expect(read.ok && read.warning).toBeNull();
    if (!read.ok) throw new Error('refused');
    expect(read.preferences.hideNsfw).toBe(false);
    expect(read.preferences.muteWords).toEqual(['x']);
    expect('lastTimeline' in read.preferences).toBe(false);
  });

  it('refuses a newer or an older major version', () => {
    const { major } = SETTINGS_BACKUP_VERSION;
    expect(readSettingsBackup(withVersion(major + 1, 0), PREFERENCE_RULES)).toEqual({
      ok: false,
      reason: 'too-new',
    });
    expect(readSettingsBackup(withVersion(major - 1, 0), PREFERENCE_RULES)).toEqual({
      ok: false,
      reason: 'too-old',
    });
  });

  it('loads another minor version with a warning, skipping what it does not know', () => {
    const read = readSettingsBackup(
      withVersion(SETTINGS_BACKUP_VERSION.major, 7, {
        hideNsfw: false,
        futureThing: 1,
        maxThumbnails: 'x',
      }),
      PREFERENCE_RULES,
    );
    expect(read).toEqual({ ok: true, preferences: { hideNsfw: false }, warning: 'minor-version' });
  });

  it('rejects files it cannot read', () => {
    for (const text of [
      'not json',
      '[]',
      '{}',
      withVersion(1.5, 0),
      JSON.stringify({
        kind: 'starling-settings',
        version: { major: 1, minor: 0 },
        preferences: [],
      }),
    ]) {
      expect(readSettingsBackup(text, PREFERENCE_RULES)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});
