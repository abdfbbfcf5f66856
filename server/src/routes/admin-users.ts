import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import {
  findAccountByIdOrNickname,
  getAccount,
  hasPrivilege,
  type AccountRow,
} from '../db/accounts.ts';
import { nowIso, sql } from '../db/index.ts';
import { requireUser, type Viewer } from '../auth/request.ts';
import { ApiError, badRequest, notFound } from '../errors.ts';
import { RenderContext } from '../views/context.ts';
import { acctOf } from '../views/account.ts';
import { hostOf } from '../views/html.ts';
import { likeLiteral } from '../db/search.ts';
import { paramsOf, str, strings } from './params.ts';
import { purgeAccount } from './account-purge.ts';

type GroupParams = { Params: { group: string } };
type NicknameGroupParams = { Params: { nickname: string; group: string } };

const ADMIN_READ = ['admin:read:accounts'];
const ADMIN_WRITE = ['admin:write:accounts'];
const GROUPS = ['admin', 'moderator'] as const;
type Group = (typeof GROUPS)[number];

/** The MRF tags a moderation menu offers (Pleroma's TagPolicy). */
export const MRF_TAGS = [
  'mrf_tag:media-force-nsfw',
  'mrf_tag:media-strip',
  'mrf_tag:force-unlisted',
  'mrf_tag:sandbox',
  'mrf_tag:disable-remote-subscription',
  'mrf_tag:disable-any-subscription',
  'mrf_tag:quarantine',
];

/**
 * The admin user endpoints of the Pleroma admin API that a moderation menu calls (API notes §12):
 * permission groups, activation, tags and deletion. Each checks the caller's privilege: a member
 * gets 403, a moderator only what moderators may do (they hold none of these privileges).
 */
export async function adminUserRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const db = ctx.db;
  const host = hostOf(ctx.origin);

  const staff = (request: FastifyRequest, scopes: string[], privilege: string | 'admin') => {
    const viewer = requireUser(ctx, request, scopes);
    const account = getAccount(db, viewer.accountId);
    const allowed =
      !!account &&
      !account.deactivated &&
      (privilege === 'admin' ? account.is_admin === 1 : hasPrivilege(account, privilege));
    if (!allowed) throw new ApiError(403, 'User is not a staff member.');
    return { viewer, account: account! };
  };

  const accountsNamed = (nicknames: string[]): AccountRow[] => {
    if (nicknames.length === 0) throw badRequest('Missing field: nicknames.');
    return nicknames.map((nickname) => {
      const account = findAccountByIdOrNickname(db, nickname, host);
      if (!account) throw notFound(`Could not find user ${nickname}`);
      return account;
    });
  };

  const adminView = (row: AccountRow) => {
    const fresh = getAccount(db, row.id) ?? row;
    const rc = new RenderContext(ctx, null);
    return {
      id: fresh.id,
      nickname: acctOf(fresh),
      display_name: fresh.display_name,
      avatar: rc.mediaUrl(fresh.avatar_path, '/images/avi.png'),
      email: fresh.email,
      is_active: fresh.deactivated === 0,
      local: fresh.local === 1,
      roles: { admin: fresh.is_admin === 1, moderator: fresh.is_moderator === 1 },
      tags: JSON.parse(fresh.tags_json) as string[],
      is_confirmed: fresh.is_confirmed === 1,
      is_approved: fresh.is_approved === 1,
      is_suggested: false,
      url: fresh.local ? `${ctx.origin}/users/${fresh.nickname}` : (fresh.ap_id ?? ''),
      registration_reason: fresh.registration_reason,
      actor_type: fresh.actor_type,
      created_at: fresh.created_at,
    };
  };

  /** The admin user list's filters (Pleroma's `filters`, a comma list), as SQL on `accounts`. */
  const FILTERS: Record<string, string> = {
    local: 'local = 1',
    external: 'local = 0',
    active: 'deactivated = 0',
    deactivated: 'deactivated = 1',
    need_approval: 'is_approved = 0',
    unconfirmed: 'is_confirmed = 0',
    is_admin: 'is_admin = 1',
    is_moderator: 'is_moderator = 1',
  };

  app.get('/api/v1/pleroma/admin/users', async (request) => {
    staff(request, ADMIN_READ, 'users_read');
    const params = paramsOf(request);
    const where: string[] = [];
    const values: unknown[] = [];
    for (const name of (str(params.filters) ?? '').split(',').map((f) => f.trim())) {
      if (!name) continue;
      const clause = FILTERS[name];
      if (!clause) throw badRequest(`Invalid filter: ${name}`);
      where.push(clause);
    }
    for (const [param, column] of [
      ['name', 'display_name'],
      ['email', 'email'],
    ] as const) {
      const value = str(params[param]);
      if (value) {
        where.push(`lower(${column}) LIKE ? ESCAPE '\\'`);
        values.push(`%${likeLiteral(value.toLowerCase())}%`);
      }
    }
    const query = str(params.query)?.trim().replace(/^@/, '').toLowerCase();
    if (query) {
      const pattern = `%${likeLiteral(query)}%`;
      where.push(
        `(lower(nickname || ifnull('@' || domain, '')) LIKE ? ESCAPE '\\' OR lower(display_name) LIKE ? ESCAPE '\\' OR lower(ifnull(email, '')) LIKE ? ESCAPE '\\')`,
      );
      values.push(pattern, pattern, pattern);
    }
    const number = (value: unknown, name: string, fallback: number) => {
      const text = str(value);
      if (text === undefined || text === '') return fallback;
      if (!/^\d+$/.test(text) || Number(text) < 1) throw badRequest(`${name}: Invalid integer.`);
      return Number(text);
    };
    const pageSize = Math.min(number(params.page_size, 'page_size', 50), 500);
    const page = number(params.page, 'page', 1);
    const condition = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const count = (
      db.prepare(`SELECT count(*) AS n FROM accounts ${condition}`).get(...values) as { n: number }
    ).n;
    const rows = db
      .prepare(
        `SELECT * FROM accounts ${condition} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(...values, pageSize, (page - 1) * pageSize) as AccountRow[];
    return { users: rows.map(adminView), count, page_size: pageSize };
  });

  /** Lets accounts waiting for approval in (Pleroma's PATCH /users/approve). */
  app.patch('/api/v1/pleroma/admin/users/approve', async (request) => {
    staff(request, ADMIN_WRITE, 'users_manage_activation_state');
    const accounts = accountsNamed(strings(paramsOf(request), 'nicknames'));
    for (const account of accounts)
      sql(db, 'UPDATE accounts SET is_approved = 1 WHERE id = ?').run(account.id);
    return { users: accounts.map(adminView) };
  });

  /** Confirms accounts' e-mail addresses for them (Pleroma's PATCH /users/confirm_email). */
  app.patch('/api/v1/pleroma/admin/users/confirm_email', async (request) => {
    staff(request, ADMIN_WRITE, 'users_manage_credentials');
    const accounts = accountsNamed(strings(paramsOf(request), 'nicknames'));
    for (const account of accounts)
      sql(db, 'UPDATE accounts SET is_confirmed = 1 WHERE id = ?').run(account.id);
    return { users: accounts.map(adminView) };
  });

  const groupOf = (value: string): Group => {
    if (!(GROUPS as readonly string[]).includes(value))
      throw badRequest('Invalid permission group');
    return value as Group;
  };

  const setGroup = (viewer: Viewer, accounts: AccountRow[], group: Group, on: boolean) => {
    const column = group === 'admin' ? 'is_admin' : 'is_moderator';
    for (const account of accounts) {
      if (!account.local) throw badRequest('Only local users can be staff');
      if (!on && group === 'admin' && account.id === viewer.accountId)
        throw badRequest('You can’t revoke your own admin status.');
    }
    for (const account of accounts) {
      sql(db, `UPDATE accounts SET ${column} = ? WHERE id = ?`).run(on ? 1 : 0, account.id);
    }
    return { [`is_${group}`]: on };
  };

  app.get<{ Params: { nickname: string } }>(
    '/api/v1/pleroma/admin/users/:nickname/permission_group',
    async (request) => {
      staff(request, ADMIN_READ, 'users_read');
      const [account] = accountsNamed([request.params.nickname]);
      return { is_admin: account!.is_admin === 1, is_moderator: account!.is_moderator === 1 };
    },
  );

  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route<GroupParams>({
      method,
      url: '/api/v1/pleroma/admin/users/permission_group/:group',
      handler: async (request) => {
        const { viewer } = staff(request, ADMIN_WRITE, 'admin');
        const group = groupOf(request.params.group);
        return setGroup(viewer, accountsNamed(strings(paramsOf(request), 'nicknames')), group, on);
      },
    });
    app.route<NicknameGroupParams>({
      method,
      url: '/api/v1/pleroma/admin/users/:nickname/permission_group/:group',
      handler: async (request) => {
        const { viewer } = staff(request, ADMIN_WRITE, 'admin');
        const group = groupOf(request.params.group);
        return setGroup(viewer, accountsNamed([request.params.nickname]), group, on);
      },
    });
  }

  const setActive = (viewer: Viewer, accounts: AccountRow[], active: boolean) => {
    if (!active && accounts.some((a) => a.id === viewer.accountId))
      throw badRequest('You can’t deactivate yourself.');
    for (const account of accounts) {
      sql(db, 'UPDATE accounts SET deactivated = ? WHERE id = ?').run(active ? 0 : 1, account.id);
      // A deactivated account's sessions end at once.
      if (!active)
        sql(
          db,
          'UPDATE oauth_tokens SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL',
        ).run(nowIso(), account.id);
    }
    return accounts.map(adminView);
  };

  for (const [verb, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    app.patch(`/api/v1/pleroma/admin/users/${verb}`, async (request) => {
      const { viewer } = staff(request, ADMIN_WRITE, 'users_manage_activation_state');
      const accounts = accountsNamed(strings(paramsOf(request), 'nicknames'));
      return { users: setActive(viewer, accounts, active) };
    });
  }

  app.patch<{ Params: { nickname: string } }>(
    '/api/v1/pleroma/admin/users/:nickname/toggle_activation',
    async (request) => {
      const { viewer } = staff(request, ADMIN_WRITE, 'users_manage_activation_state');
      const [account] = accountsNamed([request.params.nickname]);
      return setActive(viewer, [account!], account!.deactivated === 1)[0];
    },
  );

  for (const [method, add] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/v1/pleroma/admin/users/tag',
      handler: async (request, reply) => {
        staff(request, ADMIN_WRITE, 'users_manage_tags');
        const params = paramsOf(request);
        const accounts = accountsNamed(strings(params, 'nicknames'));
        const tags = strings(params, 'tags');
        if (tags.length === 0) throw badRequest('Missing field: tags.');
        for (const account of accounts) {
          const current = new Set(JSON.parse(account.tags_json) as string[]);
          for (const tag of tags) {
            if (add) current.add(tag);
            else current.delete(tag);
          }
          sql(db, 'UPDATE accounts SET tags_json = ? WHERE id = ?').run(
            JSON.stringify([...current]),
            account.id,
          );
        }
        return reply.status(204).send();
      },
    });
  }

  /** Deleting a user purges their data (account-purge.ts); the account stays, deactivated. */
  app.delete('/api/v1/pleroma/admin/users', async (request) => {
    const { viewer } = staff(request, ADMIN_WRITE, 'users_delete');
    const params = paramsOf(request);
    const names = strings(params, 'nicknames');
    const accounts = accountsNamed(names.length ? names : strings(params, 'nickname'));
    if (accounts.some((a) => a.id === viewer.accountId))
      throw badRequest('You can’t delete yourself.');
    for (const account of accounts) purgeAccount(ctx, account.id);
    return accounts.map(acctOf);
  });
}
