/**
 * Runs `callback` when the browser is next idle, or after `timeoutMs` at the latest (at once, in
 * a task, where there is no idle callback). Returns a cancel function.
 */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, 0);
  return () => clearTimeout(handle);
}
