import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { nowIso, sql } from '../db/index.ts';
import { getNotification, notifyEndedPolls, type NotificationRow } from '../db/notifications.ts';
import { publishNotifications } from './publish.ts';
import { pageOfIds } from '../db/timelines.ts';
import { notBlockedBySql } from '../db/relations.ts';
import { requireUser } from '../auth/request.ts';
import { badRequest, notFound } from '../errors.ts';
import { RenderContext } from '../views/context.ts';
import { renderNotification } from '../views/notification.ts';
import { MAX_NOTIFICATION_PAGE_SIZE, PAGE_SIZE } from './constants.ts';
import { bool, linkHeader, pageOf, paramsOf, queryOf, str, strings } from './params.ts';
import { withNotificationFilters } from './filters.ts';

type IdParams = { Params: { id: string } };

const READ = ['read:notifications'];
const WRITE = ['write:notifications'];
/** Types Pleroma only returns when asked for with include_types[]. */
const OPT_IN_TYPES = ['pleroma:chat_mention', 'pleroma:report'];
/** How often ended polls are looked for (their notifications also go out on the next read). */
const POLL_END_SWEEP_MS = 5000;

/** Clients may name types by Pleroma-FE's names too (like, repeat); stored by Mastodon's. */
function wireType(type: string): string {
  if (type === 'like') return 'favourite';
  if (type === 'repeat') return 'reblog';
  return type;
}

export async function notificationRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;

  // Polls end on their own: a sweep every few seconds tells authors and voters, live.
  const sweepEndedPolls = () => publishNotifications(ctx, notifyEndedPolls(db));
  const sweeper = setInterval(sweepEndedPolls, POLL_END_SWEEP_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  /** The WHERE of a notifications query for this viewer and these query parameters. */
  function filterOf(viewerId: string, query: Record<string, unknown>) {
    const where = ['account_id = ?'];
    const params: unknown[] = [viewerId];
    const include = [...strings(query, 'include_types'), ...strings(query, 'types')];
    const exclude = strings(query, 'exclude_types');
    if (include.length > 0) {
      where.push(`type IN (${include.map(() => '?').join(', ')})`);
      params.push(...include.map(wireType));
    } else {
      exclude.push(...OPT_IN_TYPES);
    }
    if (exclude.length > 0) {
      where.push(`type NOT IN (${exclude.map(() => '?').join(', ')})`);
      params.push(...exclude.map(wireType));
    }
    // Blocked (and domain-blocked) accounts never notify; muted ones (with notifications muted)
    // only with with_muted.
    where.push(notBlockedBySql('from_account_id', '?'));
    params.push(viewerId, viewerId);
    if (!(bool(query.with_muted, 'with_muted') ?? false)) {
      where.push(
        `from_account_id NOT IN (SELECT target_id FROM mutes WHERE account_id = ? AND notifications = 1
           AND (expires_at IS NULL OR expires_at > ?))`,
      );
      params.push(viewerId, nowIso());
    }
    const accountId = str(query.account_id);
    if (accountId) {
      where.push('from_account_id = ?');
      params.push(accountId);
    }
    return { where, params };
  }

  app.get('/api/v1/notifications/unread_count', async (request) => {
    const viewer = requireUser(ctx, request, READ);
    sweepEndedPolls();
    const { where, params } = filterOf(viewer.accountId, queryOf(request));
    const row = sql(
      db,
      `SELECT count(*) AS count FROM notifications WHERE ${where.join(' AND ')} AND seen = 0`,
    ).get(...params) as { count: number };
    return { count: row.count };
  });

  app.delete('/api/v1/notifications/destroy_multiple', async (request) => {
    const viewer = requireUser(ctx, request, WRITE);
    const ids = strings(paramsOf(request), 'ids');
    if (ids.length === 0) throw badRequest('Missing field: ids.');
    sql(
      db,
      `DELETE FROM notifications WHERE account_id = ? AND id IN (${ids.map(() => '?').join(', ')})`,
    ).run(viewer.accountId, ...ids);
    return {};
  });

  app.get('/api/v1/notifications', async (request, reply) => {
    const viewer = requireUser(ctx, request, READ);
    sweepEndedPolls();
    const query = queryOf(request);
    const { where, params } = filterOf(viewer.accountId, query);
    const rows = pageOfIds(
      db,
      { from: 'notifications', idColumn: 'id', where, params },
      pageOf(query, PAGE_SIZE, MAX_NOTIFICATION_PAGE_SIZE),
    );
    const link = linkHeader(request, ctx.origin, rows[0]?.id, rows[rows.length - 1]?.id);
    if (link) reply.header('link', link);
    const rc = new RenderContext(ctx, viewer.accountId);
    const rendered = rows
      .map((r) => getNotification(db, r.id))
      .filter((n): n is NotificationRow => n !== undefined)
      .map((n) => renderNotification(rc, n))
      .filter((n) => n !== null);
    return withNotificationFilters(ctx, viewer.accountId, rendered);
  });

  app.get<IdParams>('/api/v1/notifications/:id', async (request) => {
    const viewer = requireUser(ctx, request, READ);
    const row = getNotification(db, request.params.id);
    if (!row || row.account_id !== viewer.accountId) throw notFound();
    const rendered = renderNotification(new RenderContext(ctx, viewer.accountId), row);
    if (!rendered) throw notFound();
    return rendered;
  });

  app.post('/api/v1/notifications/clear', async (request) => {
    const viewer = requireUser(ctx, request, WRITE);
    sql(db, 'DELETE FROM notifications WHERE account_id = ?').run(viewer.accountId);
    return {};
  });

  app.post<IdParams>('/api/v1/notifications/:id/dismiss', async (request) => {
    const viewer = requireUser(ctx, request, WRITE);
    const info = sql(db, 'DELETE FROM notifications WHERE id = ? AND account_id = ?').run(
      request.params.id,
      viewer.accountId,
    );
    if (info.changes === 0) throw notFound();
    return {};
  });

  app.post('/api/v1/pleroma/notifications/read', async (request) => {
    const viewer = requireUser(ctx, request, WRITE);
    const params = paramsOf(request);
    const id = str(params.id);
    const maxId = str(params.max_id);
    const rc = new RenderContext(ctx, viewer.accountId);
    if (id) {
      sql(db, 'UPDATE notifications SET seen = 1 WHERE id = ? AND account_id = ?').run(
        id,
        viewer.accountId,
      );
      const row = getNotification(db, id);
      if (!row || row.account_id !== viewer.accountId) throw notFound();
      return renderNotification(rc, row);
    }
    if (!maxId) throw badRequest('Missing field: id or max_id.');
    sql(db, 'UPDATE notifications SET seen = 1 WHERE account_id = ? AND id <= ?').run(
      viewer.accountId,
      maxId,
    );
    const rows = sql(
      db,
      `SELECT * FROM notifications WHERE account_id = ? AND id <= ? ORDER BY id DESC LIMIT ${MAX_NOTIFICATION_PAGE_SIZE}`,
    ).all(viewer.accountId, maxId) as NotificationRow[];
    return rows.map((r) => renderNotification(rc, r)).filter((n) => n !== null);
  });
}
