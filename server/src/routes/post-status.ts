import type { ServerContext } from '../context.ts';
import { getAccount } from '../db/accounts.ts';
import { composeStatus } from '../db/compose.ts';
import { rememberIdempotencyKey } from '../db/idempotency.ts';
import { mediaProblem, setStatusMedia } from '../db/media.ts';
import { getAppById } from '../db/oauth.ts';
import { insertPoll, pollProblem } from '../db/polls.ts';
import type { ScheduledPost } from '../db/scheduled.ts';
import {
  VISIBILITIES,
  canView,
  getStatus,
  statusTagNames,
  type CreatedStatus,
  type StatusRow,
  type Visibility,
} from '../db/statuses.ts';
import { notFound, unprocessable } from '../errors.ts';
import { hostOf } from '../views/html.ts';
import { DEFAULT_POST_FORMAT } from '../views/formats/index.ts';
import { MAX_MEDIA_ATTACHMENTS, MAX_STATUS_CHARS, POLL_LIMITS } from './constants.ts';
import { checkedPoll, contentTypeOf, mediaIdsOf } from './post-input.ts';
import { bool, str, type Params } from './params.ts';
import { publishNotifications, publishStatusCreated } from './publish.ts';
import { refuseIfBlockedBy } from './block-checks.ts';

/**
 * Creating a status, shared by POST /api/v1/statuses and the publishing of scheduled statuses:
 * read the request, check it against the database, then create and announce it.
 */

/** A create request as read from its parameters; visibility and sensitive not yet defaulted. */
export type PostRequest = Omit<ScheduledPost, 'visibility' | 'sensitive'> & {
  visibility: string | undefined;
  sensitive: boolean | undefined;
};

/** A request that passed every check, with its defaults filled in and its reply target found. */
export interface CheckedPost {
  accountId: string;
  post: ScheduledPost;
  inReplyTo: StatusRow | null;
}

/** Reads a create request. A preview looks at the text only: media and poll are ignored. */
export function postRequestOf(
  params: Params,
  options: { preview: boolean; appId: number | null; idempotencyKey: string | null },
): PostRequest {
  if (params.status !== undefined && typeof params.status !== 'string')
    throw unprocessable('Invalid status');
  return {
    text: (str(params.status) ?? '').trim(),
    spoilerText: str(params.spoiler_text) ?? '',
    contentType: contentTypeOf(params) ?? DEFAULT_POST_FORMAT,
    mediaIds: options.preview ? [] : (mediaIdsOf(params) ?? []),
    poll: options.preview ? null : (checkedPoll(params) ?? null),
    inReplyToId: str(params.in_reply_to_id) || null,
    visibility: str(params.visibility),
    sensitive: bool(params.sensitive, 'sensitive'),
    appId: options.appId,
    idempotencyKey: options.idempotencyKey,
  };
}

/**
 * Checks a request as a post would be checked now: media (not held by another scheduled post than
 * `scheduledId`), length, poll, reply target, visibility. Throws a 422 ApiError.
 */
export function checkPost(
  ctx: ServerContext,
  accountId: string,
  request: PostRequest,
  scheduledId: string | null = null,
): CheckedPost {
  const db = ctx.db;
  const { text, mediaIds, poll } = request;
  const mediaError = mediaProblem(
    db,
    accountId,
    mediaIds,
    null,
    MAX_MEDIA_ATTACHMENTS,
    scheduledId,
  );
  if (mediaError) throw unprocessable(mediaError);
  if (text.length === 0 && mediaIds.length === 0)
    throw unprocessable('Cannot post an empty status without attachments');
  if (poll) {
    const problem = pollProblem(poll, POLL_LIMITS);
    if (problem) throw unprocessable(problem);
    if (mediaIds.length > 0) throw unprocessable("Can't have both media and a poll");
  }
  if ([...(text + request.spoilerText)].length > MAX_STATUS_CHARS)
    throw unprocessable('The status is over the character limit');

  let inReplyTo: StatusRow | null = null;
  if (request.inReplyToId) {
    const parent = getStatus(db, request.inReplyToId);
    if (!parent || !canView(db, parent, accountId))
      throw unprocessable('The post being replied to was deleted');
    refuseIfBlockedBy(db, accountId, parent.account_id, 'reply');
    inReplyTo = parent;
  }
  const author = getAccount(db, accountId);
  // A deactivated author's scheduled posts must not go out after the account is gone.
  if (!author || author.deactivated) throw notFound();
  const requested = request.visibility;
  if (requested !== undefined && !(VISIBILITIES as readonly string[]).includes(requested))
    throw unprocessable(`Invalid visibility: ${requested}`);
  const visibility = (requested ??
    (inReplyTo?.visibility === 'direct' ? 'direct' : author.default_scope)) as Visibility;
  const sensitive = request.sensitive ?? author.sensitive_default === 1;
  return { accountId, post: { ...request, visibility, sensitive }, inReplyTo };
}

/** Composes the status (inside the caller's transaction): text, mentions, tags, no media or poll. */
export function composeChecked(ctx: ServerContext, checked: CheckedPost): CreatedStatus {
  const { post } = checked;
  const client = post.appId !== null ? getAppById(ctx.db, post.appId) : undefined;
  return composeStatus(
    ctx.db,
    {
      accountId: checked.accountId,
      text: post.text,
      spoilerText: post.spoilerText,
      sensitive: post.sensitive,
      visibility: post.visibility,
      contentType: post.contentType,
      inReplyTo: checked.inReplyTo,
      appName: client?.name ?? null,
      appWebsite: client?.website ?? null,
    },
    hostOf(ctx.origin),
  );
}

/** Creates the status with its poll and media, and records its idempotency key. */
export function insertPost(ctx: ServerContext, checked: CheckedPost): CreatedStatus {
  const db = ctx.db;
  const { post } = checked;
  return db.transaction((): CreatedStatus => {
    const result = composeChecked(ctx, checked);
    if (post.poll) insertPoll(db, result.status.id, post.poll, result.status.created_at);
    if (post.mediaIds.length > 0) setStatusMedia(db, result.status.id, post.mediaIds);
    if (post.idempotencyKey)
      rememberIdempotencyKey(db, checked.accountId, post.idempotencyKey, result.status.id);
    return { ...result, status: getStatus(db, result.status.id)! };
  })();
}

/** Streams the new status and sends its notifications. */
export function announcePost(ctx: ServerContext, created: CreatedStatus): void {
  publishStatusCreated(ctx, {
    ...created,
    tags: statusTagNames(ctx.db, created.status.id).map((t) => t.tag),
  });
  publishNotifications(ctx, created.notifications);
}
