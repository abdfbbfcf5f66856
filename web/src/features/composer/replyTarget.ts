import type { StoredStatus } from '../../state/entities.ts';
import type { ReplyTarget } from './composerFields.ts';

/** What the composer needs of the post being answered. */
export function replyTargetOf(status: StoredStatus, authorAcct: string): ReplyTarget {
  return {
    id: status.id,
    visibility: status.visibility,
    spoilerText: status.spoilerText,
    authorAcct,
    mentionAccts: status.mentions.map((mention) => mention.acct),
  };
}
