import type { Database } from 'better-sqlite3';
import { findAccountByAcct } from './accounts.ts';
import { insertStatus, type CreatedStatus, type StatusRow, type Visibility } from './statuses.ts';
import type { FormattedText, MentionTarget } from '../views/text.ts';
import { DEFAULT_POST_FORMAT, formatPost, type PostFormat } from '../views/formats/index.ts';
import { ORIGIN_MARKER } from '../views/html.ts';

/**
 * Formats text in a post format (plain text unless told), resolving @mentions among known
 * accounts (local `nick`, or `nick@domain`).
 */
export function formatWithMentions(
  db: Database,
  text: string,
  localHost: string,
  format: PostFormat = DEFAULT_POST_FORMAT,
): FormattedText {
  return formatPost(text, format, (acct): MentionTarget | undefined => {
    const account = findAccountByAcct(db, acct, localHost);
    if (!account) return undefined;
    return {
      id: account.id,
      nickname: account.nickname,
      acct: account.domain ? `${account.nickname}@${account.domain}` : account.nickname,
      url: account.local ? `${ORIGIN_MARKER}/users/${account.nickname}` : (account.ap_id ?? ''),
    };
  });
}

export interface ComposeInput {
  accountId: string;
  text: string;
  spoilerText?: string;
  sensitive?: boolean;
  visibility: Visibility;
  /** The post format of `text`; plain text when absent. */
  contentType?: PostFormat;
  inReplyTo?: StatusRow | null;
  appName?: string | null;
  appWebsite?: string | null;
  createdAt?: string;
  id?: string;
}

/** Creates a status from its source text; a reply also addresses the author of the parent (as Pleroma does). */
export function composeStatus(db: Database, input: ComposeInput, localHost: string): CreatedStatus {
  const contentType = input.contentType ?? DEFAULT_POST_FORMAT;
  const formatted = formatWithMentions(db, input.text, localHost, contentType);
  const mentionIds = formatted.mentions.map((m) => m.id);
  if (input.inReplyTo && input.inReplyTo.account_id !== input.accountId)
    mentionIds.push(input.inReplyTo.account_id);
  return insertStatus(db, {
    accountId: input.accountId,
    contentSource: input.text,
    contentHtml: formatted.html,
    contentType,
    spoilerText: input.spoilerText ?? '',
    sensitive: input.sensitive ?? false,
    visibility: input.visibility,
    inReplyTo: input.inReplyTo ?? null,
    mentionIds,
    tags: formatted.tags,
    appName: input.appName ?? null,
    appWebsite: input.appWebsite ?? null,
    createdAt: input.createdAt,
    id: input.id,
  });
}
