import { Secret, TOTP } from 'otpauth';

/** TOTP per RFC 6238 (HMAC-SHA1, 6 digits, 30 s steps), as authenticator apps expect. */
export const TOTP_STEP_SECONDS = 30;
const TOTP_DIGITS = 6;
/** Codes from one step before or after are accepted to allow for clock drift. */
const DRIFT_STEPS = 1;

function totpFor(secret: string, names: { label?: string; issuer?: string } = {}): TOTP {
  return new TOTP({
    ...names,
    secret: Secret.fromBase32(secret.toUpperCase().replace(/[\s=-]/g, '')),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
  });
}

/** A new random base32 secret (160 bits, as RFC 4226 recommends). */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads (as a QR code or typed in). */
export function provisioningUri(secret: string, account: string, issuer: string): string {
  return totpFor(secret, { label: account, issuer }).toString();
}

/** The code for a base32 secret at a time. */
export function totpCode(secret: string, timeMs = Date.now()): string {
  return totpFor(secret).generate({ timestamp: timeMs });
}

/** The matching time step, or null. Callers reject steps at or before the last used one (no replay). */
export function verifyTotp(secret: string, code: string, timeMs = Date.now()): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const totp = totpFor(secret);
  const delta = totp.validate({ token, timestamp: timeMs, window: DRIFT_STEPS });
  return delta === null ? null : totp.counter({ timestamp: timeMs }) + delta;
}
