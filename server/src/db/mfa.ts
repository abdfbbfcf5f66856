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
