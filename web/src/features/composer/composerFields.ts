import { replyMentions, replySubject, type ReplyTarget } from '../../lib/replyText.ts';
import { initialScope, toPostScope, type PostScope } from '../../lib/scopes.ts';
import type { DraftFields } from '../../state/drafts.ts';
import type { SubjectLineBehavior } from '../../state/preferences.ts';

/** Everything a person types or picks in the composer: what a draft keeps. */
export type ComposerFields = DraftFields;

export type { ReplyTarget };

export interface StartingPoint {
  replyTo: ReplyTarget | null;
  ownAcct: string;
  /** The account's default scope (its source.privacy). */
  defaultScope: string | null;
  accountSensitive: boolean;
  postFormats: readonly string[];
  instanceContentType: string;
  /** ?message= on the page: a prefilled text. */
  message?: string;
  preferences: {
    scopeCopy: boolean;
    postContentType: string;
    sensitiveByDefault: boolean;
    subjectLineBehavior: SubjectLineBehavior;
  };
}

/** The user's default scope as a scope one can post with. */
export const userDefaultScope = (defaultScope: string | null): PostScope =>
  toPostScope(defaultScope, 'public');

/** The format to start with: the preferred one when the instance accepts it, else its first. */
export function startingContentType(
  preferred: string,
  instanceDefault: string,
  formats: readonly string[],
): string {
  for (const candidate of [preferred, instanceDefault])
    if (candidate && formats.includes(candidate)) return candidate;
  return formats[0] ?? 'text/plain';
}

/** A fresh composer: for a reply, its scope, mentions and subject follow the original. */
export function freshFields(start: StartingPoint): ComposerFields {
  const { replyTo, preferences } = start;
  const userDefault = userDefaultScope(start.defaultScope);
  const visibility = initialScope({
    replyTo: replyTo ? toPostScope(replyTo.visibility, userDefault) : null,
    copyScope: preferences.scopeCopy,
    userDefault,
  });
  const mentions = replyTo ? replyMentions(replyTo, start.ownAcct) : '';
  return {
    text: mentions + (start.message ?? ''),
    spoilerText: replyTo ? replySubject(replyTo.spoilerText, preferences.subjectLineBehavior) : '',
    visibility,
    contentType: startingContentType(
      preferences.postContentType,
      start.instanceContentType,
      start.postFormats,
    ),
    sensitive: preferences.sensitiveByDefault || start.accountSensitive,
    poll: null,
    attachments: [],
    descriptions: {},
  };
}

/** After a successful post the draft clears, but scope and format stay as they were. */
export function clearedFields(after: ComposerFields, start: StartingPoint): ComposerFields {
  return {
    ...freshFields({ ...start, message: '' }),
    visibility: after.visibility,
    contentType: after.contentType,
  };
}
