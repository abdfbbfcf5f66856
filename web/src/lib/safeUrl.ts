/**
 * Checks for server-supplied addresses before they become links or images. A server (or a remote
 * account federated through it) controls these strings, so only web addresses pass: nothing that
 * runs script (javascript:, vbscript:), embeds content (data:) or leaves the site while looking
 * like a path (`//host`, `/\host`: browsers read a backslash as a slash).
 */

// Browsers ignore these characters inside a URL scheme ("java\tscript:"), so the check must too.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const IGNORED_IN_URLS = /[\u0000-\u0020\u007f-\u009f]/g;
const HTTP = /^https?:\/\/[^/\\]/i;
/** A path on this site: one slash, then anything but a second slash or a backslash. */
const SAME_SITE_PATH = /^\/(?![/\\])/;

const clean = (url: string) => url.replace(IGNORED_IN_URLS, '');

/** An absolute http(s) address, or null. For links that leave the site and for avatars/headers. */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const cleaned = clean(url);
  return HTTP.test(cleaned) ? cleaned : null;
}

/** Whether an address is a path on this site (not `//host` or `/\host`). */
export function isSameSitePath(url: string): boolean {
  return SAME_SITE_PATH.test(clean(url));
}

/** An image or media source: http(s), a path on this site or a blob: of this page. */
export function safeMediaUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const cleaned = clean(url);
  if (HTTP.test(cleaned) || SAME_SITE_PATH.test(cleaned) || /^blob:/i.test(cleaned)) return cleaned;
  return null;
}

/** A link inside rich text: http(s), mailto: or a path on this site. */
export function safeLinkUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const cleaned = clean(url);
  if (HTTP.test(cleaned) || SAME_SITE_PATH.test(cleaned) || /^mailto:/i.test(cleaned)) {
    return cleaned;
  }
  return null;
}

/**
 * A CSS `background-image` value for a server-supplied picture (a profile banner), or null. Only
 * http(s) addresses pass, as for avatars; the address is percent-encoded so no quote or
 * parenthesis in it can end the `url("...")` early.
 */
export function cssImageUrl(url: string | null | undefined): string | null {
  const safe = safeHttpUrl(url);
  return safe ? `url("${encodeURI(safe).replace(/[()'"]/g, escapeForCss)}")` : null;
}

const escapeForCss = (character: string) =>
  `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
