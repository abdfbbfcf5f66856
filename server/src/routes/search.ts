import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.ts';
import { findAccountByAcct } from '../db/accounts.ts';
import {
  findAccountByUrl,
  findStatusByUrl,
  hashtagHistory,
  isUrlQuery,
  searchAccounts,
  searchHashtags,
  searchStatuses,
  type SearchPage,
} from '../db/search.ts';
import { canView } from '../db/statuses.ts';
import { optionalUser } from '../auth/request.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { RenderContext } from '../views/context.ts';
import { renderAccount } from '../views/account.ts';
import { hostOf } from '../views/html.ts';
import { renderStatus } from '../views/status.ts';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants.ts';
import { bool, queryOf, str, type Params } from './params.ts';

const READ_ACCOUNTS = ['read:accounts'];
const READ_SEARCH = ['read:search'];
/** /api/v1/accounts/search answers this many by default (and at most). */
const ACCOUNT_SEARCH_LIMIT = 40;
const MAX_OFFSET = 10_000;
const SEARCH_TYPES = ['accounts', 'hashtags', 'statuses'] as const;
/** user@domain, with or without a leading @. */
const HANDLE = /^@?[^@\s/]+@[^@\s/]+\.[^@\s/]+$/;

function integerParam(params: Params, name: string): number | undefined {
  const text = str(params[name]);
  if (text === undefined || text === '') return undefined;
  if (!/^\d+$/.test(text.trim())) throw badRequest(`${name}: Invalid integer. Got: ${text}`);
  return Number(text);
}

function pageOf(params: Params, defaultLimit: number, maxLimit: number): SearchPage {
  const limit = integerParam(params, 'limit') ?? defaultLimit;
  return {
    limit: Math.min(Math.max(limit, 1), maxLimit),
    offset: Math.min(integerParam(params, 'offset') ?? 0, MAX_OFFSET),
  };
}

function queryText(params: Params): string {
  const q = str(params.q)?.trim();
  if (!q) throw badRequest('Missing field: q.');
  return q;
}

export async function searchRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;
  const host = hostOf(ctx.origin);

  // Mention autocomplete. `resolve` is accepted and ignored: the instance does not federate.
  app.get('/api/v1/accounts/search', async (request) => {
    const viewer = optionalUser(ctx, request, READ_ACCOUNTS);
    const params = queryOf(request);
    const q = queryText(params);
    bool(params.resolve, 'resolve');
    const rc = new RenderContext(ctx, viewer?.accountId ?? null);
    return searchAccounts(db, q, {
      ...pageOf(params, ACCOUNT_SEARCH_LIMIT, ACCOUNT_SEARCH_LIMIT),
      viewerId: viewer?.accountId ?? null,
      following: bool(params.following, 'following') ?? false,
      localHost: host,
    }).map((row) => renderAccount(rc, row));
  });

  app.get('/api/v2/search', async (request) => {
    const viewer = optionalUser(ctx, request, READ_SEARCH);
    const viewerId = viewer?.accountId ?? null;
    const params = queryOf(request);
    const q = queryText(params);
    const type = str(params.type);
    if (type !== undefined && type !== '' && !(SEARCH_TYPES as readonly string[]).includes(type))
      throw unprocessable(`Invalid type: ${type}`);
    const resolve = bool(params.resolve, 'resolve') ?? false;
    const following = bool(params.following, 'following') ?? false;
    const wants = (kind: string) => !type || type === kind;
    const page = pageOf(params, PAGE_SIZE, MAX_PAGE_SIZE);
    const rc = new RenderContext(ctx, viewerId);
    const renderHashtag = (name: string) => ({
      name,
      url: `${ctx.origin}/tag/${encodeURIComponent(name)}`,
      history: hashtagHistory(db, name),
    });

    // A web address names one stored object (the instance does not federate, so resolving
    // finds what it already holds): that status or account, on the first page only.
    if (isUrlQuery(q)) {
      const firstPage = page.offset === 0;
      const status =
        firstPage && wants('statuses') ? findStatusByUrl(db, q, ctx.origin) : undefined;
      const account =
        firstPage && wants('accounts') ? findAccountByUrl(db, q, ctx.origin) : undefined;
      return {
        accounts: account ? [renderAccount(rc, account)] : [],
        statuses: status && canView(db, status, viewerId) ? [renderStatus(rc, status)] : [],
        hashtags: [],
      };
    }

    // Resolving a full handle answers that account alone, as a WebFinger lookup would.
    const handle = resolve && wants('accounts') && HANDLE.test(q) ? q : null;
    const resolved = handle ? findAccountByAcct(db, handle, host) : undefined;
    const accounts =
      resolved && !resolved.deactivated
        ? page.offset === 0
          ? [resolved]
          : []
        : wants('accounts')
          ? searchAccounts(db, q, { ...page, viewerId, following, localHost: host })
          : [];
    const statuses = wants('statuses')
      ? searchStatuses(db, q, { ...page, viewerId, accountId: str(params.account_id) }).filter(
          (s) => canView(db, s, viewerId),
        )
      : [];
    return {
      accounts: accounts.map((row) => renderAccount(rc, row)),
      statuses: statuses.map((s) => renderStatus(rc, s)),
      hashtags: wants('hashtags')
        ? searchHashtags(db, q, { ...page, viewerId }).map(renderHashtag)
        : [],
    };
  });
}
