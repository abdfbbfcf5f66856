/** Read by `npm run bench`: navigation start to the first status card on screen. */
export const FIRST_STATUS_MARK = 'starling:first-status-painted';

/**
 * Runs `callback` once the frame after the current commit has been painted: a task queued from
 * requestAnimationFrame runs after that frame. Returns a cancel function.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

export function markFirstStatusPainted(): void {
  if (performance.getEntriesByName(FIRST_STATUS_MARK).length > 0) return;
  afterNextPaint(() => {
    if (performance.getEntriesByName(FIRST_STATUS_MARK).length === 0) {
      performance.mark(FIRST_STATUS_MARK);
    }
  });
}
