import type { PreferenceRules } from './preferenceSync.ts';

/**
 * The settings backup file (spec part 2, §3 and §4): the user's preferences with a major and a
 * minor version. Importing refuses another major version (newer or older: the meaning of the
 * preferences changed), loads another minor version with a warning (preferences were only added
 * or removed; unknown ones are ignored) and rejects a file it cannot read without changing
 * anything.
 */

export const SETTINGS_BACKUP_VERSION = { major: 1, minor: 0 } as const;
export const SETTINGS_BACKUP_KIND = 'starling-settings';

export interface SettingsBackupVersion {
  major: number;
  minor: number;
}

export type SettingsBackupResult<P> =
  | { ok: true; preferences: Partial<P>; warning: 'minor-version' | null }
  | { ok: false; reason: 'invalid' | 'too-new' | 'too-old' };

export function settingsBackupText<P extends object>(
  preferences: P,
  rules: PreferenceRules<P>,
  version: SettingsBackupVersion = SETTINGS_BACKUP_VERSION,
): string {
  const saved: Record<string, unknown> = {};
  for (const key of Object.keys(rules.defaults) as (keyof P)[]) {
    if (!rules.localOnly.includes(key)) saved[String(key)] = preferences[key];
  }
  return `${JSON.stringify({ kind: SETTINGS_BACKUP_KIND, version, preferences: saved }, null, 2)}\n`;
}

const isVersionNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

export function readSettingsBackup<P>(
  text: string,
  rules: PreferenceRules<P>,
  current: SettingsBackupVersion = SETTINGS_BACKUP_VERSION,
): SettingsBackupResult<P> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data))
    return { ok: false, reason: 'invalid' };
  const { kind, version, preferences } = data as Record<string, unknown>;
  const { major, minor } = (version ?? {}) as Record<string, unknown>;
  if (kind !== SETTINGS_BACKUP_KIND || !isVersionNumber(major) || !isVersionNumber(minor)) {
    return { ok: false, reason: 'invalid' };
  }
  if (major > current.major) return { ok: false, reason: 'too-new' };
  if (major < current.major) return { ok: false, reason: 'too-old' };
  if (!preferences || typeof preferences !== 'object' || Array.isArray(preferences)) {
    return { ok: false, reason: 'invalid' };
  }
  const values = preferences as Record<string, unknown>;
  const out: Partial<P> = {};
  for (const key of Object.keys(rules.defaults as object) as (keyof P)[]) {
    const name = String(key);
    if (rules.localOnly.includes(key) || !Object.hasOwn(values, name)) continue;
    if (rules.valid[key](values[name])) out[key] = values[name] as P[keyof P];
  }
  return { ok: true, preferences: out, warning: minor === current.minor ? null : 'minor-version' };
}
