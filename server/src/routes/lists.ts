import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { findAccountByIdOrNickname, getAccount, type AccountRow } from '../db/accounts.ts';
import { isFollowing } from '../db/follows.ts';
import {
  addListMembers,
  createList,
  deleteList,
  getList,
  listMemberIds,
  listsContaining,
  listsOf,
  removeListMembers,
  renameList,
  type ListRow,
} from '../db/lists.ts';
import { exclusionsFor } from '../db/relations.ts';
import { statusesByAccountsIds } from '../db/timelines.ts';
import { requireUser } from '../auth/request.ts';
import { notFound, unprocessable } from '../errors.ts';
import { RenderContext } from '../views/context.ts';
import { renderAccount } from '../views/account.ts';
import { hostOf } from '../views/html.ts';
import { renderList } from '../views/list.ts';
import { renderStatusIds } from '../views/status.ts';
import { withFilters } from './filters.ts';
import { bool, linkHeader, pageOf, paramsOf, queryOf, str, strings } from './params.ts';

type IdParams = { Params: { id: string } };

const READ_LISTS = ['read:lists'];
const WRITE_LISTS = ['write:lists'];
const READ_STATUSES = ['read:statuses'];
const MAX_TITLE_CHARS = 256;

function titleOf(request: FastifyRequest): string {
  const title = (str(paramsOf(request).title) ?? '').trim();
  if (!title) throw unprocessable("Validation failed: Title can't be blank");
  if ([...title].length > MAX_TITLE_CHARS)
    throw unprocessable(`Validation failed: Title is too long (maximum is ${MAX_TITLE_CHARS})`);
  return title;
}

export async function listRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;
  const host = hostOf(ctx.origin);

  /** The viewer's own list; somebody else's answers 404 as if it did not exist. */
  const ownList = (request: FastifyRequest<IdParams>, viewerId: string): ListRow => {
    const list = getList(db, request.params.id);
    if (!list || list.account_id !== viewerId) throw notFound();
    return list;
  };

  app.get('/api/v1/lists', async (request) => {
    const viewer = requireUser(ctx, request, READ_LISTS);
    return listsOf(db, viewer.accountId).map(renderList);
  });

  app.post('/api/v1/lists', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_LISTS);
    return renderList(createList(db, viewer.accountId, titleOf(request)));
  });

  app.get<IdParams>('/api/v1/lists/:id', async (request) => {
    const viewer = requireUser(ctx, request, READ_LISTS);
    return renderList(ownList(request, viewer.accountId));
  });

  app.put<IdParams>('/api/v1/lists/:id', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_LISTS);
    const list = ownList(request, viewer.accountId);
    renameList(db, list.id, titleOf(request));
    return renderList(getList(db, list.id)!);
  });

  app.delete<IdParams>('/api/v1/lists/:id', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_LISTS);
    deleteList(db, ownList(request, viewer.accountId).id);
    return {};
  });

  app.get<IdParams>('/api/v1/lists/:id/accounts', async (request) => {
    const viewer = requireUser(ctx, request, READ_LISTS);
    const list = ownList(request, viewer.accountId);
    const rc = new RenderContext(ctx, viewer.accountId);
    return listMemberIds(db, list.id)
      .map((id) => rc.account(id))
      .filter((a): a is AccountRow => a !== null)
      .map((a) => renderAccount(rc, a));
  });

  const accountIds = (request: FastifyRequest): string[] => {
    const ids = strings(paramsOf(request), 'account_ids');
    if (ids.length === 0) throw unprocessable('Missing field: account_ids.');
    return ids;
  };

  app.post<IdParams>('/api/v1/lists/:id/accounts', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_LISTS);
    const list = ownList(request, viewer.accountId);
    const members: string[] = [];
    for (const id of accountIds(request)) {
      const account = findAccountByIdOrNickname(db, id, host);
      if (!account) throw notFound();
      // As Mastodon requires: only accounts you follow can be put in a list.
      if (account.id !== viewer.accountId && !isFollowing(db, viewer.accountId, account.id))
        throw unprocessable('Validation failed: Account has not been followed');
      members.push(account.id);
    }
    addListMembers(db, list.id, members);
    return {};
  });

  app.delete<IdParams>('/api/v1/lists/:id/accounts', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_LISTS);
    const list = ownList(request, viewer.accountId);
    removeListMembers(db, list.id, accountIds(request));
    return {};
  });

  app.get<IdParams>('/api/v1/timelines/list/:id', async (request, reply) => {
    const viewer = requireUser(ctx, request, READ_STATUSES);
    const list = ownList(request, viewer.accountId);
    const query = queryOf(request);
    const withMuted = bool(query.with_muted, 'with_muted') ?? false;
    const ids = statusesByAccountsIds(
      db,
      listMemberIds(db, list.id),
      viewer.accountId,
      pageOf(query),
      {
        viewerId: viewer.accountId,
        exclusions: exclusionsFor(db, viewer.accountId, withMuted),
        excludeReplies: bool(query.exclude_replies, 'exclude_replies') ?? false,
        replyVisibility: null,
        onlyMedia: false,
      },
    );
    const link = linkHeader(request, ctx.origin, ids[0], ids[ids.length - 1]);
    if (link) reply.header('link', link);
    const statuses = renderStatusIds(new RenderContext(ctx, viewer.accountId), ids);
    return withFilters(ctx, viewer.accountId, 'home', statuses);
  });

  app.get<IdParams>('/api/v1/accounts/:id/lists', async (request) => {
    const viewer = requireUser(ctx, request, READ_LISTS);
    const account =
      getAccount(db, request.params.id) ?? findAccountByIdOrNickname(db, request.params.id, host);
    if (!account) throw notFound();
    return listsContaining(db, viewer.accountId, account.id).map(renderList);
  });
}
