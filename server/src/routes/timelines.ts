import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import {
  directTimelineIds,
  homeTimelineIds,
  publicTimelineIds,
  tagTimelineIds,
} from '../db/timelines.ts';
import { optionalUser, requireUser } from '../auth/request.ts';
import { badRequest } from '../errors.ts';
import { RenderContext } from '../views/context.ts';
import { renderStatusIds } from '../views/status.ts';
import { bool, linkHeader, pageOf, queryOf, strings } from './params.ts';

const READ_STATUSES = ['read:statuses'];

export async function timelineRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;

  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    viewerId: string | null,
    ids: string[],
    checkVisibility: boolean,
  ) => {
    const link = linkHeader(request, ctx.origin, ids[0], ids[ids.length - 1]);
    if (link) reply.header('link', link);
    return renderStatusIds(new RenderContext(ctx, viewerId), ids, checkVisibility);
  };

  app.get('/api/v1/timelines/home', async (request, reply) => {
    const viewer = requireUser(ctx, request, READ_STATUSES);
    const ids = homeTimelineIds(db, viewer.accountId, pageOf(queryOf(request)));
    // Feed rows are only written for accounts allowed to see the status.
    return answer(request, reply, viewer.accountId, ids, false);
  });

  app.get('/api/v1/timelines/public', async (request, reply) => {
    const viewer = optionalUser(ctx, request, READ_STATUSES);
    const query = queryOf(request);
    const ids = publicTimelineIds(
      db,
      {
        local: bool(query.local, 'local') ?? false,
        remoteOnly: bool(query.remote, 'remote') ?? false,
        onlyMedia: bool(query.only_media, 'only_media') ?? false,
      },
      pageOf(query),
    );
    return answer(request, reply, viewer?.accountId ?? null, ids, false);
  });

  app.get<{ Params: { hashtag: string } }>(
    '/api/v1/timelines/tag/:hashtag',
    async (request, reply) => {
      const viewer = optionalUser(ctx, request, READ_STATUSES);
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
      return answer(request, reply, viewer?.accountId ?? null, ids, false);
    },
  );

  app.get('/api/v1/timelines/direct', async (request, reply) => {
    const viewer = requireUser(ctx, request, READ_STATUSES);
    const ids = directTimelineIds(db, viewer.accountId, pageOf(queryOf(request)));
    return answer(request, reply, viewer.accountId, ids, false);
  });
}
