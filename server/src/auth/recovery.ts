import { randomBytes } from 'node:crypto';
import { hashSecret } from './random.ts';

export const RECOVERY_CODE_COUNT = 5;

/** Recovery codes look like `a1b2c-3d4e5`; compared case- and dash-insensitively. */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
}

export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^0-9a-z]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return hashSecret(`recovery:${normalizeRecoveryCode(code)}`);
}
