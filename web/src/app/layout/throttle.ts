/**
 * Runs `fn` at once, then at most once per `ms` while calls keep coming; the last call of a burst
 * always runs (trailing edge), so the final state is never missed.
 */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
): ((...args: A) => void) & { cancel(): void } {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = (args: A) => {
    last = Date.now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const wait = last + ms - Date.now();
    if (wait <= 0 && timer === null) {
      run(args);
      return;
    }
    pending = args;
    timer ??= setTimeout(
      () => {
        timer = null;
        if (pending) {
          const next = pending;
          pending = null;
          run(next);
        }
      },
      Math.max(wait, 0),
    );
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
