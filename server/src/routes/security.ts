import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { generateRecoveryCodes } from '../auth/recovery.ts';
import { requireUser } from '../auth/request.ts';
import { generateTotpSecret, provisioningUri, verifyTotp } from '../auth/totp.ts';
import { findAccountByAcct, getAccount, parseJsonObject, type AccountRow } from '../db/accounts.ts';
import { nowIso, sql } from '../db/index.ts';
import { enableTotp, getMfa } from '../db/mfa.ts';
import { hashRecoveryCode } from '../auth/recovery.ts';
import { moveAccount } from '../db/moves.ts';
import { revokeTokenById } from '../db/oauth.ts';
import { badRequest, forbidden, notFound, unprocessable } from '../errors.ts';
import { accountApId } from '../views/account.ts';
import { hostOf } from '../views/html.ts';
import { purgeAccount } from './account-purge.ts';
import { bodyOf, bool, str } from './params.ts';
import { publishNotifications } from './publish.ts';

/**
 * Account security on the legacy prefix (API notes §9, §10): password and email change, account
 * deletion, moving to another account, two-factor (TOTP) set-up, and the list of the account's OAuth tokens (§11 sessions).
 * Every change needs the current password; answers are `{"status":"success"}` or `{"error"}`.
 */

const READ_SECURITY = ['read:security', 'read'];
const WRITE_SECURITY = ['write:security', 'write'];
const WRITE_ACCOUNTS = ['write:accounts', 'write'];
const READ_ACCOUNTS = ['read:accounts', 'read'];
const MIN_PASSWORD_LENGTH = 8;
const SUCCESS = { status: 'success' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function viewerAccount(ctx: ServerContext, request: FastifyRequest, scopes: string[]) {
  const viewer = requireUser(ctx, request, scopes);
  const account = getAccount(ctx.db, viewer.accountId);
  if (!account) throw notFound();
  return account;
}

async function requirePassword(account: AccountRow, password: unknown): Promise<void> {
  const text = str(password);
  if (!text) throw badRequest('Missing field: password.');
  if (!(await verifyPassword(text, account.password_hash))) {
    throw forbidden('Invalid password.');
  }
}

function freshRecoveryCodes(ctx: ServerContext, accountId: string): string[] {
  const codes = generateRecoveryCodes();
  ctx.db.transaction(() => {
    sql(ctx.db, 'DELETE FROM mfa_recovery_codes WHERE account_id = ?').run(accountId);
    const insert = sql(
      ctx.db,
      'INSERT INTO mfa_recovery_codes (account_id, code_hash) VALUES (?, ?)',
    );
    for (const code of codes) insert.run(accountId, hashRecoveryCode(code));
  })();
  return codes;
}

const aliasesOf = (account: AccountRow): string[] =>
  JSON.parse(account.aliases_json ?? '[]') as string[];

export async function securityRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  app.post('/api/pleroma/change_password', async (request) => {
    const account = viewerAccount(ctx, request, WRITE_ACCOUNTS);
    const body = bodyOf(request);
    await requirePassword(account, body.password);
    const next = str(body.new_password) ?? '';
    if (next !== (str(body.new_password_confirmation) ?? '')) {
      throw badRequest('New password does not match confirmation.');
    }
    if (next.length < MIN_PASSWORD_LENGTH) {
      throw badRequest(`New password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
    }
    sql(ctx.db, 'UPDATE accounts SET password_hash = ? WHERE id = ?').run(
      hashPassword(next),
      account.id,
    );
    return SUCCESS;
  });

  app.post('/api/pleroma/change_email', async (request) => {
    const account = viewerAccount(ctx, request, WRITE_ACCOUNTS);
    const body = bodyOf(request);
    await requirePassword(account, body.password);
    const email = str(body.email)?.trim() ?? '';
    if (!EMAIL.test(email)) throw badRequest('Invalid email address.');
    const taken = sql(
      ctx.db,
      'SELECT id FROM accounts WHERE lower(email) = lower(?) AND id <> ?',
    ).get(email, account.id);
    if (taken) throw badRequest('Email has already been taken.');
    sql(ctx.db, 'UPDATE accounts SET email = ? WHERE id = ?').run(email, account.id);
    return SUCCESS;
  });

  app.post('/api/pleroma/delete_account', async (request) => {
    const account = viewerAccount(ctx, request, WRITE_ACCOUNTS);
    await requirePassword(
      account,
      bodyOf(request).password ?? (request.query as { password?: unknown }).password,
    );
    // As an admin's delete: statuses, follows and sessions go; the account stays, deactivated.
    purgeAccount(ctx, account.id);
    return SUCCESS;
  });

  /**
   * The target must already name this account among its aliases (also_known_as): a move is only
   * accepted from an account its new owner has claimed.
   */
  app.post('/api/pleroma/move_account', async (request) => {
    const account = viewerAccount(ctx, request, WRITE_ACCOUNTS);
    const body = { ...(request.query as Record<string, unknown>), ...bodyOf(request) };
    await requirePassword(account, body.password);
    const handle = str(body.target_account)?.trim().replace(/^@/, '');
    if (!handle) throw badRequest('Missing field: target_account.');
    const target = findAccountByAcct(ctx.db, handle, hostOf(ctx.origin));
    if (!target || target.deactivated) throw notFound('Target account not found.');
    if (target.id === account.id) throw badRequest('You can’t move to the same account.');
    if (!aliasesOf(target).includes(accountApId(account, ctx.origin))) {
      throw unprocessable('Target account must have the origin in `alsoKnownAs`');
    }
    publishNotifications(ctx, moveAccount(ctx.db, account.id, target.id));
    return SUCCESS;
  });

  /** API notes §5: booleans, as query parameters per the OpenAPI spec (a body works too). */
  app.put('/api/pleroma/notification_settings', async (request) => {
    const account = viewerAccount(ctx, request, WRITE_ACCOUNTS);
    const params = { ...(request.query as Record<string, unknown>), ...bodyOf(request) };
    const current = parseJsonObject(account.notification_settings_json);
    const next: Record<string, unknown> = {
      block_from_strangers: current.block_from_strangers === true,
      hide_notification_contents: current.hide_notification_contents === true,
    };
    for (const name of ['block_from_strangers', 'hide_notification_contents']) {
      const value = bool(params[name], name);
      if (value !== undefined) next[name] = value;
    }
    sql(ctx.db, 'UPDATE accounts SET notification_settings_json = ? WHERE id = ?').run(
      JSON.stringify(next),
      account.id,
    );
    return SUCCESS;
  });

  // --- Aliases (also_known_as) --------------------------------------------------------------

  const saveAliases = (accountId: string, aliases: string[]) =>
    sql(ctx.db, 'UPDATE accounts SET aliases_json = ? WHERE id = ?').run(
      JSON.stringify(aliases),
      accountId,
    );
  /** An alias is another known account, given as user@host; it is kept as its ap id. */
  const aliasApId = (request: FastifyRequest, account: AccountRow): string => {
    const params = { ...(request.query as Record<string, unknown>), ...bodyOf(request) };
    const handle = str(params.alias)?.trim().replace(/^@/, '');
    if (!handle) throw badRequest('Missing field: alias.');
    const target = findAccountByAcct(ctx.db, handle, hostOf(ctx.origin));
    if (!target) throw notFound('Account not found');
    if (target.id === account.id) throw badRequest('An account cannot be its own alias.');
    return accountApId(target, ctx.origin);
  };
  app.get('/api/pleroma/aliases', async (request) => {
    const account = viewerAccount(ctx, request, READ_ACCOUNTS);
    return { aliases: aliasesOf(account) };
  });

  app.put('/api/pleroma/aliases', async (request) => {
    const account = viewerAccount(ctx, request, WRITE_ACCOUNTS);
    const apId = aliasApId(request, account);
    const aliases = aliasesOf(account);
    if (!aliases.includes(apId)) saveAliases(account.id, [...aliases, apId]);
    return SUCCESS;
  });

  app.delete('/api/pleroma/aliases', async (request) => {
    const account = viewerAccount(ctx, request, WRITE_ACCOUNTS);
    const apId = aliasApId(request, account);
    const aliases = aliasesOf(account);
    if (!aliases.includes(apId)) throw notFound('Account has no such alias.');
    saveAliases(
      account.id,
      aliases.filter((alias) => alias !== apId),
    );
    return SUCCESS;
  });

  // --- Two-factor authentication (TOTP) ---------------------------------------------------

  app.get('/api/pleroma/accounts/mfa', async (request) => {
    const account = viewerAccount(ctx, request, READ_SECURITY);
    const enabled = getMfa(ctx.db, account.id)?.enabled === 1;
    return { settings: { enabled, totp: enabled } };
  });

  /** A new secret, kept disabled until a code from it is confirmed. */
  app.get('/api/pleroma/accounts/mfa/setup/totp', async (request) => {
    const account = viewerAccount(ctx, request, WRITE_SECURITY);
    if (getMfa(ctx.db, account.id)?.enabled === 1) {
      throw unprocessable('Two-factor authentication is already enabled.');
    }
    const key = generateTotpSecret();
    sql(
      ctx.db,
      `INSERT INTO account_mfa (account_id, totp_secret, enabled) VALUES (?, ?, 0)
       ON CONFLICT (account_id) DO UPDATE SET totp_secret = excluded.totp_secret, enabled = 0, last_used_step = 0`,
    ).run(account.id, key);
    const host = hostOf(ctx.origin);
    return { key, provisioning_uri: provisioningUri(key, `${account.nickname}@${host}`, host) };
  });

  app.post('/api/pleroma/accounts/mfa/confirm/totp', async (request) => {
    const account = viewerAccount(ctx, request, WRITE_SECURITY);
    const body = bodyOf(request);
    await requirePassword(account, body.password);
    const mfa = getMfa(ctx.db, account.id);
    if (!mfa) throw unprocessable('Set up two-factor authentication first.');
    if (mfa.enabled === 1) throw unprocessable('Two-factor authentication is already enabled.');
    const step = verifyTotp(mfa.totp_secret, str(body.code) ?? '');
    if (step === null) throw unprocessable('Invalid code.');
    enableTotp(ctx.db, account.id, mfa.totp_secret, generateRecoveryCodes());
    sql(ctx.db, 'UPDATE account_mfa SET last_used_step = ? WHERE account_id = ?').run(
      step,
      account.id,
    );
    return {};
  });

  app.delete('/api/pleroma/accounts/mfa/totp', async (request) => {
    const account = viewerAccount(ctx, request, WRITE_SECURITY);
    await requirePassword(
      account,
      bodyOf(request).password ?? (request.query as { password?: unknown }).password,
    );
    ctx.db.transaction(() => {
      sql(ctx.db, 'DELETE FROM account_mfa WHERE account_id = ?').run(account.id);
      sql(ctx.db, 'DELETE FROM mfa_recovery_codes WHERE account_id = ?').run(account.id);
    })();
    return {};
  });

  /** New backup codes replace the old ones; shown once. */
  app.get('/api/pleroma/accounts/mfa/backup_codes', async (request) => {
    const account = viewerAccount(ctx, request, WRITE_SECURITY);
    if (getMfa(ctx.db, account.id)?.enabled !== 1) {
      throw unprocessable('Two-factor authentication is not enabled.');
    }
    return { codes: freshRecoveryCodes(ctx, account.id) };
  });

  // --- Sessions (OAuth tokens) ------------------------------------------------------------

  app.get('/api/oauth_tokens', async (request) => {
    const account = viewerAccount(ctx, request, READ_SECURITY);
    const rows = sql(
      ctx.db,
      `SELECT t.id, t.valid_until, a.name AS app_name FROM oauth_tokens t JOIN apps a ON a.id = t.app_id
       WHERE t.account_id = ? AND t.revoked_at IS NULL AND t.valid_until > ? ORDER BY t.id DESC`,
    ).all(account.id, nowIso()) as { id: number; valid_until: string; app_name: string }[];
    // Pleroma gives valid_until without a zone.
    return rows.map((row) => ({ ...row, valid_until: row.valid_until.replace(/Z$/, '') }));
  });

  app.delete<{ Params: { id: string } }>('/api/oauth_tokens/:id', async (request, reply) => {
    const account = viewerAccount(ctx, request, WRITE_SECURITY);
    const id = Number(request.params.id);
    if (!Number.isInteger(id)) throw notFound();
    const row = sql(
      ctx.db,
      'SELECT account_id FROM oauth_tokens WHERE id = ? AND revoked_at IS NULL',
    ).get(id) as { account_id: string | null } | undefined;
    if (!row || row.account_id !== account.id) throw notFound();
    revokeTokenById(ctx.db, id);
    return reply.code(201).send({});
  });
}
