/** Read by `npm run bench`: navigation start to the first status card on screen. */
export const FIRST_STATUS_MARK = 'starling:first-status-painted';
/**
 * How long the landing timeline's first page is waited for before the screen renders without it:
 * with it, the shell and the first statuses appear in one commit (main.tsx, restoreSession).
 */
export const FIRST_PAGE_WAIT_MS = 400;
/** The `elementtiming` name a status card gives its author line. */
export const STATUS_ELEMENT_TIMING = 'status';

const marked = () => performance.getEntriesByName(FIRST_STATUS_MARK).length > 0;
const elementTimingSupported = () =>
  typeof PerformanceObserver !== 'undefined' &&
  !!PerformanceObserver.supportedEntryTypes?.includes('element');

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

interface ElementTiming extends PerformanceEntry {
  identifier: string;
  renderTime: number;
  loadTime: number;
}

/**
 * Where the browser has the Element Timing API, the mark carries the paint time of the first
 * status card's author line, as the browser reports it. Call before the first render.
 */
export function watchFirstStatusPaint(): void {
  if (!elementTimingSupported()) return;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as ElementTiming[]) {
      if (entry.identifier !== STATUS_ELEMENT_TIMING) continue;
      observer.disconnect();
      if (!marked()) {
        performance.mark(FIRST_STATUS_MARK, { startTime: entry.renderTime || entry.loadTime });
      }
      return;
    }
  });
  observer.observe({ type: 'element', buffered: true });
}

/** Elsewhere, the mark is set once the frame after the first statuses' commit has been painted. */
export function markFirstStatusPainted(): void {
  if (marked() || elementTimingSupported()) return;
  afterNextPaint(() => {
    if (!marked()) performance.mark(FIRST_STATUS_MARK);
  });
}
