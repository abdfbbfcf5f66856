import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { requireUser } from '../auth/request.ts';
import { pageOfIds } from '../db/timelines.ts';
import {
  deleteScheduled,
  dueScheduled,
  getScheduled,
  insertScheduled,
  rescheduled,
  scheduledCounts,
  scheduledPostOf,
  type ScheduledRow,
} from '../db/scheduled.ts';
import { notFound, unprocessable } from '../errors.ts';
import { RenderContext } from '../views/context.ts';
import { renderScheduled } from '../views/scheduled.ts';
import { PAGE_SIZE } from './constants.ts';
import { linkHeader, pageOf, paramsOf, queryOf, str } from './params.ts';
import { announcePost, checkPost, insertPost, type CheckedPost } from './post-status.ts';

type IdParams = { Params: { id: string } };

const READ_STATUSES = ['read:statuses'];
const WRITE_STATUSES = ['write:statuses'];
/** A scheduled_at closer than this posts at once (Pleroma's and Mastodon's minimum). */
export const MIN_SCHEDULE_AHEAD_MS = 5 * 60 * 1000;
/** Pleroma's limits: scheduled posts per account on one day, and in all. */
const DAILY_LIMIT = 25;
const TOTAL_LIMIT = 300;
/** How often due scheduled statuses are looked for. */
export const SWEEP_MS = 10_000;

/** The request's scheduled_at as an ISO time; null when not given, 422 when not a date. */
export function scheduledAtOf(value: unknown): string | null {
  const text = str(value);
  if (text === undefined || text === '') return null;
  const time = Date.parse(text);
  if (Number.isNaN(time)) throw unprocessable('Invalid scheduled_at: not a date and time');
  return new Date(time).toISOString();
}

export function farEnoughAhead(scheduledAt: string, now = Date.now()): boolean {
  return Date.parse(scheduledAt) - now >= MIN_SCHEDULE_AHEAD_MS;
}

function checkLimits(ctx: ServerContext, accountId: string, at: string, exceptId: string | null) {
  const counts = scheduledCounts(ctx.db, accountId, at, exceptId);
  if (counts.sameDay >= DAILY_LIMIT)
    throw unprocessable('scheduled_at: daily limit exceeded (at most 25 posts a day)');
  if (counts.total >= TOTAL_LIMIT)
    throw unprocessable('scheduled_at: total limit exceeded (at most 300 scheduled posts)');
}

/** Stores a checked post for later; its media are held until then. */
export function schedulePost(ctx: ServerContext, checked: CheckedPost, at: string): ScheduledRow {
  checkLimits(ctx, checked.accountId, at, null);
  return insertScheduled(ctx.db, checked.accountId, at, checked.post);
}

export interface PublishOutcome {
  published: string[];
  dropped: { id: string; reason: string }[];
}

/**
 * Publishes every entry due at `now` through the same path as an immediate post. One that no
 * longer passes the checks (reply target or media gone...) is dropped, not retried.
 */
export function publishDueScheduled(ctx: ServerContext, now = Date.now()): PublishOutcome {
  const db = ctx.db;
  const outcome: PublishOutcome = { published: [], dropped: [] };
  if (!db.open) return outcome;
  for (const row of dueScheduled(db, new Date(now).toISOString())) {
    let created;
    try {
      created = db.transaction(() => {
        const post = scheduledPostOf(row);
        if (!post) throw new Error('its stored parameters cannot be read');
        deleteScheduled(db, row.id);
        return insertPost(ctx, checkPost(ctx, row.account_id, post));
      })();
    } catch (error) {
      deleteScheduled(db, row.id);
      outcome.dropped.push({
        id: row.id,
        reason: error instanceof Error ? error.message : String(error),
      });
      continue;
    }
    outcome.published.push(created.status.id);
    announcePost(ctx, created);
  }
  return outcome;
}

export async function scheduledStatusRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
): Promise<void> {
  const db = ctx.db;

  const sweep = () => {
    try {
      for (const { id, reason } of publishDueScheduled(ctx).dropped)
        app.log.warn(`scheduled status ${id} was dropped: ${reason}`);
    } catch (error) {
      app.log.error(error, 'publishing scheduled statuses failed');
    }
  };
  // Overdue entries (the instance was down when they fell due) go out as soon as it is ready.
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
  });

  const ownScheduled = (id: string, accountId: string): ScheduledRow => {
    const row = getScheduled(db, id);
    if (!row || row.account_id !== accountId) throw notFound();
    return row;
  };

  app.get('/api/v1/scheduled_statuses', async (request, reply) => {
    const viewer = requireUser(ctx, request, READ_STATUSES);
    const query = queryOf(request);
    const rows = pageOfIds(
      db,
      {
        from: 'scheduled_statuses',
        idColumn: 'id',
        where: ['account_id = ?'],
        params: [viewer.accountId],
      },
      pageOf(query, PAGE_SIZE),
    );
    const link = linkHeader(request, ctx.origin, rows[0]?.id, rows[rows.length - 1]?.id);
    if (link) reply.header('link', link);
    const rc = new RenderContext(ctx, viewer.accountId);
    return rows
      .map((r) => getScheduled(db, r.id))
      .filter((r) => r !== undefined)
      .map((r) => renderScheduled(rc, r));
  });

  app.get<IdParams>('/api/v1/scheduled_statuses/:id', async (request) => {
    const viewer = requireUser(ctx, request, READ_STATUSES);
    const row = ownScheduled(request.params.id, viewer.accountId);
    return renderScheduled(new RenderContext(ctx, viewer.accountId), row);
  });

  app.put<IdParams>('/api/v1/scheduled_statuses/:id', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_STATUSES);
    const row = ownScheduled(request.params.id, viewer.accountId);
    const at = scheduledAtOf(paramsOf(request).scheduled_at);
    if (at === null) throw unprocessable('Missing field: scheduled_at.');
    if (!farEnoughAhead(at))
      throw unprocessable('scheduled_at must be at least 5 minutes in the future');
    checkLimits(ctx, viewer.accountId, at, row.id);
    return renderScheduled(new RenderContext(ctx, viewer.accountId), rescheduled(db, row.id, at));
  });

  app.delete<IdParams>('/api/v1/scheduled_statuses/:id', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_STATUSES);
    const row = ownScheduled(request.params.id, viewer.accountId);
    deleteScheduled(db, row.id);
    return {};
  });
}
