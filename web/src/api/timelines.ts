import { ApiError, expectEntity, type ApiClient, type ApiResponse, type Query } from './client.ts';
import type { Page } from './link.ts';
import { parseConversationList } from './schemas/conversation.ts';
import { parseStatusList } from './schemas/status.ts';
import type { Status } from './types.ts';

/** Spec part 1 §7: timelines are fetched 20 at a time. */
export const TIMELINE_PAGE_LIMIT = 20;

export interface PageQuery {
  maxId?: string;
  minId?: string;
  sinceId?: string;
  limit?: number;
}

export interface TimelineQuery extends PageQuery {
  withMuted?: boolean;
  /** Pleroma: 'following' | 'self'. */
  replyVisibility?: string;
  excludeVisibilities?: string[];
}

export function pageQuery(q: PageQuery = {}): Query {
  return {
    max_id: q.maxId,
    min_id: q.minId,
    since_id: q.sinceId,
    limit: q.limit ?? TIMELINE_PAGE_LIMIT,
  };
}

function timelineQuery(q: TimelineQuery = {}): Query {
  return {
    ...pageQuery(q),
    with_muted: q.withMuted,
    reply_visibility: q.replyVisibility,
    exclude_visibilities: q.excludeVisibilities,
  };
}

export function statusPage(response: ApiResponse): Page<Status> {
  expectEntity(Array.isArray(response.data) ? response.data : null, 'timeline', response);
  return {
    items: parseStatusList(response.data),
    next: response.link.next,
    prev: response.link.prev,
  };
}

async function fetchPage(client: ApiClient, path: string, query: Query): Promise<Page<Status>> {
  return statusPage(await client.get(path, { query }));
}

export function home(client: ApiClient, q?: TimelineQuery): Promise<Page<Status>> {
  return fetchPage(client, '/api/v1/timelines/home', timelineQuery(q));
}

export interface PublicTimelineQuery extends TimelineQuery {
  /** Only this server's posts. */
  local?: boolean;
  /** Only posts from other servers (Pleroma, Mastodon 3.x+). */
  remote?: boolean;
  onlyMedia?: boolean;
}

export function publicTimeline(
  client: ApiClient,
  q: PublicTimelineQuery = {},
): Promise<Page<Status>> {
  return fetchPage(client, '/api/v1/timelines/public', {
    ...timelineQuery(q),
    local: q.local || undefined,
    remote: q.remote || undefined,
    only_media: q.onlyMedia || undefined,
  });
}

export function tag(
  client: ApiClient,
  hashtag: string,
  q: TimelineQuery & { local?: boolean; onlyMedia?: boolean } = {},
): Promise<Page<Status>> {
  return fetchPage(client, `/api/v1/timelines/tag/${encodeURIComponent(hashtag)}`, {
    ...timelineQuery(q),
    local: q.local || undefined,
    only_media: q.onlyMedia || undefined,
  });
}

export function direct(client: ApiClient, q?: TimelineQuery): Promise<Page<Status>> {
  return fetchPage(client, '/api/v1/timelines/direct', timelineQuery(q));
}

/**
 * Direct messages on servers without the direct timeline (Mastodon): each conversation's latest
 * status, newest first. Mastodon pages conversations by their last status's id, so the same
 * max_id / since_id work.
 */
export async function conversations(client: ApiClient, q?: TimelineQuery): Promise<Page<Status>> {
  const response = await client.get('/api/v1/conversations', { query: pageQuery(q) });
  expectEntity(Array.isArray(response.data) ? response.data : null, 'conversations', response);
  const items = parseConversationList(response.data)
    .flatMap((conversation) => (conversation.lastStatus ? [conversation.lastStatus] : []))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { items, next: response.link.next, prev: response.link.prev };
}

/** Where direct messages come from: the direct timeline, the conversations list, or nowhere. */
export type DirectMessagesSource = 'timeline' | 'conversations' | 'none';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * Direct messages from wherever this server keeps them: the expected source first, the other one
 * when that answers 404, and `none` (an empty page) when the server has neither. `source` says
 * which answered, for the caller to ask there next time.
 */
export async function directMessages(
  client: ApiClient,
  expected: DirectMessagesSource,
  q?: TimelineQuery,
): Promise<{ source: DirectMessagesSource; page: Page<Status> }> {
  if (expected === 'none') return { source: 'none', page: { items: [], next: null, prev: null } };
  const sources: DirectMessagesSource[] =
    expected === 'timeline' ? ['timeline', 'conversations'] : ['conversations', 'timeline'];
  for (const source of sources) {
    try {
      const page = await (source === 'timeline' ? direct : conversations)(client, q);
      return { source, page };
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
  return { source: 'none', page: { items: [], next: null, prev: null } };
}

export function list(client: ApiClient, listId: string, q?: TimelineQuery): Promise<Page<Status>> {
  return fetchPage(
    client,
    `/api/v1/timelines/list/${encodeURIComponent(listId)}`,
    timelineQuery(q),
  );
}

export function bookmarks(
  client: ApiClient,
  q: PageQuery & { folderId?: string } = {},
): Promise<Page<Status>> {
  return fetchPage(client, '/api/v1/bookmarks', { ...pageQuery(q), folder_id: q.folderId });
}

export function favourites(client: ApiClient, q?: PageQuery): Promise<Page<Status>> {
  return fetchPage(client, '/api/v1/favourites', pageQuery(q));
}
