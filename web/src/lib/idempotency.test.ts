import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('newIdempotencyKey', () => {
  it('starts with the current time stamp', () => {
    vi.useFakeTimers({ now: 1_700_000_000_123 });
    expect(newIdempotencyKey()).toMatch(/^1700000000123-[0-9a-z]{8}$/);
  });

  it('differs between keys made in the same millisecond', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
  });
});
