import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { getAccount, hasPrivilege } from '../db/accounts.ts';
import { composeStatus } from '../db/compose.ts';
import { sql } from '../db/index.ts';
import { getAppById, findLiveToken } from '../db/oauth.ts';
import {
  VISIBILITIES,
  canView,
  deleteStatus,
  getStatus,
  statusTagNames,
  type StatusRow,
  type Visibility,
} from '../db/statuses.ts';
import { bearerToken, optionalUser, requireUser } from '../auth/request.ts';
import { ApiError, notFound, unprocessable } from '../errors.ts';
import { RenderContext } from '../views/context.ts';
import { renderStatus, renderStatusIds } from '../views/status.ts';
import { hostOf } from '../views/html.ts';
import { MAX_STATUS_CHARS } from './constants.ts';
import { bool, paramsOf, queryOf, str, strings } from './params.ts';
import { publishNotifications, publishStatusCreated, publishStatusDeleted } from './publish.ts';

type IdParams = { Params: { id: string } };

const READ_STATUSES = ['read:statuses'];
const WRITE_STATUSES = ['write:statuses'];
const MAX_DESCENDANTS = 4096;
const IDEMPOTENCY_WINDOW_MS = 60 * 60 * 1000;

export async function statusRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;
  const host = hostOf(ctx.origin);
  // Idempotency-Key -> status id, per account, kept for an hour (Mastodon keeps it for an hour too).
  const idempotency = new Map<string, { statusId: string; at: number }>();

  const visibleStatus = (request: FastifyRequest<IdParams>, viewerId: string | null): StatusRow => {
    const status = getStatus(db, request.params.id);
    if (!status || !canView(db, status, viewerId)) throw notFound();
    return status;
  };

  app.post('/api/v1/statuses', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_STATUSES);
    const params = paramsOf(request);
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' && key ? `${viewer.accountId}:${key}` : null;
    if (idempotencyKey) {
      const now = Date.now();
      for (const [k, v] of idempotency)
        if (now - v.at > IDEMPOTENCY_WINDOW_MS) idempotency.delete(k);
      const previous = idempotency.get(idempotencyKey);
      const existing = previous ? getStatus(db, previous.statusId) : undefined;
      if (existing) return renderStatus(new RenderContext(ctx, viewer.accountId), existing);
    }

    const text = (str(params.status) ?? '').trim();
    const spoilerText = str(params.spoiler_text) ?? '';
    if (params.status !== undefined && typeof params.status !== 'string')
      throw unprocessable('Invalid status');
    if (text.length === 0) throw unprocessable('Cannot post an empty status without attachments');
    if ([...(text + spoilerText)].length > MAX_STATUS_CHARS)
      throw unprocessable('The status is over the character limit');

    const replyId = str(params.in_reply_to_id);
    let inReplyTo: StatusRow | null = null;
    if (replyId) {
      const parent = getStatus(db, replyId);
      if (!parent || !canView(db, parent, viewer.accountId))
        throw unprocessable('The post being replied to was deleted');
      inReplyTo = parent;
    }
    const author = getAccount(db, viewer.accountId);
    if (!author) throw notFound();
    const requested = str(params.visibility);
    if (requested !== undefined && !(VISIBILITIES as readonly string[]).includes(requested)) {
      throw unprocessable(`Invalid visibility: ${requested}`);
    }
    const visibility = (requested ??
      (inReplyTo?.visibility === 'direct' ? 'direct' : author.default_scope)) as Visibility;

    const token = findLiveToken(db, bearerToken(request) ?? '');
    const client = token ? getAppById(db, token.app_id) : undefined;
    const created = composeStatus(
      db,
      {
        accountId: viewer.accountId,
        text,
        spoilerText,
        sensitive: bool(params.sensitive, 'sensitive') ?? author.sensitive_default === 1,
        visibility,
        inReplyTo,
        appName: client?.name ?? null,
        appWebsite: client?.website ?? null,
      },
      host,
    );
    if (idempotencyKey)
      idempotency.set(idempotencyKey, { statusId: created.status.id, at: Date.now() });
    publishStatusCreated(ctx, {
      ...created,
      tags: statusTagNames(db, created.status.id).map((t) => t.tag),
    });
    publishNotifications(ctx, created.notifications);
    return renderStatus(new RenderContext(ctx, viewer.accountId), created.status);
  });

  // Pleroma's multifetch: GET /api/v1/statuses?ids[]=...
  app.get('/api/v1/statuses', async (request) => {
    const viewer = optionalUser(ctx, request, READ_STATUSES);
    const query = queryOf(request);
    const ids = [...strings(query, 'ids'), ...strings(query, 'id')].slice(0, 100);
    return renderStatusIds(new RenderContext(ctx, viewer?.accountId ?? null), ids);
  });

  app.get<IdParams>('/api/v1/statuses/:id', async (request) => {
    const viewer = optionalUser(ctx, request, READ_STATUSES);
    const viewerId = viewer?.accountId ?? null;
    return renderStatus(new RenderContext(ctx, viewerId), visibleStatus(request, viewerId));
  });

  app.delete<IdParams>('/api/v1/statuses/:id', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_STATUSES);
    const status = visibleStatus(request, viewer.accountId);
    const actor = getAccount(db, viewer.accountId);
    const allowed =
      status.account_id === viewer.accountId || (actor && hasPrivilege(actor, 'messages_delete'));
    if (!allowed) throw new ApiError(403, "Can't delete this post");
    const rendered = renderStatus(new RenderContext(ctx, viewer.accountId), status, {
      withSource: true,
    });
    publishStatusDeleted(ctx, deleteStatus(db, status));
    return rendered;
  });

  app.get<IdParams>('/api/v1/statuses/:id/context', async (request) => {
    const viewer = optionalUser(ctx, request, READ_STATUSES);
    const viewerId = viewer?.accountId ?? null;
    const status = visibleStatus(request, viewerId);
    const rc = new RenderContext(ctx, viewerId);

    const ancestors: StatusRow[] = [];
    const seen = new Set<string>([status.id]);
    let parentId = status.in_reply_to_id;
    while (parentId && !seen.has(parentId)) {
      seen.add(parentId);
      const parent = getStatus(db, parentId);
      if (!parent) break;
      ancestors.unshift(parent);
      parentId = parent.in_reply_to_id;
    }

    // Depth-first, oldest reply first at each level, as Mastodon orders descendants.
    const descendants: StatusRow[] = [];
    const childrenOf = sql(db, 'SELECT * FROM statuses WHERE in_reply_to_id = ? ORDER BY id');
    const stack = (childrenOf.all(status.id) as StatusRow[]).reverse();
    while (stack.length > 0 && descendants.length < MAX_DESCENDANTS) {
      const next = stack.pop()!;
      if (seen.has(next.id)) continue;
      seen.add(next.id);
      descendants.push(next);
      stack.push(...(childrenOf.all(next.id) as StatusRow[]).reverse());
    }

    const visible = (rows: StatusRow[]) =>
      rows.filter((s) => canView(db, s, viewerId)).map((s) => renderStatus(rc, s));
    return { ancestors: visible(ancestors), descendants: visible(descendants) };
  });
}
