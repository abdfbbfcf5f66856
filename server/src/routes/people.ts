import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { findAccountByIdOrNickname, type AccountRow } from '../db/accounts.ts';
import { getFollow } from '../db/follows.ts';
import { sql } from '../db/index.ts';
import { requireUser } from '../auth/request.ts';
import { badRequest, notFound } from '../errors.ts';
import { RenderContext } from '../views/context.ts';
import { renderAccount } from '../views/account.ts';
import { hostOf } from '../views/html.ts';
import { renderRelationship } from '../views/relationship.ts';
import { paramsOf, queryOf, str } from './params.ts';
import { otherAccount } from './relations.ts';

type IdParams = { Params: { id: string } };

const WRITE_ACCOUNTS = ['write:accounts'];
const WRITE_FOLLOWS = ['write:follows', 'follow'];
const READ_ACCOUNTS = ['read:accounts', 'read'];
/** Mastodon caps a personal note at 2000 characters. */
export const MAX_NOTE_CHARS = 2000;
const SUGGESTIONS_LIMIT = 40;

/**
 * Personal notes, Pleroma's (deprecated) subscriptions, and follow suggestions: the parts of
 * "people" the accounts module does not already serve.
 */
export async function peopleRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;
  const host = hostOf(ctx.origin);

  const other = (request: FastifyRequest<IdParams>, viewerId: string, verb: string) =>
    otherAccount(db, host, request.params.id, viewerId, verb);

  app.post<IdParams>('/api/v1/accounts/:id/note', async (request) => {
    const viewer = requireUser(ctx, request, WRITE_ACCOUNTS);
    const target = findAccountByIdOrNickname(db, request.params.id, host);
    if (!target) throw notFound();
    const comment = str(paramsOf(request).comment) ?? '';
    if ([...comment].length > MAX_NOTE_CHARS)
      throw badRequest(`Note must be up to ${MAX_NOTE_CHARS} characters`);
    if (comment === '') {
      sql(db, 'DELETE FROM account_notes WHERE account_id = ? AND target_id = ?').run(
        viewer.accountId,
        target.id,
      );
    } else {
      sql(
        db,
        `INSERT INTO account_notes (account_id, target_id, comment) VALUES (?, ?, ?)
         ON CONFLICT (account_id, target_id) DO UPDATE SET comment = excluded.comment`,
      ).run(viewer.accountId, target.id, comment);
    }
    return renderRelationship(db, viewer.accountId, target.id);
  });

  for (const [verb, notify] of [
    ['subscribe', 1],
    ['unsubscribe', 0],
  ] as const) {
    app.post<IdParams>(`/api/v1/pleroma/accounts/:id/${verb}`, async (request) => {
      const viewer = requireUser(ctx, request, WRITE_FOLLOWS);
      const target = other(request, viewer.accountId, verb);
      const follow = getFollow(db, viewer.accountId, target.id);
      // Pleroma lets anyone subscribe; here it is the follow's notify flag, so a follow is needed.
      if (notify && follow?.state !== 'accepted') throw badRequest('You must follow to subscribe');
      if (follow) {
        sql(db, 'UPDATE follows SET notify = ? WHERE follower_id = ? AND followee_id = ?').run(
          notify,
          viewer.accountId,
          target.id,
        );
      }
      return renderRelationship(db, viewer.accountId, target.id);
    });
  }

  /** Local, active, discoverable accounts the viewer does not follow yet, the most followed first. */
  const suggestedAccounts = (viewerId: string, limit: number): AccountRow[] =>
    sql(
      db,
      `SELECT a.* FROM accounts a
       WHERE a.local = 1 AND a.deactivated = 0 AND a.discoverable = 1 AND a.id != ?
         AND a.is_approved = 1 AND a.is_confirmed = 1
         AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ? AND f.followee_id = a.id)
         AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.account_id = ? AND b.target_id = a.id)
         AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.account_id = ? AND m.target_id = a.id)
       ORDER BY (SELECT count(*) FROM follows f2 WHERE f2.followee_id = a.id AND f2.state = 'accepted') DESC,
         a.created_at
       LIMIT ?`,
    ).all(viewerId, viewerId, viewerId, viewerId, limit) as AccountRow[];

  const limitOf = (request: FastifyRequest): number => {
    const text = str(queryOf(request).limit);
    if (text === undefined || text === '') return SUGGESTIONS_LIMIT;
    if (!/^\d+$/.test(text.trim())) throw badRequest(`limit: Invalid integer. Got: ${text}`);
    return Math.max(1, Math.min(Number(text), 80));
  };

  app.get('/api/v1/suggestions', async (request) => {
    const viewer = requireUser(ctx, request, READ_ACCOUNTS);
    const rc = new RenderContext(ctx, viewer.accountId);
    return suggestedAccounts(viewer.accountId, limitOf(request)).map((a) => renderAccount(rc, a));
  });

  app.get('/api/v2/suggestions', async (request) => {
    const viewer = requireUser(ctx, request, READ_ACCOUNTS);
    const rc = new RenderContext(ctx, viewer.accountId);
    return suggestedAccounts(viewer.accountId, limitOf(request)).map((a) => ({
      source: 'global',
      sources: ['featured'],
      account: renderAccount(rc, a),
    }));
  });

  /**
   * The remote-follow form of a user card posts here (Pleroma's remote_subscribe): the client's
   * /main/ostatus screen takes over, asking the visitor for their own account.
   */
  app.post('/main/ostatus', async (request, reply) => {
    const params = paramsOf(request);
    const query = new URLSearchParams();
    const nickname = str(params.nickname);
    const statusId = str(params.status_id);
    if (nickname) query.set('nickname', nickname);
    if (statusId) query.set('status_id', statusId);
    if (!nickname && !statusId) throw badRequest('Missing field: nickname or status_id.');
    return reply.redirect(`/main/ostatus?${query.toString()}`, 303);
  });
}
