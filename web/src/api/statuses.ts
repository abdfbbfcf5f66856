import { expectEntity, type ApiClient } from './client.ts';
import { parseContext } from './schemas/context.ts';
import { parseStatus } from './schemas/status.ts';
import { parseStatusSource } from './schemas/statusSource.ts';
import type { Context, Status, StatusSource, Visibility } from './types.ts';

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

/** A copy of `values` without its undefined entries, so the JSON names only what was given. */
function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

function pollBody(poll: PollDraft | undefined): Record<string, unknown> | undefined {
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

function createBody(params: CreateStatusParams): Record<string, unknown> {
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

export async function create(
  client: ApiClient,
  params: CreateStatusParams,
  idempotencyKey?: string,
): Promise<Status> {
  const response = await client.post('/api/v1/statuses', {
    body: createBody(params),
    headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
  });
  return expectEntity(parseStatus(response.data), 'Status', response);
}

/** Pleroma renders a preview from an unsaved activity, whose id comes back blank. */
const PREVIEW_ID = 'preview';

/**
 * Renders the post without publishing it (spec part 2, §7): the same call with preview set, and
 * without media or poll, which a preview never carries.
 */
export async function preview(client: ApiClient, params: CreateStatusParams): Promise<Status> {
  const body = createBody({ ...params, mediaIds: undefined, poll: undefined, preview: true });
  const response = await client.post('/api/v1/statuses', { body });
  const data = response.data;
  const withId =
    data && typeof data === 'object' && !Array.isArray(data) && !(data as { id?: unknown }).id
      ? { ...data, id: PREVIEW_ID }
      : data;
  return expectEntity(parseStatus(withId), 'Status', response);
}

/** What an edit may change (spec part 2, §3 Edit payload); mentions and the scope stay. */
export interface EditStatusParams {
  status: string;
  spoilerText?: string;
  sensitive?: boolean;
  /** The full new list; leaving it out keeps the current attachments. */
  mediaIds?: string[];
  contentType?: string;
  poll?: PollDraft;
}

export async function edit(
  client: ApiClient,
  id: string,
  params: EditStatusParams,
): Promise<Status> {
  const response = await client.put(path(id), {
    body: defined({
      status: params.status,
      spoiler_text: params.spoilerText,
      sensitive: params.sensitive,
      media_ids: params.mediaIds,
      content_type: params.contentType,
      poll: pollBody(params.poll),
    }),
  });
  return expectEntity(parseStatus(response.data), 'Status', response);
}

/** The text a post was written in, to fill the edit form. */
export async function source(client: ApiClient, id: string): Promise<StatusSource> {
  const response = await client.get(`${path(id)}/source`);
  return expectEntity(parseStatusSource(response.data), 'StatusSource', response);
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
