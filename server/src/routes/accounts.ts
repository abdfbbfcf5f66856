import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import {
  findAccountByAcct,
  findAccountByIdOrNickname,
  getAccount,
  visibleTo,
  type AccountRow,
} from '../db/accounts.ts';
import { acceptFollow, follow, isFollowing, unfollow } from '../db/follows.ts';
import { getNotification } from '../db/notifications.ts';
import { sql } from '../db/index.ts';
import { accountStatusIds, followPage, pageOfIds } from '../db/timelines.ts';
import { requireUser, optionalUser } from '../auth/request.ts';
import { badRequest, notFound } from '../errors.ts';
import { RenderContext } from '../views/context.ts';
import { renderAccount } from '../views/account.ts';
import { renderRelationship } from '../views/relationship.ts';
import { renderStatusIds } from '../views/status.ts';
import { hostOf } from '../views/html.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { updateCredentials } from './account-update.ts';
import { storeProfileImages } from './profile-images.ts';
import { withFilters } from './filters.ts';
import { bool, bodyOf, linkHeader, pageOf, paramsOf, queryOf, str, strings } from './params.ts';
import { publishNotifications } from './publish.ts';
import { refuseFollowAcrossBlock } from './block-checks.ts';

type IdParams = { Params: { id: string } };

const READ_ACCOUNTS = ['read:accounts'];
const WRITE_ACCOUNTS = ['write:accounts'];
const READ_FOLLOWS = ['read:follows', 'follow'];
const WRITE_FOLLOWS = ['write:follows', 'follow'];
const READ_STATUSES = ['read:statuses'];

export async function accountRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;
  const host = hostOf(ctx.origin);

  const target = (request: FastifyRequest<IdParams>): AccountRow => {
    const account = findAccountByIdOrNickname(db, request.params.id, host);
    if (!account) throw notFound();
    return account;
  };

  app.get('/api/v1/accounts/verify_credentials', async (request) => {
    const viewer = requireUser(ctx, request, READ_ACCOUNTS);
    const account = getAccount(db, viewer.accountId);
    if (!account) throw notFound();
    return renderAccount(new RenderContext(ctx, viewer.accountId), account);
  });

  app.patch('/api/v1/accounts/update_credentials', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_ACCOUNTS);
    const account = getAccount(db, viewer.accountId);
    if (!account) throw notFound();
    const params = { ...queryOf(request), ...bodyOf(request) };
    const images = await storeProfileImages(ctx, params);
    try {
      updateCredentials(db, account, params, host, images.changes);
    } catch (error) {
      images.discard();
      throw error;
    }
    return renderAccount(
      new RenderContext(ctx, viewer.accountId),
      getAccount(db, viewer.accountId)!,
    );
  });

  app.get('/api/v1/accounts/lookup', async (request) => {
    const viewer = optionalUser(ctx, request, READ_ACCOUNTS);
    const acct = str(queryOf(request).acct);
    if (!acct) throw badRequest('Missing field: acct.');
    const account = findAccountByAcct(db, acct, host);
    if (!account || !visibleTo(db, account, viewer?.accountId ?? null)) throw notFound();
    return renderAccount(new RenderContext(ctx, viewer?.accountId ?? null), account);
  });

  app.get('/api/v1/accounts/relationships', async (request) => {
    const viewer = requireUser(ctx, request, READ_FOLLOWS);
    const ids = strings(queryOf(request), 'id');
    return ids
      .filter((id) => getAccount(db, id))
      .map((id) => renderRelationship(db, viewer.accountId, id));
  });

  app.get<IdParams>('/api/v1/accounts/:id', async (request) => {
    const viewer = optionalUser(ctx, request, READ_ACCOUNTS);
    const account = target(request);
    // An account not let in yet is shown to itself and to staff who manage activation only.
    if (!visibleTo(db, account, viewer?.accountId ?? null)) throw notFound();
    return renderAccount(new RenderContext(ctx, viewer?.accountId ?? null), account);
  });

  app.post<IdParams>('/api/v1/accounts/:id/follow', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_FOLLOWS);
    const followee = target(request);
    if (followee.id === viewer.accountId) throw badRequest('Can not follow yourself');
    refuseFollowAcrossBlock(db, viewer.accountId, followee);
    const params = paramsOf(request);
    const result = follow(db, viewer.accountId, followee.id, {
      reblogs: bool(params.reblogs, 'reblogs'),
      notify: bool(params.notify, 'notify'),
    });
    if (result.notification) publishNotifications(ctx, [result.notification]);
    return renderRelationship(db, viewer.accountId, followee.id);
  });

  app.post<IdParams>('/api/v1/accounts/:id/unfollow', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_FOLLOWS);
    const followee = target(request);
    unfollow(db, viewer.accountId, followee.id);
    return renderRelationship(db, viewer.accountId, followee.id);
  });

  app.get<IdParams>('/api/v1/accounts/:id/statuses', async (request, reply) => {
    const viewer = optionalUser(ctx, request, READ_STATUSES);
    const account = target(request);
    const params = queryOf(request);
    const viewerId = viewer?.accountId ?? null;
    const page = pageOf(params);
    const ids = accountStatusIds(
      db,
      account.id,
      {
        viewerId,
        viewerFollows: viewerId ? isFollowing(db, viewerId, account.id) : false,
        excludeReplies: bool(params.exclude_replies, 'exclude_replies') ?? false,
        excludeReblogs: bool(params.exclude_reblogs, 'exclude_reblogs') ?? false,
        onlyMedia: bool(params.only_media, 'only_media') ?? false,
        pinned: bool(params.pinned, 'pinned') ?? false,
        tagged: str(params.tagged),
      },
      page,
    );
    const link = linkHeader(request, ctx.origin, ids[0], ids[ids.length - 1]);
    if (link) reply.header('link', link);
    const statuses = renderStatusIds(new RenderContext(ctx, viewerId), ids, false);
    return withFilters(ctx, viewerId, 'account', statuses);
  });

  for (const direction of ['followers', 'following'] as const) {
    app.get<IdParams>(`/api/v1/accounts/:id/${direction}`, async (request, reply) => {
      const viewer = optionalUser(ctx, request, READ_ACCOUNTS);
      const account = target(request);
      const viewerId = viewer?.accountId ?? null;
      const hidden = direction === 'followers' ? account.hide_followers : account.hide_follows;
      if (hidden && viewerId !== account.id) return [];
      const rows = followPage(db, account.id, direction, pageOf(queryOf(request)));
      const link = linkHeader(request, ctx.origin, rows[0]?.cursor, rows[rows.length - 1]?.cursor);
      if (link) reply.header('link', link);
      const rc = new RenderContext(ctx, viewerId);
      return rows
        .map((r) => rc.account(r.accountId))
        .filter((a): a is AccountRow => a !== null)
        .map((a) => renderAccount(rc, a));
    });
  }

  app.get('/api/v1/follow_requests', async (request, reply) => {
    const viewer = requireUser(ctx, request, READ_FOLLOWS);
    const rows = pageOfIds(
      db,
      {
        from: 'follows',
        idColumn: 'id',
        where: ['followee_id = ?', "state = 'pending'"],
        params: [viewer.accountId],
        extraColumns: 'follower_id AS other',
      },
      pageOf(queryOf(request), undefined, MAX_PAGE_SIZE),
    );
    const link = linkHeader(request, ctx.origin, rows[0]?.id, rows[rows.length - 1]?.id);
    if (link) reply.header('link', link);
    const rc = new RenderContext(ctx, viewer.accountId);
    return rows
      .map((r) => rc.account(r.other as string))
      .filter((a): a is AccountRow => a !== null)
      .map((a) => renderAccount(rc, a));
  });

  app.post<IdParams>('/api/v1/follow_requests/:id/authorize', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_FOLLOWS);
    const requester = target(request);
    if (!acceptFollow(db, requester.id, viewer.accountId)) throw notFound();
    const notification = sql(
      db,
      "SELECT id FROM notifications WHERE account_id = ? AND from_account_id = ? AND type = 'follow' ORDER BY id DESC",
    ).get(viewer.accountId, requester.id) as { id: string } | undefined;
    if (notification && getNotification(db, notification.id)) {
      publishNotifications(ctx, [{ id: notification.id, accountId: viewer.accountId }]);
    }
    return renderRelationship(db, viewer.accountId, requester.id);
  });

  app.post<IdParams>('/api/v1/follow_requests/:id/reject', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_FOLLOWS);
    const requester = target(request);
    const pending = sql(
      db,
      "SELECT 1 FROM follows WHERE follower_id = ? AND followee_id = ? AND state = 'pending'",
    ).get(requester.id, viewer.accountId);
    if (!pending) throw notFound();
    unfollow(db, requester.id, viewer.accountId);
    return renderRelationship(db, viewer.accountId, requester.id);
  });
}
