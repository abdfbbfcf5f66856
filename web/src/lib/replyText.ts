import type { SubjectLineBehavior } from '../state/preferences.ts';

/** What a reply needs to know of the post it answers. */
export interface ReplyOriginal {
  authorAcct: string;
  mentionAccts: readonly string[];
  spoilerText: string;
}

/** The post a composer answers: its id and scope besides what the reply text needs. */
export interface ReplyTarget extends ReplyOriginal {
  id: string;
  visibility: string;
}

/**
 * The text a reply starts with: the original's author and everyone it mentioned, each once, never
 * the replying user, followed by a space so typing can start at once.
 */
export function replyMentions(original: ReplyOriginal, ownAcct: string): string {
  const seen = new Set<string>([ownAcct.toLowerCase()]);
  const accts: string[] = [];
  for (const acct of [original.authorAcct, ...original.mentionAccts]) {
    const key = acct.toLowerCase();
    if (!acct || seen.has(key)) continue;
    seen.add(key);
    accts.push(`@${acct}`);
  }
  return accts.length ? `${accts.join(' ')} ` : '';
}

const REPLY_PREFIX = /^re:/i;

/** A reply's subject per the subject-line preference: none, the original's, or "re: " plus it. */
export function replySubject(spoilerText: string, behavior: SubjectLineBehavior): string {
  if (!spoilerText || behavior === 'noop') return '';
  if (behavior === 'masto' || REPLY_PREFIX.test(spoilerText)) return spoilerText;
  return `re: ${spoilerText}`;
}
