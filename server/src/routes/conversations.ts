import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { getAccount } from '../db/accounts.ts';
import {
  conversationPage,
  conversationParticipants,
  conversationSummary,
  hideConversation,
  markConversationRead,
  type ConversationSummary,
} from '../db/conversations.ts';
import { getStatus } from '../db/statuses.ts';
import { requireUser } from '../auth/request.ts';
import { notFound } from '../errors.ts';
import { renderAccount } from '../views/account.ts';
import { RenderContext } from '../views/context.ts';
import { renderStatus } from '../views/status.ts';
import { linkHeader, pageOf, queryOf } from './params.ts';

type IdParams = { Params: { id: string } };

const READ_STATUSES = ['read:statuses'];
const WRITE_CONVERSATIONS = ['write:conversations'];

/** Mastodon's direct conversations: one entry per thread of direct messages. */
export async function conversationRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;

  const render = (rc: RenderContext, viewerId: string, summary: ConversationSummary) => {
    const last = getStatus(db, summary.last_id);
    const author = last?.account_id;
    return {
      id: String(summary.conversation),
      unread: author !== viewerId && summary.last_id > summary.read_through_id,
      accounts: conversationParticipants(db, viewerId, summary.conversation)
        .map((id) => getAccount(db, id))
        .filter((account) => account !== undefined)
        .map((account) => renderAccount(rc, account)),
      last_status: last ? renderStatus(rc, last) : null,
    };
  };

  const own = (request: FastifyRequest<IdParams>, viewerId: string): ConversationSummary => {
    const id = request.params.id;
    const summary = /^\d+$/.test(id) ? conversationSummary(db, viewerId, Number(id)) : undefined;
    if (!summary) throw notFound();
    return summary;
  };

  app.get('/api/v1/conversations', async (request, reply) => {
    const viewer = requireUser(ctx, request, READ_STATUSES);
    const rows = conversationPage(db, viewer.accountId, pageOf(queryOf(request)));
    const link = linkHeader(request, ctx.origin, rows[0]?.last_id, rows[rows.length - 1]?.last_id);
    if (link) reply.header('link', link);
    const rc = new RenderContext(ctx, viewer.accountId);
    return rows.map((row) => render(rc, viewer.accountId, row));
  });

  app.post<IdParams>('/api/v1/conversations/:id/read', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_CONVERSATIONS);
    const summary = own(request, viewer.accountId);
    markConversationRead(db, viewer.accountId, summary);
    const rc = new RenderContext(ctx, viewer.accountId);
    return render(rc, viewer.accountId, own(request, viewer.accountId));
  });

  app.delete<IdParams>('/api/v1/conversations/:id', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_CONVERSATIONS);
    hideConversation(db, viewer.accountId, own(request, viewer.accountId));
    return {};
  });
}
