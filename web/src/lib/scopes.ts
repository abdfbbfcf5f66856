/**
 * Visibility scopes the composer offers and picks (spec part 2, §4 Visibility scopes). Pure: the
 * composer passes the original post's scope, the user's default and the scope preferences.
 */

export type PostScope = 'public' | 'unlisted' | 'private' | 'direct';

/** From widest to narrowest audience: the order the scope selector shows them in. */
export const POST_SCOPES: readonly PostScope[] = ['public', 'unlisted', 'private', 'direct'];

export function isPostScope(value: unknown): value is PostScope {
  return typeof value === 'string' && (POST_SCOPES as readonly string[]).includes(value);
}

/**
 * The scope a new composer starts with: a reply keeps the original's scope when the copy-scope
 * preference is on or the original is direct (a private conversation must stay private);
 * everything else starts with the user's default scope.
 */
export function initialScope(o: {
  replyTo?: PostScope | null;
  copyScope: boolean;
  userDefault: PostScope;
}): PostScope {
  const original = o.replyTo ?? null;
  if (original !== null && (o.copyScope || original === 'direct')) return original;
  return o.userDefault;
}

/**
 * The scopes the selector shows. Replying to a direct post offers only direct. Minimal scope mode
 * trims the list to the scopes that matter here: the current one, the original's, the user's
 * default, and direct.
 */
export function offeredScopes(o: {
  replyTo?: PostScope | null;
  current: PostScope;
  userDefault: PostScope;
  minimalScopesMode: boolean;
}): PostScope[] {
  if (o.replyTo === 'direct') return ['direct'];
  if (!o.minimalScopesMode) return [...POST_SCOPES];
  const wanted = new Set<PostScope>([o.current, o.userDefault, 'direct']);
  if (o.replyTo) wanted.add(o.replyTo);
  return POST_SCOPES.filter((scope) => wanted.has(scope));
}

/** A server visibility as a scope one can post with; list, local and unknown ones fall back. */
export function toPostScope(v: string | null | undefined, fallback: PostScope): PostScope {
  return isPostScope(v) ? v : fallback;
}
