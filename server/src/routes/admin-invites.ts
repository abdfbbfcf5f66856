import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { getAccount, hasPrivilege } from '../db/accounts.ts';
import {
  createInvite,
  inviteType,
  listInvites,
  revokeInvite,
  todayUtc,
  type InviteRow,
} from '../db/registration.ts';
import { requireUser } from '../auth/request.ts';
import { ApiError, badRequest, notFound } from '../errors.ts';
import { paramsOf, str } from './params.ts';

/**
 * Invite links (Pleroma's admin API, privilege users_manage_invites): a person opens
 * `<origin>/registration/<token>` and signs up with the token while registrations are closed.
 */

const READ_INVITES = ['admin:read:invites'];
const WRITE_INVITES = ['admin:write:invites'];
const PRIVILEGE = 'users_manage_invites';
/** A generous bound: an invite for more people than this is a typing mistake. */
const MAX_USE_LIMIT = 1_000_000;

export function renderInvite(row: InviteRow) {
  return {
    id: row.id,
    token: row.token,
    used: row.used === 1,
    expires_at: row.expires_at,
    uses: row.uses,
    max_use: row.max_use,
    invite_type: inviteType(row),
  };
}

function parseMaxUse(value: unknown): number | null {
  const text = str(value)?.trim();
  if (text === undefined || text === '' || value === null) return null;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX_USE_LIMIT)
    throw badRequest('max_use: must be a whole number of at least 1');
  return Number(text);
}

/** A date (YYYY-MM-DD, or the date part of a time) that exists and is not past. */
function parseExpiresAt(value: unknown): string | null {
  const text = str(value)?.trim();
  if (text === undefined || text === '' || value === null) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
  const date = match ? `${match[1]}-${match[2]}-${match[3]}` : '';
  const parsed = match ? new Date(`${date}T00:00:00Z`) : null;
  if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    throw badRequest('expires_at: must be a date, YYYY-MM-DD');
  if (date < todayUtc()) throw badRequest('expires_at: must not be in the past');
  return date;
}

export async function adminInviteRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;

  const staff = (request: FastifyRequest, scopes: string[]) => {
    const viewer = requireUser(ctx, request, scopes);
    const account = getAccount(db, viewer.accountId);
    if (!account || account.deactivated || !hasPrivilege(account, PRIVILEGE))
      throw new ApiError(403, 'User is not a staff member.');
  };

  app.get('/api/v1/pleroma/admin/users/invites', async (request) => {
    staff(request, READ_INVITES);
    return { invites: listInvites(db).map(renderInvite) };
  });

  app.post('/api/v1/pleroma/admin/users/invite_token', async (request) => {
    staff(request, WRITE_INVITES);
    const params = paramsOf(request);
    const invite = createInvite(db, {
      maxUse: parseMaxUse(params.max_use),
      expiresAt: parseExpiresAt(params.expires_at),
    });
    return renderInvite(invite);
  });

  app.post('/api/v1/pleroma/admin/users/revoke_invite', async (request) => {
    staff(request, WRITE_INVITES);
    const token = str(paramsOf(request).token);
    if (!token) throw badRequest('Missing field: token.');
    const invite = revokeInvite(db, token);
    if (!invite) throw notFound('Not found');
    return renderInvite(invite);
  });
}
