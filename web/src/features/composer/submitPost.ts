import '../../i18n/parts/composer.ts';
import '../../i18n/parts/polls.ts';
import { ApiError, type ApiClient } from '../../api/client.ts';
import { updateMediaDescription } from '../../api/media.ts';
import * as statuses from '../../api/statuses.ts';
import type { Status } from '../../api/types.ts';
import { descriptionsToSave, newPostParams } from '../../lib/newPost.ts';
import { pollDraftError, type PollLimits } from '../../lib/pollDraft.ts';
import type { ComposerFields } from './composerFields.ts';
import { errorMessage } from '../../lib/errorMessage.ts';

/** Why a post was not sent: an i18n key (the client's own rules) or the server's message. */
export type SubmitProblem = { key: string } | { message: string };

export class SubmitError extends Error {
  readonly problem: SubmitProblem;
  /** The server's HTTP status; 0 when no answer came (the network), absent for local checks. */
  readonly status: number | undefined;
  constructor(problem: SubmitProblem, status?: number) {
    super('key' in problem ? problem.key : problem.message);
    this.problem = problem;
    this.status = status;
  }
}

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : undefined);

export interface SubmitRequest {
  fields: ComposerFields;
  pollLimits: PollLimits;
  inReplyToId?: string;
  /** Editing this status: mentions and the poll cannot change. */
  editId?: string;
  idempotencyKey: string;
}

/** The client's own checks before anything is sent (spec part 2, §5). */
export function localProblem(fields: ComposerFields): SubmitProblem | null {
  if (fields.text.trim() === '' && fields.attachments.length === 0)
    return { key: 'post_status.empty_status_error' };
  if (fields.poll && pollDraftError(fields.poll)) return { key: 'polls.not_enough_options' };
  return null;
}

/** Saves every changed, non-blank description; one failure stops the post. */
async function saveDescriptions(client: ApiClient, fields: ComposerFields): Promise<void> {
  for (const [id, description] of descriptionsToSave(fields)) {
    try {
      await updateMediaDescription(client, id, description);
    } catch (error) {
      throw new SubmitError({ key: 'post_status.media_description_error' }, statusOf(error));
    }
  }
}

/** Sends the post (or the edit). Throws SubmitError; the caller keeps the draft when it does. */
export async function submitPost(client: ApiClient, request: SubmitRequest): Promise<Status> {
  const { fields } = request;
  const problem = localProblem(fields);
  if (problem) throw new SubmitError(problem);
  await saveDescriptions(client, fields);
  try {
    if (request.editId) {
      return await statuses.edit(client, request.editId, {
        status: fields.text,
        spoilerText: fields.spoilerText,
        sensitive: fields.sensitive,
        contentType: fields.contentType,
        mediaIds: fields.attachments.map((attachment) => attachment.id),
      });
    }
    // The parameters the outbox also writes for the service worker (lib/newPost.ts).
    const params = newPostParams(fields, request.pollLimits, request.inReplyToId);
    return await statuses.create(client, params, request.idempotencyKey);
  } catch (error) {
    throw new SubmitError({ message: errorMessage(error) }, statusOf(error));
  }
}
