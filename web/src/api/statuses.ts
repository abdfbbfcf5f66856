import { expectEntity, type ApiClient } from './client.ts';
import { parseContext } from './schemas/context.ts';
import { parseStatus } from './schemas/status.ts';
import type { Context, Status, Visibility } from './types.ts';

const path = (id: string) => `/api/v1/statuses/${encodeURIComponent(id)}`;

export async function get(client: ApiClient, id: string): Promise<Status> {
  const response = await client.get(path(id));
  return expectEntity(parseStatus(response.data), 'Status', response);
}

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

export async function create(
  client: ApiClient,
  params: CreateStatusParams,
  idempotencyKey?: string,
): Promise<Status> {
  const poll = params.poll && {
    options: params.poll.options,
    expires_in: params.poll.expiresIn,
    multiple: params.poll.multiple,
    hide_totals: params.poll.hideTotals,
  };
  const response = await client.post('/api/v1/statuses', {
    body: {
      status: params.status,
      spoiler_text: params.spoilerText,
      visibility: params.visibility,
      sensitive: params.sensitive,
      content_type: params.contentType,
      media_ids: params.mediaIds,
      poll,
      in_reply_to_id: params.inReplyToId,
      quote_id: params.quoteId,
      language: params.language,
      scheduled_at: params.scheduledAt,
      expires_in: params.expiresIn,
      to: params.to,
      preview: params.preview,
    },
    headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
  });
  return expectEntity(parseStatus(response.data), 'Status', response);
}

/** Deletes a post; returns it as the server last had it (for delete-and-redraft) when it says. */
export async function remove(client: ApiClient, id: string): Promise<Status | null> {
  const response = await client.delete(path(id));
  return response.data && typeof response.data === 'object' && Object.keys(response.data).length
    ? parseStatus(response.data)
    : null;
}

export { remove as delete };

export async function context(client: ApiClient, id: string): Promise<Context> {
  const response = await client.get(`${path(id)}/context`);
  return expectEntity(parseContext(response.data), 'Context', response);
}
