import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { sql } from '../db/index.ts';
import { exclusionsFor } from '../db/relations.ts';
import {
  directTimelineIds,
  homeTimelineIds,
  markedPage,
  publicTimelineIds,
  tagTimelineIds,
  timelineRowAllowed,
  type TimelineFilter,
} from '../db/timelines.ts';
import { canView, getStatus } from '../db/statuses.ts';
import { optionalUser, requireUser } from '../auth/request.ts';
import { badRequest, notFound } from '../errors.ts';
import { RenderContext } from '../views/context.ts';
import { renderStatus, renderStatusIds } from '../views/status.ts';
import type { FilterContext } from '../db/filters.ts';
import { withFilters } from './filters.ts';
import { bool, linkHeader, pageOf, queryOf, str, strings, type Params } from './params.ts';

const READ_STATUSES = ['read:statuses'];
const READ_BOOKMARKS = ['read:bookmarks'];
const READ_FAVOURITES = ['read:favourites'];

function replyVisibilityOf(query: Params): 'following' | 'self' | null {
  const value = str(query.reply_visibility);
  if (value === undefined || value === '' || value === 'all') return null;
  if (value === 'following' || value === 'self') return value;
  throw badRequest(`reply_visibility: Invalid value. Got: ${value}`);
}

/** The timeline filter a request asks for, plus the viewer's mutes and blocks. */
export function timelineFilter(
  ctx: ServerContext,
  viewerId: string | null,
  query: Params,
): TimelineFilter {
  const replyVisibility = viewerId ? replyVisibilityOf(query) : null;
  const withMuted = bool(query.with_muted, 'with_muted') ?? false;
  return {
    viewerId,
    exclusions: viewerId ? exclusionsFor(ctx.db, viewerId, withMuted) : null,
    excludeReplies: bool(query.exclude_replies, 'exclude_replies') ?? false,
    replyVisibility,
    followees:
      replyVisibility === 'following' && viewerId
        ? new Set(
            (
              sql(
                ctx.db,
                "SELECT followee_id FROM follows WHERE follower_id = ? AND state = 'accepted'",
              ).all(viewerId) as { followee_id: string }[]
            ).map((r) => r.followee_id),
          )
        : undefined,
    onlyMedia: bool(query.only_media, 'only_media') ?? false,
  };
}

export async function timelineRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;

  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    viewerId: string | null,
    ids: string[],
    checkVisibility: boolean,
    context: FilterContext,
  ) => {
    const link = linkHeader(request, ctx.origin, ids[0], ids[ids.length - 1]);
    if (link) reply.header('link', link);
    const statuses = renderStatusIds(new RenderContext(ctx, viewerId), ids, checkVisibility);
    return withFilters(ctx, viewerId, context, statuses);
  };

  app.get('/api/v1/timelines/home', async (request, reply) => {
    const viewer = requireUser(ctx, request, READ_STATUSES);
    const query = queryOf(request);
    const conditions: string[] = [];
    if (bool(query.local, 'local')) conditions.push('s.local = 1');
    else if (bool(query.remote, 'remote')) conditions.push('s.local = 0');
    const ids = homeTimelineIds(
      db,
      viewer.accountId,
      pageOf(query),
      timelineFilter(ctx, viewer.accountId, query),
      conditions,
    );
    // Feed rows are only written for accounts allowed to see the status.
    return answer(request, reply, viewer.accountId, ids, false, 'home');
  });

  app.get('/api/v1/timelines/public', async (request, reply) => {
    const viewer = optionalUser(ctx, request, READ_STATUSES);
    const query = queryOf(request);
    const viewerId = viewer?.accountId ?? null;
    const ids = publicTimelineIds(
      db,
      {
        local: bool(query.local, 'local') ?? false,
        remoteOnly: bool(query.remote, 'remote') ?? false,
        onlyMedia: bool(query.only_media, 'only_media') ?? false,
      },
      pageOf(query),
      timelineFilter(ctx, viewerId, query),
    );
    return answer(request, reply, viewerId, ids, false, 'public');
  });

  app.get<{ Params: { hashtag: string } }>(
    '/api/v1/timelines/tag/:hashtag',
    async (request, reply) => {
      const viewer = optionalUser(ctx, request, READ_STATUSES);
      const viewerId = viewer?.accountId ?? null;
      const query = queryOf(request);
      const main = request.params.hashtag.replace(/^#/, '').toLowerCase();
      if (!main) throw badRequest('Missing hashtag');
      const tags = [main, ...strings(query, 'any').map((t) => t.toLowerCase())];
      const ids = tagTimelineIds(
        db,
        [...new Set(tags)],
        {
          local: bool(query.local, 'local') ?? false,
          onlyMedia: bool(query.only_media, 'only_media') ?? false,
        },
        pageOf(query),
      );
      const link = linkHeader(request, ctx.origin, ids[0], ids[ids.length - 1]);
      if (link) reply.header('link', link);
      // Filtered after paging (tag pages are small); a page may come out short.
      const filter = timelineFilter(ctx, viewerId, query);
      const rc = new RenderContext(ctx, viewerId);
      const out: Record<string, unknown>[] = [];
      for (const id of ids) {
        const status = getStatus(db, id);
        if (!status) continue;
        const allowed = timelineRowAllowed(
          {
            id,
            author: status.account_id,
            reblog_author: null,
            conversation: status.conversation_id,
            reply_id: status.in_reply_to_id,
            reply_to: status.in_reply_to_account_id,
          },
          filter,
        );
        if (allowed) out.push(renderStatus(rc, status));
      }
      return withFilters(ctx, viewerId, 'public', out);
    },
  );

  app.get('/api/v1/timelines/direct', async (request, reply) => {
    const viewer = requireUser(ctx, request, READ_STATUSES);
    const ids = directTimelineIds(db, viewer.accountId, pageOf(queryOf(request)));
    return answer(request, reply, viewer.accountId, ids, false, 'thread');
  });

  /** Bookmarks and favourites: paged by the bookmark/favourite row, statuses still visible. */
  const marked = (
    request: FastifyRequest,
    reply: FastifyReply,
    table: 'bookmarks' | 'favourites',
    accountId: string,
    viewerId: string | null,
  ) => {
    const rows = markedPage(db, table, accountId, pageOf(queryOf(request)));
    const link = linkHeader(request, ctx.origin, rows[0]?.cursor, rows[rows.length - 1]?.cursor);
    if (link) reply.header('link', link);
    const rc = new RenderContext(ctx, viewerId);
    const out: Record<string, unknown>[] = [];
    for (const row of rows) {
      const status = getStatus(db, row.statusId);
      if (status && canView(db, status, viewerId)) out.push(renderStatus(rc, status));
    }
    return out;
  };

  app.get('/api/v1/bookmarks', async (request, reply) => {
    const viewer = requireUser(ctx, request, READ_BOOKMARKS);
    return marked(request, reply, 'bookmarks', viewer.accountId, viewer.accountId);
  });

  app.get('/api/v1/favourites', async (request, reply) => {
    const viewer = requireUser(ctx, request, READ_FAVOURITES);
    return marked(request, reply, 'favourites', viewer.accountId, viewer.accountId);
  });

  app.get<{ Params: { id: string } }>(
    '/api/v1/pleroma/accounts/:id/favourites',
    async (request, reply) => {
      const viewer = optionalUser(ctx, request, READ_FAVOURITES);
      const viewerId = viewer?.accountId ?? null;
      const account = sql(db, 'SELECT id, hide_favorites FROM accounts WHERE id = ?').get(
        request.params.id,
      ) as { id: string; hide_favorites: number } | undefined;
      if (!account) throw notFound();
      if (account.hide_favorites && account.id !== viewerId)
        return reply.status(403).send({ error: "Can't get favorites" });
      return marked(request, reply, 'favourites', account.id, viewerId);
    },
  );
}
