import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  estimateHeight,
  ESTIMATE_SAMPLE_SIZE,
  overscanFor,
  sameRange,
  spacersFor,
  stepTowards,
  windowLayout,
  type ItemRange,
} from '../lib/virtualWindow.ts';
import styles from './VirtualList.module.css';

/**
 * Items newly mounted in one frame at most. At 4x CPU a status card takes several milliseconds to
 * mount, and a task over 50 ms is a stutter a reader feels.
 */
const ITEMS_MOUNTED_PER_FRAME = 3;

/** Assumed height of an item never measured, until some are (see estimateHeight). */
export const DEFAULT_ITEM_HEIGHT = 140;

/**
 * Measured heights by item id. The owner keeps one per list (a timeline keeps its own across
 * visits), so a list shown again lays out at its real height and scrolling back has no jumps.
 */
export class HeightCache {
  private readonly heights = new Map<string, number>();
  /** The first heights measured, which the estimate for the others is taken from. */
  private readonly sample: number[] = [];

  get(id: string): number | undefined {
    return this.heights.get(id);
  }

  set(id: string, height: number): void {
    if (!this.heights.has(id) && this.sample.length < ESTIMATE_SAMPLE_SIZE)
      this.sample.push(height);
    this.heights.set(id, height);
  }

  estimate(fallback = DEFAULT_ITEM_HEIGHT): number {
    return estimateHeight(this.sample, fallback);
  }
}

export interface VirtualListProps {
  ids: readonly string[];
  heights: HeightCache;
  /** `index` is 1-based; `setSize` is the feed's length, -1 while more can load. */
  renderItem: (id: string, index: number, setSize: number) => ReactNode;
  /** The feed's length for aria-setsize: -1 while it is not known (more can load). */
  setSize?: number;
  /** Items mounted by the first render, before the window is measured (a quick first paint). */
  initialCount?: number;
  className?: string;
  /** Announced while more items are on their way (a feed's aria-busy). */
  busy?: boolean;
  'aria-labelledby'?: string;
  /** The feed's name when no heading names it. */
  'aria-label'?: string;
}

interface RowProps {
  id: string;
  index: number;
  setSize: number;
  renderItem: (id: string, index: number, setSize: number) => ReactNode;
  observe: (element: HTMLDivElement | null) => void;
}

/**
 * One mounted item, measured by the list's observer. Memoised: moving the window or adding a page
 * renders only the items that arrive, not every mounted one again (pass a stable renderItem).
 */
const Row = memo(function Row({ id, index, setSize, renderItem, observe }: RowProps) {
  return (
    <div ref={observe} className={styles.row} data-item-id={id}>
      {renderItem(id, index, setSize)}
    </div>
  );
});

const SCROLLING = new Set(['auto', 'scroll', 'overlay']);

/**
 * The box the list scrolls in: its nearest scrolling ancestor (a panel, a drawer), or null for the
 * window. The page's own root elements count as the window.
 */
function scrollParentOf(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    if (parent === document.body || parent === document.documentElement) return null;
    if (SCROLLING.has(getComputedStyle(parent).overflowY)) return parent;
  }
  return null;
}

/** Each list's scroller, found once: a style lookup up the tree is costly on every measure. */
const rowScrollers = new WeakMap<Element, HTMLElement | null>();

function scrollParentOfRow(row: HTMLElement): HTMLElement | null {
  const list = row.parentElement;
  if (!list) return scrollParentOf(row);
  if (!rowScrollers.has(list)) rowScrollers.set(list, scrollParentOf(row));
  return rowScrollers.get(list) ?? null;
}

/** Where the visible part of the scroller starts and ends, in viewport coordinates. */
function viewportOf(scroller: HTMLElement | null): { top: number; bottom: number } {
  if (!scroller) return { top: 0, bottom: window.innerHeight };
  const box = scroller.getBoundingClientRect();
  const top = Math.max(0, box.top);
  return {
    top,
    bottom: Math.max(top, Math.min(window.innerHeight, box.top + scroller.clientHeight)),
  };
}

/** Turns the box's scroll anchoring off; the returned function restores it. */
function withoutScrollAnchoring(box: HTMLElement): () => void {
  const before = box.style.overflowAnchor;
  box.style.overflowAnchor = 'none';
  return () => {
    box.style.overflowAnchor = before;
  };
}

const heightsOf = (ids: readonly string[], cache: HeightCache): number[] => {
  const estimate = cache.estimate();
  return ids.map((id) => cache.get(id) ?? estimate);
};

/**
 * A list scrolled by the window that mounts only the items near the viewport (spec part 1, §9:
 * about max(3, window height / 80) on each side); the rest are empty space of their measured (or
 * estimated) height. When an item above the viewport changes height, the window scrolls by the
 * difference so that what the reader is looking at stays put. Inside a scrolling box (a panel's
 * own scroller, a drawer) the box's visible part is the viewport and the box is what scrolls.
 */
export function VirtualList({
  ids,
  heights,
  renderItem,
  initialCount = 5,
  className,
  busy,
  setSize = ids.length,
  'aria-labelledby': labelledBy,
  'aria-label': label,
}: VirtualListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  /** The scrolling box, found once the list is in the document (undefined: not looked for yet). */
  const scrollerRef = useRef<HTMLElement | null | undefined>(undefined);
  const scrollerOf = useCallback((list: HTMLElement) => {
    if (scrollerRef.current === undefined) scrollerRef.current = scrollParentOf(list);
    return scrollerRef.current;
  }, []);
  const idsRef = useRef(ids);
  const [range, setRange] = useState<ItemRange>(() => ({ start: 0, end: initialCount }));
  /**
   * The window fills in steps, one committed before the next is asked for: a step asked for while
   * another waits to render would be batched with it into one longer task.
   */
  const stepping = useRef({ asked: range, waiting: false, unfinished: false });
  const [, setMeasured] = useState(0);

  const recompute = useCallback(() => {
    const list = listRef.current;
    const steps = stepping.current;
    if (!list) return;
    if (steps.waiting) {
      steps.unfinished = true;
      return;
    }
    const viewport = viewportOf(scrollerOf(list));
    const listTop = list.getBoundingClientRect().top;
    const layout = windowLayout(
      heightsOf(idsRef.current, heights),
      viewport.top - listTop,
      viewport.bottom - listTop,
      overscanFor(window.innerHeight),
    );
    // A few new items a frame, in a transition: fast scrolling never makes one long task of
    // mounting a window's worth of cards (the space stays blank a moment instead).
    const next = stepTowards(steps.asked, layout, ITEMS_MOUNTED_PER_FRAME);
    steps.unfinished = !sameRange(next, layout);
    if (sameRange(next, steps.asked)) return;
    steps.asked = next;
    steps.waiting = true;
    startTransition(() => setRange(next));
  }, [heights, scrollerOf]);

  // A step committed: the next one, if the window is not filled yet, in the next frame.
  useEffect(() => {
    const steps = stepping.current;
    steps.waiting = false;
    if (!steps.unfinished) return;
    const frame = requestAnimationFrame(recompute);
    return () => cancelAnimationFrame(frame);
  }, [range, recompute]);

  // Scrolling (of the page or of the box the list is in: scroll events of elements reach the
  // window only while capturing) and resizing move the window, at most once a frame.
  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        recompute();
      });
    };
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, [recompute]);

  // The items changed (a page arrived, new ones shown): place the window again, once the frame
  // with what is already rendered has been painted (the first screenful shows sooner).
  useEffect(() => {
    idsRef.current = ids;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(recompute, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ids, recompute]);

  // The browser's own scroll anchoring would fight the corrections below (in whichever box
  // scrolls: a panel's list leaves the page's anchoring to the timeline beside it).
  useEffect(() => {
    const list = listRef.current;
    return withoutScrollAnchoring((list && scrollerOf(list)) ?? document.documentElement);
  }, [scrollerOf]);

  const [observer] = useState(() =>
    typeof ResizeObserver === 'undefined'
      ? null
      : new ResizeObserver((entries) => {
          let shift = 0;
          let changed = false;
          const first = entries[0]?.target;
          const scroller = first instanceof HTMLElement ? scrollParentOfRow(first) : null;
          const viewportTop = viewportOf(scroller).top;
          const estimate = heights.estimate();
          for (const entry of entries) {
            const element = entry.target as HTMLElement;
            const id = element.dataset.itemId;
            if (!id || !element.isConnected) continue;
            const height = entry.borderBoxSize[0]?.blockSize ?? element.offsetHeight;
            const known = heights.get(id);
            if (height === known) continue;
            heights.set(id, height);
            changed = true;
            // Above the viewport: everything the reader sees moved by the difference.
            if (element.getBoundingClientRect().top < viewportTop)
              shift += height - (known ?? estimate);
          }
          if (shift) (scroller ?? window).scrollBy(0, shift);
          if (changed) setMeasured((count) => count + 1);
        }),
  );
  useEffect(() => () => observer?.disconnect(), [observer]);

  const observe = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element || !observer) return;
      observer.observe(element);
      return () => observer.unobserve(element);
    },
    [observer],
  );

  const all = heightsOf(ids, heights);
  const start = Math.min(range.start, ids.length);
  const end = Math.min(Math.max(range.end, start), ids.length);
  const { before, after } = spacersFor(all, { start, end });

  // A feed must hold articles: the list is a plain box until one is in it. Items may render
  // nothing (a hidden or not yet known status), and they render on their own, so the DOM decides.
  const [holdsArticle, setHoldsArticle] = useState(false);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const check = () => setHoldsArticle(list.querySelector('article') !== null);
    check();
    if (typeof MutationObserver === 'undefined') return;
    const watcher = new MutationObserver(check);
    watcher.observe(list, { childList: true, subtree: true });
    return () => watcher.disconnect();
  }, []);
  const feed = ids.length > 0 && holdsArticle;
  return (
    <div
      ref={listRef}
      className={className}
      role={feed ? 'feed' : undefined}
      aria-busy={feed ? busy : undefined}
      aria-labelledby={feed ? labelledBy : undefined}
      aria-label={feed ? label : undefined}
    >
      {before > 0 && <div style={{ height: before }} aria-hidden="true" />}
      {ids.slice(start, end).map((id, offset) => (
        <Row
          key={id}
          id={id}
          index={start + offset + 1}
          setSize={setSize}
          renderItem={renderItem}
          observe={observe}
        />
      ))}
      {after > 0 && <div style={{ height: after }} aria-hidden="true" />}
    </div>
  );
}
