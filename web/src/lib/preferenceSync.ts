import type { PrefsStorage } from './settingsStoreShape.ts';

/**
 * How a user preference travels in the server-side settings store (spec part 1, §4). The store
 * holds only numbers and booleans under `simple` and arrays under `collections`, so:
 * - a boolean or number preference that cannot be null is `simple.<key>`;
 * - an array preference (mute words) is `collections.<key>` itself;
 * - any other preference (a string, or a value that may be null) is `collections.<key>` holding
 *   one element, or none for null.
 * Reading back, a stored value of the wrong shape is reinitialised to the default.
 */

export type PreferenceRules<P> = {
  defaults: P;
  valid: { [K in keyof P]: (value: unknown) => boolean };
  /** Preferences that stay in this browser (e.g. the last timeline visited). */
  localOnly: readonly (keyof P)[];
};

export type PreferenceEncoding =
  | { kind: 'simple'; path: string }
  | { kind: 'array'; path: string }
  | { kind: 'boxed'; path: string };

export function preferenceEncoding<P>(rules: PreferenceRules<P>, key: keyof P): PreferenceEncoding {
  const name = String(key);
  const fallback: unknown = rules.defaults[key];
  if (Array.isArray(fallback)) return { kind: 'array', path: `collections.${name}` };
  const scalar = typeof fallback === 'boolean' || typeof fallback === 'number';
  if (scalar && !rules.valid[key](null)) return { kind: 'simple', path: `simple.${name}` };
  return { kind: 'boxed', path: `collections.${name}` };
}

export function syncedPreferenceKeys<P>(rules: PreferenceRules<P>): (keyof P)[] {
  return (Object.keys(rules.defaults as object) as (keyof P)[]).filter(
    (key) => !rules.localOnly.includes(key),
  );
}

/** The store path and the value to `set` there for one preference value. */
export function encodePreference<P, K extends keyof P>(
  rules: PreferenceRules<P>,
  key: K,
  value: P[K],
): { path: string; value: unknown } {
  const encoding = preferenceEncoding(rules, key);
  if (encoding.kind === 'simple') return { path: encoding.path, value };
  if (encoding.kind === 'array') return { path: encoding.path, value: [...(value as unknown[])] };
  return { path: encoding.path, value: value === null ? [] : [value] };
}

function storedValue(prefs: PrefsStorage, encoding: PreferenceEncoding): unknown {
  const [kind, name] = encoding.path.split('.') as ['simple' | 'collections', string];
  const bucket = prefs[kind] as Record<string, unknown>;
  return Object.hasOwn(bucket, name) ? bucket[name] : undefined;
}

/**
 * The preferences the store holds. Keys the store never saw are left out (the browser keeps
 * its own value); a key holding a value of the wrong type comes back as its default.
 */
export function decodePreferences<P>(rules: PreferenceRules<P>, prefs: PrefsStorage): Partial<P> {
  const out: Partial<P> = {};
  for (const key of syncedPreferenceKeys(rules)) {
    const encoding = preferenceEncoding(rules, key);
    const raw = storedValue(prefs, encoding);
    if (raw === undefined) continue;
    let value: unknown = raw;
    if (encoding.kind === 'boxed') {
      value =
        Array.isArray(raw) && raw.length <= 1 ? (raw.length === 0 ? null : raw[0]) : undefined;
    }
    out[key] = (rules.valid[key](value) ? value : rules.defaults[key]) as P[keyof P];
  }
  return out;
}

/** True when the store already holds `value` for `key` (so no edit is needed). */
export function storeHolds<P, K extends keyof P>(
  rules: PreferenceRules<P>,
  prefs: PrefsStorage,
  key: K,
  value: P[K],
): boolean {
  const { path, value: encoded } = encodePreference(rules, key, value);
  const raw = storedValue(prefs, { kind: 'simple', path });
  return JSON.stringify(raw) === JSON.stringify(encoded);
}
