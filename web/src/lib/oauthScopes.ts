/**
 * The OAuth scopes Starling asks for (issue 10, spec part 1 §6). Servers that are not Pleroma
 * refuse an app or an authorize request naming a scope they do not know, so `admin` is asked for
 * only where it exists: on Pleroma and Akkoma, or when the server lists admin scopes itself
 * (Mastodon's /.well-known/oauth-authorization-server `scopes_supported`).
 */

import type { ServerFlavour } from '../api/types.ts';

export const STANDARD_SCOPES: readonly string[] = ['read', 'write', 'follow', 'push'];
/** Pleroma's single admin scope, and the granular ones other servers may list. */
export const ADMIN_SCOPES: readonly string[] = ['admin', 'admin:read', 'admin:write'];
const PLEROMA_FLAVOURS: readonly ServerFlavour[] = ['pleroma', 'akkoma'];

export interface ScopeInputs {
  /** What start-up learned of the server; null while nothing is known. */
  flavour: ServerFlavour | null;
  /** The scopes the server lists, when it publishes such a list. */
  listedScopes?: readonly string[] | null;
}

/** The scopes to register the app with and to ask in every grant, space-separated. */
export function chooseOAuthScopes({ flavour, listedScopes }: ScopeInputs): string {
  const listed = listedScopes && listedScopes.length > 0 ? new Set(listedScopes) : null;
  // A published list is the server's word; without one, the standard four are safe everywhere.
  const standard = listed ? STANDARD_SCOPES.filter((s) => listed.has(s)) : [...STANDARD_SCOPES];
  let admin: string[] = [];
  if (flavour !== null && PLEROMA_FLAVOURS.includes(flavour)) admin = ['admin'];
  else if (listed) admin = ADMIN_SCOPES.filter((s) => listed.has(s));
  const scopes = [...standard, ...admin];
  return (scopes.length ? scopes : STANDARD_SCOPES).join(' ');
}

/** Whether two scope strings ask for the same set (order and spacing aside). */
export function sameScopes(a: string, b: string): boolean {
  const set = (s: string) => [...new Set(s.split(/\s+/).filter(Boolean))].sort().join(' ');
  return set(a) === set(b);
}
