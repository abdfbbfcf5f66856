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
  | { kind: 'awaiting_approval' }
  | { kind: 'unconfirmed' }
  | { kind: 'disabled' };

/** Pleroma's answers to a sign-in of an account not let in yet (403 with these identifiers). */
export const AWAITING_APPROVAL = 'Your account is awaiting approval.';
export const UNCONFIRMED = 'Your login is missing a confirmed e-mail address';

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
  // In Pleroma's order (User.account_status): approval before e-mail confirmation.
  if (account.is_approved === 0) return { kind: 'awaiting_approval' };
  if (account.is_confirmed === 0) return { kind: 'unconfirmed' };
  if (mfaEnabled(ctx.db, account.id)) return { kind: 'mfa', account };
  return { kind: 'ok', account };
}
