/**
 * The JSON body of a new post (POST /api/v1/statuses). Pure and shared: the page's sender
 * (api/statuses.ts) and the outbox entry the service worker sends when no page is open (issue 26,
 * lib/newPost.ts) use the same function, so a post sent in the background is the one the page
 * would have sent.
 */
import type { Visibility } from '../api/types.ts';

export interface PollDraft {
  options: string[];
  /** Seconds. */
  expiresIn: number;
  multiple?: boolean;
  hideTotals?: boolean;
}

export interface CreateStatusParams {
  status: string;
  spoilerText?: string;
  visibility?: Visibility;
  sensitive?: boolean;
  /** Pleroma: text/plain, text/markdown, text/html, text/bbcode. */
  contentType?: string;
  mediaIds?: string[];
  poll?: PollDraft;
  inReplyToId?: string;
  quoteId?: string;
  language?: string;
  scheduledAt?: string;
  /** Pleroma: seconds until the post deletes itself. */
  expiresIn?: number;
  /** Pleroma: explicit recipients for direct posts. */
  to?: string[];
  /** Pleroma: render without posting. */
  preview?: boolean;
}

/** A copy of `values` without its undefined entries, so the JSON names only what was given. */
export function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

export function pollBody(poll: PollDraft | undefined): Record<string, unknown> | undefined {
  return (
    poll &&
    defined({
      options: poll.options,
      expires_in: poll.expiresIn,
      multiple: poll.multiple,
      hide_totals: poll.hideTotals,
    })
  );
}

export function createStatusBody(params: CreateStatusParams): Record<string, unknown> {
  return defined({
    status: params.status,
    spoiler_text: params.spoilerText,
    visibility: params.visibility,
    sensitive: params.sensitive,
    content_type: params.contentType,
    media_ids: params.mediaIds,
    poll: pollBody(params.poll),
    in_reply_to_id: params.inReplyToId,
    quote_id: params.quoteId,
    language: params.language,
    scheduled_at: params.scheduledAt,
    expires_in: params.expiresIn,
    to: params.to,
    preview: params.preview,
  });
}
