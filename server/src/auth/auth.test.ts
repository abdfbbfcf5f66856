import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, totpCode, verifyTotp } from './totp.ts';
import { anyScopeGranted, parseScopes, scopeGranted, scopesWithin } from './scopes.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { normalizeRecoveryCode } from './recovery.ts';

describe('TOTP (RFC 6238 / RFC 4226)', () => {
  const rfcKey = Buffer.from('12345678901234567890', 'ascii');

  it('matches the RFC 4226 HOTP test values', () => {
    expect([0, 1, 2, 9].map((c) => hotp(rfcKey, c))).toEqual([
      '755224',
      '287082',
      '359152',
      '520489',
    ]);
  });

  it('matches the RFC 6238 SHA-1 test values (last 6 digits)', () => {
    const secret = base32Encode(rfcKey);
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(totpCode(secret, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(secret, 1_234_567_890_000)).toBe('005924');
  });

  it('accepts one step of drift and rejects others', () => {
    const secret = base32Encode(rfcKey);
    const now = 1_234_567_890_000;
    expect(verifyTotp(secret, totpCode(secret, now - 30_000), now)).not.toBeNull();
    expect(verifyTotp(secret, totpCode(secret, now - 90_000), now)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', now)).toBeNull();
  });

  it('round-trips base32', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 7]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
  });
});

describe('scopes', () => {
  it('lets a parent scope grant its children, not the other way round', () => {
    expect(scopeGranted(['read'], 'read:statuses')).toBe(true);
    expect(scopeGranted(['read:statuses'], 'read')).toBe(false);
    expect(scopeGranted(['write'], 'read:statuses')).toBe(false);
    expect(scopeGranted(['admin'], 'admin:read:accounts')).toBe(true);
    expect(scopeGranted(['follow'], 'write:follows')).toBe(true);
    expect(anyScopeGranted(['follow'], ['write:follows', 'follow'])).toBe(true);
  });

  it('parses space- and plus-separated lists', () => {
    expect(parseScopes('read write+follow  push')).toEqual(['read', 'write', 'follow', 'push']);
    expect(scopesWithin(['read:statuses', 'write'], ['read', 'write'])).toBe(true);
    expect(scopesWithin(['admin'], ['read', 'write'])).toBe(false);
  });
});

describe('passwords and recovery codes', () => {
  it('hashes with scrypt and verifies', async () => {
    const stored = hashPassword('hunter2');
    expect(stored.startsWith('scrypt$')).toBe(true);
    expect(stored).not.toContain('hunter2');
    expect(await verifyPassword('hunter2', stored)).toBe(true);
    expect(await verifyPassword('hunter3', stored)).toBe(false);
    expect(await verifyPassword('x', null)).toBe(false);
  });

  it('normalises recovery codes', () => {
    expect(normalizeRecoveryCode(' ChIrP-11111 ')).toBe('chirp11111');
  });
});
