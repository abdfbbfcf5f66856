import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface HashCost {
  N: number;
  r: number;
  p: number;
}

/** Stored as `scrypt$N$r$p$salt$hash` (salt and hash base64url) so parameters can change later. */
const PARAMS: HashCost = { N: 16384, r: 8, p: 1 };
/**
 * For a password everyone is told (the demo accounts', printed at start; the tests'): its hash
 * guards nothing, and checking it at full cost made every demo and test sign-in spend some 80 ms
 * of CPU. A password a person chooses is always hashed with PARAMS.
 */
export const PUBLIC_PASSWORD_COST: HashCost = { N: 1024, r: 8, p: 1 };
const KEY_LENGTH = 32;

export function hashPassword(password: string, cost: HashCost = PARAMS): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, KEY_LENGTH, cost);
  return [
    'scrypt',
    cost.N,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

function scryptAsync(
  password: string,
  salt: Buffer,
  length: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, saltText, hashText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(saltText, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
