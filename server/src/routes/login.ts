import type { ServerContext } from '../context.ts';
import type { AccountRow } from '../db/accounts.ts';
import { sql } from '../db/index.ts';
import { mfaEnabled } from '../db/mfa.ts';
import { verifyPassword } from '../auth/password.ts';

export type LoginOutcome =
  | { kind: 'ok'; account: AccountRow }
  | { kind: 'mfa'; account: AccountRow }
  | { kind: 'invalid' }
  | { kind: 'reset_required' }
  | { kind: 'disabled' };

/** Checks a username (nickname or e-mail) and password of a local account. */
export async function checkLogin(
  ctx: ServerContext,
  username: string,
  password: string,
): Promise<LoginOutcome> {
  const name = username.trim().replace(/^@/, '');
  const account = sql(
    ctx.db,
    'SELECT * FROM accounts WHERE local = 1 AND (lower(nickname) = lower(?) OR lower(email) = lower(?)) LIMIT 1',
  ).get(name, name) as AccountRow | undefined;
  if (!account || !(await verifyPassword(password, account.password_hash)))
    return { kind: 'invalid' };
  if (account.deactivated) return { kind: 'disabled' };
  if (account.password_reset_required) return { kind: 'reset_required' };
  if (mfaEnabled(ctx.db, account.id)) return { kind: 'mfa', account };
  return { kind: 'ok', account };
}
