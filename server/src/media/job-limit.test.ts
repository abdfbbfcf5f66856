import { describe, expect, it } from 'vitest';
import { jobLimit } from './job-limit.ts';

describe('jobLimit', () => {
  it('runs at most the limit at once, in order, and carries on after a failure', async () => {
    const limited = jobLimit(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (n: number, fail = false) =>
      limited(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        order.push(n);
        if (fail) throw new Error(`job ${n}`);
        return n;
      });
    const results = await Promise.allSettled([job(1), job(2, true), job(3), job(4), job(5)]);
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });
});
