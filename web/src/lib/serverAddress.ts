/**
 * Accounts on other servers (issue 26): what a typed server address means, and where a request
 * goes. Pure rules; the page's origin is passed in.
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a host name is this machine's, the only place plain http is accepted. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}

/**
 * The origin a typed server address names: `social.example`, `https://social.example/@alice`,
 * `@alice@social.example` or `alice@social.example` all give `https://social.example`. A bare
 * name means https; plain http is taken only for this machine (a local test instance). Anything
 * that is not a plain web server address (credentials, other schemes, no dot and not
 * localhost) gives null.
 */
export function serverOriginFrom(typed: string): string | null {
  let text = typed.trim();
  if (!text || /\s/.test(text)) return null;
  // A handle: the server is what follows the last @.
  if (!/^[a-z][a-z\d+.-]*:\/\//i.test(text) && text.includes('@')) {
    text = text.slice(text.lastIndexOf('@') + 1);
  }
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname)))
    return null;
  const host = url.hostname;
  if (!host || (!host.includes('.') && !isLoopbackHost(host))) return null;
  if (host.startsWith('.') || host.endsWith('.')) return null;
  return url.origin;
}

/**
 * Where the page's API requests go: '' (paths on the page's own origin) when the active
 * account's server is the page's, or none is recorded; that server's origin otherwise.
 */
export function apiBaseFor(accountServer: string | null | undefined, pageOrigin: string): string {
  if (!accountServer) return '';
  let origin: string;
  try {
    origin = new URL(accountServer).origin;
  } catch {
    return '';
  }
  return origin === pageOrigin ? '' : origin;
}

/** The host a request base reaches: the page's own host for ''. */
export function hostOfBase(base: string, pageHost: string): string {
  if (!base) return pageHost;
  try {
    return new URL(base).host;
  } catch {
    return pageHost;
  }
}
