import type { MentionLinkDisplay } from '../state/preferences.ts';

/** What a mention link shows: the name, and the @domain part when one is shown. */
export interface MentionLinkText {
  name: string;
  /** The domain without its @, or null when the mention reads as a bare @name. */
  domain: string | null;
  /** The full handle, name@domain, for the tooltip. */
  handle: string;
}

export interface MentionTarget {
  username: string;
  /** name for local accounts, name@domain for remote ones. */
  acct: string;
  /** The profile URL; its host is the domain of a local account. */
  url: string;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

/** name and domain of "@name@domain", "name@domain" or "@name" (domain null). */
function splitHandle(text: string): { name: string; domain: string | null } {
  const bare = text.trim().replace(/^@/, '');
  const at = bare.indexOf('@');
  if (at <= 0) return { name: bare, domain: null };
  return { name: bare.slice(0, at), domain: bare.slice(at + 1) || null };
}

/**
 * How a mention reads (spec part 2, §3 mentionLinkDisplay): short is @name, full is
 * @name@domain (local accounts take the domain of their profile URL), default is what the
 * server wrote in the post.
 */
export function mentionLinkText(
  target: MentionTarget,
  display: MentionLinkDisplay,
  serverText: string,
): MentionLinkText {
  const fromAcct = splitHandle(target.acct || target.username);
  const name = target.username || fromAcct.name;
  const domain = fromAcct.domain ?? hostOf(target.url);
  const handle = domain ? `${name}@${domain}` : name;
  if (display === 'short') return { name, domain: null, handle };
  if (display === 'full') return { name, domain, handle };
  const written = splitHandle(serverText);
  return { name: written.name || name, domain: written.domain, handle };
}
