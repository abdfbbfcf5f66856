import { createHash, randomBytes } from 'node:crypto';

/** A random secret (token, client secret, code) as base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Secrets are stored only as their SHA-256, so a leaked database does not leak live tokens. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
