import { expectEntity, type ApiClient } from './client.ts';
import { parseContext } from './schemas/context.ts';
import { parseStatus } from './schemas/status.ts';
import { parseStatusSource } from './schemas/statusSource.ts';
import type { Context, Status, StatusSource } from './types.ts';
import {
  createStatusBody,
  defined,
  pollBody,
  type CreateStatusParams,
  type PollDraft,
} from '../lib/statusBody.ts';

export type { CreateStatusParams, PollDraft };

const path = (id: string) => `/api/v1/statuses/${encodeURIComponent(id)}`;

export async function get(client: ApiClient, id: string): Promise<Status> {
  const response = await client.get(path(id));
  return expectEntity(parseStatus(response.data), 'Status', response);
}

export async function create(
  client: ApiClient,
  params: CreateStatusParams,
  idempotencyKey?: string,
): Promise<Status> {
  const response = await client.post('/api/v1/statuses', {
    body: createStatusBody(params),
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
  const body = createStatusBody({ ...params, mediaIds: undefined, poll: undefined, preview: true });
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
