import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { getPoll, votePoll, type PollRow } from '../db/polls.ts';
import { canView, getStatus, type StatusRow } from '../db/statuses.ts';
import { optionalUser, requireUser } from '../auth/request.ts';
import { badRequest, notFound, unprocessable } from '../errors.ts';
import { RenderContext } from '../views/context.ts';
import { renderPoll } from '../views/poll.ts';
import { paramsOf, str } from './params.ts';
import { refuseIfBlockedBy } from './block-checks.ts';

type IdParams = { Params: { id: string } };

const READ_STATUSES = ['read:statuses'];
const WRITE_STATUSES = ['write:statuses'];

/** `choices[]=0&choices[]=2` (form) or `{"choices": [0, 2]}` (JSON); indices as integers. */
function choicesOf(params: Record<string, unknown>): number[] {
  const raw = params['choices[]'] ?? params.choices;
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.map((value) => {
    const text = str(value);
    if (text === undefined || !/^\d+$/.test(text.trim()))
      throw badRequest(`choices: Invalid integer. Got: ${String(text)}`);
    return Number(text);
  });
}

export async function pollRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;

  const visiblePoll = (
    request: FastifyRequest<IdParams>,
    viewerId: string | null,
  ): { poll: PollRow; status: StatusRow } => {
    const poll = getPoll(db, request.params.id);
    const status = poll ? getStatus(db, poll.status_id) : undefined;
    if (!poll || !status || !canView(db, status, viewerId)) throw notFound();
    return { poll, status };
  };

  app.get<IdParams>('/api/v1/polls/:id', async (request) => {
    const viewer = optionalUser(ctx, request, READ_STATUSES);
    const viewerId = viewer?.accountId ?? null;
    const { poll, status } = visiblePoll(request, viewerId);
    return renderPoll(new RenderContext(ctx, viewerId), poll, status.account_id);
  });

  app.post<IdParams>('/api/v1/polls/:id/votes', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_STATUSES);
    const { poll, status } = visiblePoll(request, viewer.accountId);
    refuseIfBlockedBy(db, viewer.accountId, status.account_id, 'vote');
    const choices = choicesOf(paramsOf(request));
    const problem = votePoll(db, poll, status.account_id, viewer.accountId, choices);
    if (problem) throw unprocessable(problem);
    return renderPoll(new RenderContext(ctx, viewer.accountId), poll, status.account_id);
  });
}
