import type { Database } from 'better-sqlite3';
import { sql, nowIso } from './index.ts';
import { verifyTotp } from '../auth/totp.ts';
import { hashRecoveryCode } from '../auth/recovery.ts';

export interface MfaRow {
  account_id: string;
  totp_secret: string;
  enabled: number;
  last_used_step: number;
}

export function getMfa(db: Database, accountId: string): MfaRow | undefined {
  return sql(db, 'SELECT * FROM account_mfa WHERE account_id = ?').get(accountId) as
    MfaRow | undefined;
}

export function mfaEnabled(db: Database, accountId: string): boolean {
  return getMfa(db, accountId)?.enabled === 1;
}

export function enableTotp(
  db: Database,
  accountId: string,
  secret: string,
  recoveryCodes: string[],
): void {
  db.transaction(() => {
    sql(
      db,
      `INSERT INTO account_mfa (account_id, totp_secret, enabled) VALUES (?, ?, 1)
       ON CONFLICT (account_id) DO UPDATE SET totp_secret = excluded.totp_secret, enabled = 1, last_used_step = 0`,
    ).run(accountId, secret);
    sql(db, 'DELETE FROM mfa_recovery_codes WHERE account_id = ?').run(accountId);
    const insert = sql(
      db,
      'INSERT OR IGNORE INTO mfa_recovery_codes (account_id, code_hash) VALUES (?, ?)',
    );
    for (const code of recoveryCodes) insert.run(accountId, hashRecoveryCode(code));
  })();
}

/** Checks a TOTP code, refusing a code from a step already used (no replay). */
export function checkTotp(db: Database, accountId: string, code: string): boolean {
  const mfa = getMfa(db, accountId);
  if (!mfa?.enabled) return false;
  const step = verifyTotp(mfa.totp_secret, code);
  if (step === null || step <= mfa.last_used_step) return false;
  sql(db, 'UPDATE account_mfa SET last_used_step = ? WHERE account_id = ?').run(step, accountId);
  return true;
}

/** Uses up a recovery code; each works once. */
export function useRecoveryCode(db: Database, accountId: string, code: string): boolean {
  const info = sql(
    db,
    'UPDATE mfa_recovery_codes SET used_at = ? WHERE account_id = ? AND code_hash = ? AND used_at IS NULL',
  ).run(nowIso(), accountId, hashRecoveryCode(code));
  return info.changes > 0;
}

/** Wrong codes one pending sign-in (mfa_token) takes; after that it is spent. */
export const MFA_TOKEN_MAX_FAILURES = 5;
/** Wrong codes one account takes across sign-ins within the window; after that it waits. */
export const MFA_ACCOUNT_MAX_FAILURES = 10;
export const MFA_ACCOUNT_WINDOW_MS = 15 * 60 * 1000;

export type MfaChallengeOutcome = 'passed' | 'invalid' | 'throttled';

function accountFailuresSince(db: Database, accountId: string, since: string): number {
  return (
    sql(db, 'SELECT count(*) AS n FROM mfa_failures WHERE account_id = ? AND failed_at > ?').get(
      accountId,
      since,
    ) as { n: number }
  ).n;
}

/**
 * Checks a second-factor code against the account's limit: an account with too many recent wrong
 * codes is refused even with the right one. A wrong code is counted; a right one clears the count.
 * Every way in (the token grant, the authorize page, a sign-in page) goes through here.
 */
export function checkCodeWithinLimits(
  db: Database,
  accountId: string,
  passes: () => boolean,
): MfaChallengeOutcome {
  return db.transaction((): MfaChallengeOutcome => {
    const windowStart = new Date(Date.now() - MFA_ACCOUNT_WINDOW_MS).toISOString();
    if (accountFailuresSince(db, accountId, windowStart) >= MFA_ACCOUNT_MAX_FAILURES)
      return 'throttled';
    if (passes()) {
      sql(db, 'DELETE FROM mfa_failures WHERE account_id = ?').run(accountId);
      return 'passed';
    }
    sql(db, 'DELETE FROM mfa_failures WHERE account_id = ? AND failed_at <= ?').run(
      accountId,
      windowStart,
    );
    sql(db, 'INSERT INTO mfa_failures (account_id, failed_at) VALUES (?, ?)').run(
      accountId,
      nowIso(),
    );
    return 'invalid';
  })();
}

/** A TOTP or recovery code (the challenge type says which) of the account. */
function codePasses(db: Database, accountId: string, challengeType: string, code: string) {
  if (challengeType === 'totp') return checkTotp(db, accountId, code);
  if (challengeType === 'recovery') return useRecoveryCode(db, accountId, code);
  return false;
}

/**
 * Checks a second-factor code for a pending sign-in (mfa_token), within the attempt limits: a
 * token spent by too many wrong codes is refused even with the right code, as is an account over
 * its limit (checkCodeWithinLimits). A wrong code counts against both.
 */
export function answerMfaChallenge(
  db: Database,
  pending: { token_hash: string; account_id: string; failed_attempts: number },
  challengeType: string,
  code: string,
): MfaChallengeOutcome {
  return db.transaction((): MfaChallengeOutcome => {
    if (pending.failed_attempts >= MFA_TOKEN_MAX_FAILURES) return 'throttled';
    const outcome = checkCodeWithinLimits(db, pending.account_id, () =>
      codePasses(db, pending.account_id, challengeType, code),
    );
    if (outcome === 'invalid')
      sql(
        db,
        'UPDATE mfa_tokens SET failed_attempts = failed_attempts + 1 WHERE token_hash = ?',
      ).run(pending.token_hash);
    return outcome;
  })();
}
