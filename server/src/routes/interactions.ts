import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import type { AccountRow } from '../db/accounts.ts';
import { sql } from '../db/index.ts';
import {
  bookmark,
  favourite,
  muteThread,
  originalOf,
  pin,
  react,
  reblog,
  unbookmark,
  unfavourite,
  unmuteThread,
  unpin,
  unreact,
  unreblog,
} from '../db/interactions.ts';
import { pageOfIds } from '../db/timelines.ts';
import {
  canView,
  getStatus,
  VISIBILITIES,
  type StatusRow,
  type Visibility,
} from '../db/statuses.ts';
import { optionalUser, requireUser, type Viewer } from '../auth/request.ts';
import { badRequest, notFound, unprocessable } from '../errors.ts';
import { RenderContext } from '../views/context.ts';
import { renderAccount } from '../views/account.ts';
import { renderStatus } from '../views/status.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { linkHeader, pageOf, paramsOf, queryOf, str } from './params.ts';
import { publishNotifications, publishStatusCreated, publishStatusDeleted } from './publish.ts';
import { refuseIfBlockedBy } from './block-checks.ts';

type IdParams = { Params: { id: string } };
type EmojiParams = { Params: { id: string; emoji: string } };

const READ_STATUSES = ['read:statuses'];
const WRITE_STATUSES = ['write:statuses'];
const WRITE_FAVOURITES = ['write:favourites'];
const WRITE_BOOKMARKS = ['write:bookmarks'];
const WRITE_MUTES = ['write:mutes', 'follow'];
const WRITE_ACCOUNTS = ['write:accounts'];
const READ_ACCOUNTS = ['read:accounts'];

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const PICTOGRAPHIC = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
const SHORTCODE = /^:?([A-Za-z0-9_+-]+):?$/;

/**
 * A reaction emoji as Pleroma stores it: one unicode emoji (fully qualified: a lone text-style
 * pictograph gets U+FE0F) or the bare shortcode of a known custom emoji. Null when invalid.
 */
export function normaliseReaction(raw: string, customExists: (code: string) => boolean) {
  const text = raw.trim();
  if (!text || text.length > 64) return null;
  const custom = SHORTCODE.exec(text);
  if (custom) return customExists(custom[1]!) ? custom[1]! : null;
  if ([...graphemes.segment(text)].length !== 1 || !PICTOGRAPHIC.test(text)) return null;
  const points = [...text];
  if (points.length === 1 && !/\p{Emoji_Presentation}/u.test(text)) return `${text}\uFE0F`;
  return text;
}

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export async function interactionRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;

  const visible = (id: string, viewerId: string | null): StatusRow => {
    const status = getStatus(db, id);
    if (!status || !canView(db, status, viewerId)) throw notFound();
    return status;
  };
  /** The status the action is about: a reblog stands for its original. */
  const target = (request: FastifyRequest<IdParams>, viewer: Viewer): StatusRow => {
    const status = originalOf(db, visible(request.params.id, viewer.accountId));
    if (!canView(db, status, viewer.accountId)) throw notFound();
    return status;
  };
  const answer = (viewer: Viewer, status: StatusRow) =>
    renderStatus(new RenderContext(ctx, viewer.accountId), getStatus(db, status.id) ?? status);

  app.post<IdParams>('/api/v1/statuses/:id/favourite', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_FAVOURITES);
    const status = target(request, viewer);
    refuseIfBlockedBy(db, viewer.accountId, status.account_id, 'favourite');
    const notification = favourite(db, viewer.accountId, status);
    if (notification) publishNotifications(ctx, [notification]);
    return answer(viewer, status);
  });

  app.post<IdParams>('/api/v1/statuses/:id/unfavourite', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_FAVOURITES);
    const status = target(request, viewer);
    unfavourite(db, viewer.accountId, status);
    return answer(viewer, status);
  });

  app.post<IdParams>('/api/v1/statuses/:id/bookmark', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_BOOKMARKS);
    const status = target(request, viewer);
    bookmark(db, viewer.accountId, status);
    return answer(viewer, status);
  });

  app.post<IdParams>('/api/v1/statuses/:id/unbookmark', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_BOOKMARKS);
    const status = target(request, viewer);
    unbookmark(db, viewer.accountId, status);
    return answer(viewer, status);
  });

  app.post<IdParams>('/api/v1/statuses/:id/mute', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_MUTES);
    const status = target(request, viewer);
    muteThread(db, viewer.accountId, status);
    return answer(viewer, status);
  });

  app.post<IdParams>('/api/v1/statuses/:id/unmute', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_MUTES);
    const status = target(request, viewer);
    unmuteThread(db, viewer.accountId, status);
    return answer(viewer, status);
  });

  app.post<IdParams>('/api/v1/statuses/:id/pin', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_ACCOUNTS);
    const status = visible(request.params.id, viewer.accountId);
    const problem = pin(db, viewer.accountId, status);
    if (problem) throw unprocessable(problem);
    return answer(viewer, status);
  });

  app.post<IdParams>('/api/v1/statuses/:id/unpin', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_ACCOUNTS);
    const status = visible(request.params.id, viewer.accountId);
    unpin(db, viewer.accountId, status);
    return answer(viewer, status);
  });

  app.post<IdParams>('/api/v1/statuses/:id/reblog', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_STATUSES);
    const original = target(request, viewer);
    refuseIfBlockedBy(db, viewer.accountId, original.account_id, 'repeat');
    const requested = str(paramsOf(request).visibility);
    if (
      requested !== undefined &&
      (requested === 'direct' || !(VISIBILITIES as readonly string[]).includes(requested))
    )
      throw unprocessable(`Invalid visibility: ${requested}`);
    const own = original.account_id === viewer.accountId;
    let visibility: Visibility;
    if (original.visibility === 'public' || original.visibility === 'unlisted') {
      visibility = (requested as Visibility | undefined) ?? 'public';
    } else if (original.visibility === 'private' && own) {
      // An own followers-only post can be repeated, to the same followers only.
      visibility = 'private';
    } else {
      throw unprocessable(
        own ? 'can not announce this object publicly' : 'can not announce this object',
      );
    }
    const created = reblog(db, viewer.accountId, original, visibility);
    if (created.created) {
      publishStatusCreated(ctx, {
        status: created.status,
        homeRecipients: created.homeRecipients,
        mentionIds: [],
        tags: [],
      });
      if (created.notification) publishNotifications(ctx, [created.notification]);
    }
    return renderStatus(new RenderContext(ctx, viewer.accountId), created.status);
  });

  app.post<IdParams>('/api/v1/statuses/:id/unreblog', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_STATUSES);
    const original = target(request, viewer);
    const removed = unreblog(db, viewer.accountId, original);
    if (removed)
      publishStatusDeleted(ctx, {
        status: removed.status,
        homeRecipients: removed.homeRecipients,
        mentionIds: [],
        tags: [],
      });
    return answer(viewer, original);
  });

  const accountsPage = (
    request: FastifyRequest<IdParams>,
    reply: FastifyReply,
    query: { from: string; idColumn: string; statusColumn: string; accountColumn: string },
  ) => {
    const viewer = optionalUser(ctx, request, READ_ACCOUNTS);
    const viewerId = viewer?.accountId ?? null;
    const status = originalOf(db, visible(request.params.id, viewerId));
    const rows = pageOfIds(
      db,
      {
        from: query.from,
        idColumn: query.idColumn,
        where: [`${query.statusColumn} = ?`],
        params: [status.id],
        extraColumns: `${query.accountColumn} AS account`,
      },
      pageOf(queryOf(request), 40, MAX_PAGE_SIZE * 2),
    );
    const link = linkHeader(request, ctx.origin, rows[0]?.id, rows[rows.length - 1]?.id);
    if (link) reply.header('link', link);
    const rc = new RenderContext(ctx, viewerId);
    const blocked = viewerId
      ? new Set(
          (
            sql(db, 'SELECT target_id FROM blocks WHERE account_id = ?').all(viewerId) as {
              target_id: string;
            }[]
          ).map((r) => r.target_id),
        )
      : new Set<string>();
    return rows
      .map((r) => r.account as string)
      .filter((id) => !blocked.has(id))
      .map((id) => rc.account(id))
      .filter((a): a is AccountRow => a !== null)
      .map((a) => renderAccount(rc, a));
  };

  app.get<IdParams>('/api/v1/statuses/:id/favourited_by', async (request, reply) =>
    accountsPage(request, reply, {
      from: 'favourites f',
      idColumn: 'f.id',
      statusColumn: 'f.status_id',
      accountColumn: 'f.account_id',
    }),
  );

  app.get<IdParams>('/api/v1/statuses/:id/reblogged_by', async (request, reply) => {
    // Reblogs are statuses: page by the reblog's id, status_id is reblog_of_id.
    const viewer = optionalUser(ctx, request, READ_ACCOUNTS);
    const viewerId = viewer?.accountId ?? null;
    const status = originalOf(db, visible(request.params.id, viewerId));
    const rows = pageOfIds(
      db,
      {
        from: 'statuses s',
        idColumn: 's.id',
        where: ['s.reblog_of_id = ?', "s.visibility IN ('public', 'unlisted')"],
        params: [status.id],
        extraColumns: 's.account_id AS account',
      },
      pageOf(queryOf(request), 40, MAX_PAGE_SIZE * 2),
    );
    const link = linkHeader(request, ctx.origin, rows[0]?.id, rows[rows.length - 1]?.id);
    if (link) reply.header('link', link);
    const rc = new RenderContext(ctx, viewerId);
    return rows
      .map((r) => rc.account(r.account as string))
      .filter((a): a is AccountRow => a !== null)
      .map((a) => renderAccount(rc, a));
  });

  // Emoji reactions (Pleroma), plus Akkoma's alias for adding one.
  const addReaction = async (request: FastifyRequest<EmojiParams>) => {
    const viewer = requireUser(ctx, request, WRITE_STATUSES);
    const status = originalOf(db, visible(request.params.id, viewer.accountId));
    const rc = new RenderContext(ctx, viewer.accountId);
    const emoji = normaliseReaction(decodeParam(request.params.emoji), (code) =>
      rc.emojiMap().has(code),
    );
    if (!emoji) throw badRequest('Could not add reaction emoji');
    refuseIfBlockedBy(db, viewer.accountId, status.account_id, 'react');
    const notification = react(db, viewer.accountId, status, emoji);
    if (notification) publishNotifications(ctx, [notification]);
    return renderStatus(new RenderContext(ctx, viewer.accountId), status);
  };
  app.put<EmojiParams>('/api/v1/pleroma/statuses/:id/reactions/:emoji', addReaction);
  app.put<EmojiParams>('/api/v1/statuses/:id/emoji_reactions/:emoji', addReaction);

  app.delete<EmojiParams>('/api/v1/pleroma/statuses/:id/reactions/:emoji', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_STATUSES);
    const status = originalOf(db, visible(request.params.id, viewer.accountId));
    const rc = new RenderContext(ctx, viewer.accountId);
    const emoji = normaliseReaction(decodeParam(request.params.emoji), (code) =>
      rc.emojiMap().has(code),
    );
    if (!emoji) throw badRequest('Could not remove reaction emoji');
    unreact(db, viewer.accountId, status, emoji);
    return renderStatus(new RenderContext(ctx, viewer.accountId), status);
  });

  const listReactions = (request: FastifyRequest<IdParams>, only: string | null) => {
    const viewer = optionalUser(ctx, request, READ_STATUSES);
    const viewerId = viewer?.accountId ?? null;
    const status = originalOf(db, visible(request.params.id, viewerId));
    const rc = new RenderContext(ctx, viewerId);
    const rows = sql(
      db,
      `SELECT r.emoji, r.account_id FROM emoji_reactions r
       WHERE r.status_id = ? AND r.account_id NOT IN (SELECT target_id FROM blocks WHERE account_id = ?)
       ORDER BY r.created_at, r.account_id`,
    ).all(status.id, viewerId ?? '') as { emoji: string; account_id: string }[];
    const groups = new Map<string, string[]>();
    for (const row of rows) {
      if (only !== null && row.emoji !== only) continue;
      const list = groups.get(row.emoji) ?? [];
      list.push(row.account_id);
      groups.set(row.emoji, list);
    }
    return [...groups.entries()].map(([name, accountIds]) => {
      const custom = rc.emojiMap().get(name);
      const accounts = accountIds
        .map((id) => rc.account(id))
        .filter((a): a is AccountRow => a !== null)
        .map((a) => renderAccount(rc, a));
      return {
        name,
        count: accountIds.length,
        me: viewerId !== null && accountIds.includes(viewerId),
        url: custom ? rc.emojiUrl(custom.file_name) : null,
        account_ids: accountIds,
        accounts,
      };
    });
  };

  app.get<IdParams>('/api/v1/pleroma/statuses/:id/reactions', async (request) =>
    listReactions(request, null),
  );

  app.get<EmojiParams>('/api/v1/pleroma/statuses/:id/reactions/:emoji', async (request) => {
    const rc = new RenderContext(ctx, null);
    const emoji = normaliseReaction(decodeParam(request.params.emoji), (code) =>
      rc.emojiMap().has(code),
    );
    if (!emoji) throw badRequest('Invalid emoji');
    return listReactions(request, emoji);
  });
}
