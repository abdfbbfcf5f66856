import { describe, expect, it } from 'vitest';
import { TOTP_SECRET } from '../seed/accounts.ts';
import { totpCode, verifyTotp } from './totp.ts';
import { anyScopeGranted, parseScopes, scopeGranted, scopesWithin } from './scopes.ts';
import { PUBLIC_PASSWORD_COST, hashPassword, verifyPassword } from './password.ts';
import { normalizeRecoveryCode } from './recovery.ts';

describe('TOTP (RFC 6238)', () => {
  // The RFC's SHA-1 key, "12345678901234567890", in base32.
  const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  it('matches the RFC 6238 SHA-1 test values (last 6 digits)', () => {
    expect(totpCode(rfcSecret, 59_000)).toBe('287082');
    expect(totpCode(rfcSecret, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(rfcSecret, 1_234_567_890_000)).toBe('005924');
    expect(totpCode(rfcSecret.toLowerCase().replace(/(.{4})/g, '$1 '), 59_000)).toBe('287082');
  });

  it('accepts one step of drift, returns the step used, and rejects others', () => {
    const now = 1_234_567_890_000;
    const step = Math.floor(now / 30_000);
    expect(verifyTotp(rfcSecret, totpCode(rfcSecret, now), now)).toBe(step);
    expect(verifyTotp(rfcSecret, totpCode(rfcSecret, now - 30_000), now)).toBe(step - 1);
    expect(verifyTotp(rfcSecret, totpCode(rfcSecret, now + 30_000), now)).toBe(step + 1);
    expect(verifyTotp(rfcSecret, totpCode(rfcSecret, now - 90_000), now)).toBeNull();
    expect(verifyTotp(rfcSecret, 'abcdef', now)).toBeNull();
    expect(verifyTotp(rfcSecret, '12345', now)).toBeNull();
  });

  it("keeps the demo user's secret working", () => {
    const now = Date.now();
    const code = totpCode(TOTP_SECRET, now);
    expect(code).toMatch(/^\d{6}$/);
    expect(verifyTotp(TOTP_SECRET, code, now)).toBe(Math.floor(now / 30_000));
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

  it('hashes at full cost unless the password is a public one (demo, tests)', async () => {
    expect(hashPassword('hunter2').split('$').slice(1, 4)).toEqual(['16384', '8', '1']);
    const cheap = hashPassword('a demo password', PUBLIC_PASSWORD_COST);
    expect(cheap.split('$').slice(1, 4)).toEqual(['1024', '8', '1']);
    expect(await verifyPassword('a demo password', cheap)).toBe(true);
    expect(await verifyPassword('another', cheap)).toBe(false);
  });

  it('normalises recovery codes', () => {
    expect(normalizeRecoveryCode(' ChIrP-11111 ')).toBe('chirp11111');
  });
});
