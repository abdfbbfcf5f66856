import { getMedia } from '../db/media.ts';
import { scheduledPostOf, type ScheduledRow } from '../db/scheduled.ts';
import type { RenderContext } from './context.ts';
import { renderAttachment } from './media.ts';

/** Mastodon's ScheduledStatus, with Pleroma's extra params (expires_in, content_type). */
export function renderScheduled(rc: RenderContext, row: ScheduledRow): Record<string, unknown> {
  const post = scheduledPostOf(row);
  const mediaIds = post?.mediaIds ?? [];
  return {
    id: row.id,
    scheduled_at: row.scheduled_at,
    params: {
      text: post?.text ?? '',
      spoiler_text: post?.spoilerText ?? '',
      sensitive: post?.sensitive ?? false,
      visibility: post?.visibility ?? null,
      content_type: post?.contentType ?? null,
      media_ids: mediaIds,
      poll: post?.poll
        ? {
            options: post.poll.options,
            expires_in: post.poll.expiresIn,
            multiple: post.poll.multiple,
          }
        : null,
      in_reply_to_id: post?.inReplyToId ?? null,
      application_id: post?.appId ?? null,
      scheduled_at: row.scheduled_at,
      idempotency: post?.idempotencyKey ?? null,
      with_rate_limit: false,
      language: null,
      expires_in: null,
    },
    media_attachments: mediaIds
      .map((id) => getMedia(rc.db, id))
      .filter((m) => m !== undefined)
      .map((m) => renderAttachment(rc, m)),
  };
}
