/** OAuth scopes: a parent scope (`read`) grants its children (`read:statuses`, `read:statuses:x`). */

export const TOP_LEVEL_SCOPES = ['read', 'write', 'follow', 'push', 'admin'] as const;
const SCOPE_PATTERN = /^(read|write|follow|push|admin)(:[a-z_]+)*$/;

/** Mastodon's legacy `follow` scope grants these. */
const FOLLOW_GRANTS = new Set([
  'read:follows',
  'write:follows',
  'read:blocks',
  'write:blocks',
  'read:mutes',
  'write:mutes',
]);

export function parseScopes(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => parseScopes(v));
  if (typeof value !== 'string') return [];
  return [...new Set(value.split(/[\s+]+/).filter((s) => s.length > 0))];
}

export function isValidScope(scope: string): boolean {
  return SCOPE_PATTERN.test(scope);
}

/** Whether the granted scopes cover one required scope. */
export function scopeGranted(granted: readonly string[], required: string): boolean {
  for (const scope of granted) {
    if (scope === required || required.startsWith(scope + ':')) return true;
    if (scope === 'follow' && FOLLOW_GRANTS.has(required)) return true;
  }
  return false;
}

/** Requirement satisfied when any of the alternatives is granted (e.g. ['write:follows', 'follow']). */
export function anyScopeGranted(
  granted: readonly string[],
  alternatives: readonly string[],
): boolean {
  return alternatives.some((required) => scopeGranted(granted, required));
}

/** Scopes asked for must all be covered by what the app registered. */
export function scopesWithin(requested: readonly string[], allowed: readonly string[]): boolean {
  return requested.every((scope) => scopeGranted(allowed, scope));
}
