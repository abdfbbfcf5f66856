import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { getAccount, hasPrivilege } from '../db/accounts.ts';
import { originalOf } from '../db/interactions.ts';
import { exclusionsFor } from '../db/relations.ts';
import { editAudience, editStatus, statusEdits } from '../db/edits.ts';
import { sql } from '../db/index.ts';
import { getMedia, mediaOfStatus, mediaProblem } from '../db/media.ts';
import { insertNotification, type CreatedNotification } from '../db/notifications.ts';
import { pollOfStatus, pollOptions } from '../db/polls.ts';
import { findLiveToken } from '../db/oauth.ts';
import { statusForIdempotencyKey } from '../db/idempotency.ts';
import { scheduledForIdempotencyKey } from '../db/scheduled.ts';
import {
  canView,
  deleteStatus,
  getStatus,
  statusMentionIds,
  statusTagNames,
  type CreatedStatus,
  type StatusRow,
} from '../db/statuses.ts';
import { bearerToken, optionalUser, requireUser } from '../auth/request.ts';
import { ApiError, notFound, unprocessable } from '../errors.ts';
import { RenderContext } from '../views/context.ts';
import { renderAccountById } from '../views/account.ts';
import { renderAttachment } from '../views/media.ts';
import { renderScheduled } from '../views/scheduled.ts';
import { renderStatus, renderStatusIds } from '../views/status.ts';
import { withFilters } from './filters.ts';
import { hostOf, withOrigin } from '../views/html.ts';
import { shortcodesIn } from '../views/text.ts';
import { MAX_MEDIA_ATTACHMENTS, MAX_STATUS_CHARS } from './constants.ts';
import { bool, paramsOf, queryOf, str, strings } from './params.ts';
import { checkedPoll, contentTypeOf, idempotencyKeyOf, mediaIdsOf } from './post-input.ts';
import {
  announcePost,
  checkPost,
  composeChecked,
  insertPost,
  postRequestOf,
} from './post-status.ts';
import { publishNotifications, publishStatusDeleted, publishStatusUpdated } from './publish.ts';
import { farEnoughAhead, schedulePost, scheduledAtOf } from './scheduled-statuses.ts';

type IdParams = { Params: { id: string } };

const READ_STATUSES = ['read:statuses'];
const WRITE_STATUSES = ['write:statuses'];
const MAX_DESCENDANTS = 4096;
/** Thrown inside a preview's transaction to undo it. */
const ROLLBACK = Symbol('rollback preview');

export async function statusRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;
  const host = hostOf(ctx.origin);

  /**
   * Pleroma's preview: the status is created, rendered and rolled back inside one transaction,
   * so it renders exactly as it would post (mentions, hashtags, emoji) and nothing is kept,
   * notified or streamed.
   */
  const renderPreview = (compose: () => CreatedStatus): Record<string, unknown> => {
    let rendered: Record<string, unknown> | null = null;
    try {
      db.transaction(() => {
        const { status } = compose();
        rendered = renderStatus(new RenderContext(ctx, status.account_id), status);
        throw ROLLBACK;
      })();
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
    return rendered!;
  };

  const visibleStatus = (request: FastifyRequest<IdParams>, viewerId: string | null): StatusRow => {
    const status = getStatus(db, request.params.id);
    if (!status || !canView(db, status, viewerId)) throw notFound();
    return status;
  };

  app.post('/api/v1/statuses', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_STATUSES);
    const params = paramsOf(request);
    const preview = bool(params.preview, 'preview') ?? false;
    const rc = () => new RenderContext(ctx, viewer.accountId);
    // A preview never creates anything, so it neither answers with nor records a key.
    const idempotencyKey = preview ? null : idempotencyKeyOf(request);
    if (idempotencyKey) {
      const scheduled = scheduledForIdempotencyKey(db, viewer.accountId, idempotencyKey);
      if (scheduled) return renderScheduled(rc(), scheduled);
      const previousId = statusForIdempotencyKey(db, viewer.accountId, idempotencyKey);
      const existing = previousId ? getStatus(db, previousId) : undefined;
      if (existing) return renderStatus(rc(), existing);
    }
    const scheduledAt = scheduledAtOf(params.scheduled_at);
    const token = findLiveToken(db, bearerToken(request) ?? '');
    const checked = checkPost(
      ctx,
      viewer.accountId,
      postRequestOf(params, { preview, appId: token?.app_id ?? null, idempotencyKey }),
    );
    if (preview) return renderPreview(() => composeChecked(ctx, checked));
    // Pleroma posts at once when the time is too close to be worth scheduling.
    if (scheduledAt && farEnoughAhead(scheduledAt))
      return renderScheduled(rc(), schedulePost(ctx, checked, scheduledAt));

    const created = insertPost(ctx, checked);
    announcePost(ctx, created);
    return renderStatus(rc(), created.status);
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

  /** The caller's own original status (not a reblog); others' answer 403, unseen 404. */
  const ownStatus = (request: FastifyRequest<IdParams>, viewerId: string): StatusRow => {
    const status = visibleStatus(request, viewerId);
    if (status.reblog_of_id) throw notFound();
    if (status.account_id !== viewerId) throw new ApiError(403, 'Access denied');
    return status;
  };

  app.put<IdParams>('/api/v1/statuses/:id', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_STATUSES);
    const status = ownStatus(request, viewer.accountId);
    const params = paramsOf(request);
    if (params.status !== undefined && typeof params.status !== 'string')
      throw unprocessable('Invalid status');
    scheduledAtOf(params.scheduled_at);
    const text =
      params.status === undefined ? status.content_source : (str(params.status) ?? '').trim();
    const spoilerText = str(params.spoiler_text) ?? status.spoiler_text;
    const contentType = contentTypeOf(params);
    const mediaIds = mediaIdsOf(params);
    const mediaError = mediaIds
      ? mediaProblem(db, viewer.accountId, mediaIds, status.id, MAX_MEDIA_ATTACHMENTS)
      : null;
    if (mediaError) throw unprocessable(mediaError);
    const hasMedia = mediaIds ? mediaIds.length > 0 : status.has_media === 1;
    if (text.length === 0 && !hasMedia)
      throw unprocessable('Cannot post an empty status without attachments');
    if ([...(text + spoilerText)].length > MAX_STATUS_CHARS)
      throw unprocessable('The status is over the character limit');
    const poll = checkedPoll(params);
    const updated = editStatus(
      db,
      status,
      {
        text,
        spoilerText,
        sensitive: bool(params.sensitive, 'sensitive') ?? status.sensitive === 1,
        contentType,
        mediaIds,
        poll,
      },
      host,
    );
    const notifications: CreatedNotification[] = [];
    for (const accountId of editAudience(db, status.id)) {
      const created = insertNotification(db, {
        accountId,
        type: 'update',
        fromId: status.account_id,
        statusId: status.id,
      });
      if (created) notifications.push(created);
    }
    const homeRecipients = (
      sql(db, 'SELECT account_id FROM home_feed WHERE status_id = ?').all(status.id) as {
        account_id: string;
      }[]
    ).map((r) => r.account_id);
    publishStatusUpdated(ctx, {
      status: updated,
      homeRecipients,
      mentionIds: statusMentionIds(db, status.id),
      tags: statusTagNames(db, status.id).map((t) => t.tag),
    });
    publishNotifications(ctx, notifications);
    return renderStatus(new RenderContext(ctx, viewer.accountId), updated);
  });

  app.get<IdParams>('/api/v1/statuses/:id/source', async (request) => {
    const viewer = requireUser(ctx, request, READ_STATUSES);
    const status = ownStatus(request, viewer.accountId);
    return {
      id: status.id,
      text: status.content_source,
      spoiler_text: status.spoiler_text,
      content_type: status.content_type,
    };
  });

  app.get<IdParams>('/api/v1/statuses/:id/history', async (request) => {
    const viewer = optionalUser(ctx, request, READ_STATUSES);
    const viewerId = viewer?.accountId ?? null;
    const status = visibleStatus(request, viewerId);
    if (status.reblog_of_id) throw notFound();
    const rc = new RenderContext(ctx, viewerId);
    const account = renderAccountById(rc, status.account_id);
    const version = (v: {
      source: string;
      html: string;
      spoiler: string;
      sensitive: number;
      mediaIds: string[];
      pollOptions: string[] | null;
      at: string;
    }) => ({
      content: withOrigin(v.html, ctx.origin),
      spoiler_text: v.spoiler,
      sensitive: v.sensitive === 1,
      created_at: v.at,
      account,
      media_attachments: v.mediaIds
        .map((id) => getMedia(db, id))
        .filter((m) => m !== undefined)
        .map((m) => renderAttachment(rc, m)),
      emojis: rc.emojisFor(shortcodesIn(v.source, v.spoiler)),
      poll: v.pollOptions ? { options: v.pollOptions.map((title) => ({ title })) } : null,
    });
    const parse = (text: string | null): string[] | null => {
      if (text === null) return null;
      try {
        const value = JSON.parse(text) as unknown;
        return Array.isArray(value) ? value.map(String) : null;
      } catch {
        return null;
      }
    };
    const currentPoll = pollOfStatus(db, status.id);
    return [
      ...statusEdits(db, status.id).map((e) =>
        version({
          source: e.content_source,
          html: e.content_html,
          spoiler: e.spoiler_text,
          sensitive: e.sensitive,
          mediaIds: parse(e.media_ids_json) ?? [],
          pollOptions: parse(e.poll_options_json),
          at: e.created_at,
        }),
      ),
      version({
        source: status.content_source,
        html: status.content_html,
        spoiler: status.spoiler_text,
        sensitive: status.sensitive,
        mediaIds: mediaOfStatus(db, status.id).map((m) => m.id),
        pollOptions: currentPoll ? pollOptions(currentPoll) : null,
        at: status.edited_at ?? status.created_at,
      }),
    ];
  });

  app.get<IdParams>('/api/v1/statuses/:id/context', async (request) => {
    const viewer = optionalUser(ctx, request, READ_STATUSES);
    const viewerId = viewer?.accountId ?? null;
    const status = originalOf(db, visibleStatus(request, viewerId));
    const rc = new RenderContext(ctx, viewerId);
    // Blocked (and domain-blocked) accounts' posts are left out; muted ones render muted.
    const hidden = viewerId ? exclusionsFor(db, viewerId, true).accounts : new Set<string>();

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
      rows
        .filter((s) => !hidden.has(s.account_id) && canView(db, s, viewerId))
        .map((s) => renderStatus(rc, s));
    return {
      ancestors: withFilters(ctx, viewerId, 'thread', visible(ancestors)),
      descendants: withFilters(ctx, viewerId, 'thread', visible(descendants)),
    };
  });
}
