import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { findAccountByIdOrNickname, type AccountRow } from '../db/accounts.ts';
import { nowIso } from '../db/index.ts';
import { unfollow } from '../db/follows.ts';
import {
  block,
  blockDomain,
  mute,
  normaliseDomain,
  unblock,
  unblockDomain,
  unmute,
} from '../db/relations.ts';
import { pageOfIds } from '../db/timelines.ts';
import { requireUser } from '../auth/request.ts';
import { badRequest, notFound } from '../errors.ts';
import { RenderContext } from '../views/context.ts';
import { renderAccount } from '../views/account.ts';
import { hostOf } from '../views/html.ts';
import { renderRelationship } from '../views/relationship.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { bool, linkHeader, pageOf, paramsOf, queryOf, str } from './params.ts';

type IdParams = { Params: { id: string } };

const READ_MUTES = ['read:mutes', 'follow'];
const WRITE_MUTES = ['write:mutes', 'follow'];
const READ_BLOCKS = ['read:blocks', 'follow'];
const WRITE_BLOCKS = ['write:blocks', 'follow'];
const WRITE_FOLLOWS = ['write:follows', 'follow'];
const MAX_MUTE_SECONDS = 10 * 365 * 24 * 3600;

function seconds(value: unknown, name: string): number {
  const text = str(value);
  if (text === undefined || text === '') return 0;
  if (!/^\d+$/.test(text.trim())) throw badRequest(`${name}: Invalid integer. Got: ${text}`);
  return Math.min(Number(text), MAX_MUTE_SECONDS);
}

/** The account a relationship call is about: it must exist and not be the viewer. */
export function otherAccount(
  db: ServerContext['db'],
  host: string,
  idOrNickname: string,
  viewerId: string,
  verb: string,
): AccountRow {
  const account = findAccountByIdOrNickname(db, idOrNickname, host);
  if (!account) throw notFound();
  if (account.id === viewerId) throw badRequest(`Can not ${verb} yourself`);
  return account;
}

export async function relationRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;
  const host = hostOf(ctx.origin);

  const other = (request: FastifyRequest<IdParams>, viewerId: string, verb: string) =>
    otherAccount(db, host, request.params.id, viewerId, verb);

  app.post<IdParams>('/api/v1/accounts/:id/mute', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_MUTES);
    const target = other(request, viewer.accountId, 'mute');
    const params = paramsOf(request);
    mute(db, viewer.accountId, target.id, {
      notifications: bool(params.notifications, 'notifications') ?? true,
      expiresIn: seconds(params.expires_in ?? params.duration, 'expires_in'),
    });
    return renderRelationship(db, viewer.accountId, target.id);
  });

  app.post<IdParams>('/api/v1/accounts/:id/unmute', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_MUTES);
    const target = other(request, viewer.accountId, 'unmute');
    unmute(db, viewer.accountId, target.id);
    return renderRelationship(db, viewer.accountId, target.id);
  });

  app.post<IdParams>('/api/v1/accounts/:id/block', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_BLOCKS);
    const target = other(request, viewer.accountId, 'block');
    block(db, viewer.accountId, target.id);
    return renderRelationship(db, viewer.accountId, target.id);
  });

  app.post<IdParams>('/api/v1/accounts/:id/unblock', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_BLOCKS);
    const target = other(request, viewer.accountId, 'unblock');
    unblock(db, viewer.accountId, target.id);
    return renderRelationship(db, viewer.accountId, target.id);
  });

  app.post<IdParams>('/api/v1/accounts/:id/remove_from_followers', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_FOLLOWS);
    const target = other(request, viewer.accountId, 'remove');
    unfollow(db, target.id, viewer.accountId);
    return renderRelationship(db, viewer.accountId, target.id);
  });

  /** Muted or blocked accounts, paged by account id as Pleroma pages them. */
  const accountList = (
    request: FastifyRequest,
    reply: FastifyReply,
    viewerId: string,
    table: 'mutes' | 'blocks',
  ) => {
    const where = ['account_id = ?'];
    const params: unknown[] = [viewerId];
    if (table === 'mutes') {
      where.push('(expires_at IS NULL OR expires_at > ?)');
      params.push(nowIso());
    }
    const rows = pageOfIds(
      db,
      {
        from: table,
        idColumn: 'target_id',
        where,
        params,
        ...(table === 'mutes' ? { extraColumns: 'expires_at' } : {}),
      },
      pageOf(queryOf(request), 40, MAX_PAGE_SIZE * 2),
    );
    const link = linkHeader(request, ctx.origin, rows[0]?.id, rows[rows.length - 1]?.id);
    if (link) reply.header('link', link);
    const rc = new RenderContext(ctx, viewerId);
    return rows.flatMap((r) => {
      const account = rc.account(r.id);
      if (!account) return [];
      const rendered = renderAccount(rc, account);
      // Mastodon's mutes list says when a timed mute ends.
      return table === 'mutes'
        ? [{ ...rendered, mute_expires_at: (r.expires_at as string | null) ?? null }]
        : [rendered];
    });
  };

  app.get('/api/v1/mutes', async (request, reply) => {
    const viewer = requireUser(ctx, request, READ_MUTES);
    return accountList(request, reply, viewer.accountId, 'mutes');
  });

  app.get('/api/v1/blocks', async (request, reply) => {
    const viewer = requireUser(ctx, request, READ_BLOCKS);
    return accountList(request, reply, viewer.accountId, 'blocks');
  });

  app.get('/api/v1/domain_blocks', async (request, reply) => {
    const viewer = requireUser(ctx, request, READ_BLOCKS);
    const rows = pageOfIds(
      db,
      {
        from: 'domain_blocks',
        idColumn: 'id',
        where: ['account_id = ?'],
        params: [viewer.accountId],
        extraColumns: 'domain',
      },
      pageOf(queryOf(request), 100, 200),
    );
    const link = linkHeader(request, ctx.origin, rows[0]?.id, rows[rows.length - 1]?.id);
    if (link) reply.header('link', link);
    return rows.map((r) => r.domain as string);
  });

  const domainParam = (request: FastifyRequest): string => {
    const raw = str(paramsOf(request).domain);
    if (!raw) throw badRequest('Missing field: domain.');
    const domain = normaliseDomain(raw);
    if (!domain) throw badRequest('Invalid domain');
    return domain;
  };

  app.post('/api/v1/domain_blocks', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_BLOCKS);
    blockDomain(db, viewer.accountId, domainParam(request));
    return {};
  });

  app.delete('/api/v1/domain_blocks', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_BLOCKS);
    unblockDomain(db, viewer.accountId, domainParam(request));
    return {};
  });
}
