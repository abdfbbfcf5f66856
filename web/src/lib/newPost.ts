/**
 * A new post (or reply) as the composer makes it: its parameters, and the descriptions saved
 * first. Pure; used by the composer's sender (features/composer/submitPost.ts) and by the outbox
 * when it writes the request the service worker may send without a page (issue 26).
 */
import type { Visibility } from '../api/types.ts';
import { pollPayload, type PollDraftState, type PollLimits } from './pollDraft.ts';
import { createStatusBody, type CreateStatusParams } from './statusBody.ts';

/** What of the composer a new post is made of. */
export interface PostFields {
  text: string;
  spoilerText: string;
  visibility: Visibility;
  contentType: string;
  sensitive: boolean;
  poll: PollDraftState | null;
  attachments: readonly { id: string; description?: string | null }[];
  /** Media descriptions being written, by attachment id. */
  descriptions: Record<string, string>;
}

/** The composer's fields as the parameters of a new post (or reply). */
export function newPostParams(
  fields: PostFields,
  pollLimits: PollLimits,
  inReplyToId?: string,
): CreateStatusParams {
  const poll = fields.poll ? pollPayload(fields.poll, pollLimits) : null;
  return {
    status: fields.text,
    spoilerText: fields.spoilerText,
    sensitive: fields.sensitive,
    contentType: fields.contentType,
    mediaIds: fields.attachments.map((attachment) => attachment.id),
    visibility: fields.visibility,
    inReplyToId,
    ...(poll ? { poll } : {}),
  };
}

/**
 * The media descriptions a post saves before it is sent (each its own call): changed and not
 * blank, as [attachment id, description].
 */
export function descriptionsToSave(fields: PostFields): [string, string][] {
  return fields.attachments.flatMap((attachment): [string, string][] => {
    const description = (fields.descriptions[attachment.id] ?? '').trim();
    return description && description !== (attachment.description ?? '')
      ? [[attachment.id, description]]
      : [];
  });
}

/** The JSON body of the new post: the same the page sends (api/statuses.ts create). */
export const newPostBody = (
  fields: PostFields,
  pollLimits: PollLimits,
  inReplyToId?: string,
): Record<string, unknown> => createStatusBody(newPostParams(fields, pollLimits, inReplyToId));
