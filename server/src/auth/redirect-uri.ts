export const OOB_REDIRECT_URI = 'urn:ietf:wg:oauth:2.0:oob';

/** Schemes that would run or embed content instead of handing the code to an app. */
const REFUSED_SCHEMES = new Set([
  'javascript:',
  'data:',
  'vbscript:',
  'file:',
  'blob:',
  'about:',
  'filesystem:',
  'view-source:',
]);

/**
 * An OAuth redirect URI an app may register: an http(s) URL, a custom app scheme
 * (`com.example.app:/callback`, `myapp://oauth`) or the out-of-band URN. Nothing that a browser
 * would run or render itself.
 */
export function isAllowedRedirectUri(value: string): boolean {
  if (value === OOB_REDIRECT_URI) return true;
  if ([...value].some((c) => c.charCodeAt(0) <= 0x20)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const scheme = url.protocol.toLowerCase();
  if (scheme === 'http:' || scheme === 'https:') return url.hostname !== '';
  if (REFUSED_SCHEMES.has(scheme) || scheme.startsWith('urn:')) return false;
  return /^[a-z][a-z0-9+.-]*:$/.test(scheme);
}

/** Registered redirect URIs are separated by white space (Mastodon: one per line). */
export function splitRedirectUris(value: string): string[] {
  return value.split(/\s+/).filter(Boolean);
}
