import type { RateLimit } from './settings.ts';

/** Keys kept at most; past it the oldest windows go (a Map keeps insertion order). */
const MAX_KEYS = 10_000;

/**
 * Fixed-window request counting per key (an address, an e-mail address), in memory: a restart
 * forgets it, as Pleroma's rate limiter does.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; false when the key is over its limit for this window. */
  take(key: string): boolean {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.delete(key);
      this.prune(now);
      window = { count: 0, resetAt: now + this.limit.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return window.count <= this.limit.max;
  }

  private prune(now: number): void {
    for (const [key, window] of this.windows) {
      if (this.windows.size < MAX_KEYS && window.resetAt > now) break;
      this.windows.delete(key);
    }
  }
}
