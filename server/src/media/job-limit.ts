/**
 * Runs at most `limit` async jobs at once; the others wait their turn in order. Image decoding
 * runs on libvips' threads, but on a small machine several at once still starve the thread
 * that answers requests of CPU.
 */
export function jobLimit(limit: number): <T>(job: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  return async (job) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await job();
    } finally {
      release();
    }
  };
}
