import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import styles from './Tabs.module.css';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

interface TabsProps<T extends string> {
  tabs: readonly TabItem<T>[];
  active: T;
  onSelect(tab: T): void;
  /** Accessible name of the tab list. */
  label: string;
  orientation?: 'horizontal' | 'vertical';
  /** The content of the active tab's panel. */
  children: ReactNode;
  className?: string;
  /** Keeps the tab list in view while a long panel scrolls (in a scrolling dialog). */
  stickyList?: boolean;
}

/** Which ends of a sideways-scrolling tab list have tabs hidden past them. */
function useHiddenEnds(list: RefObject<HTMLDivElement | null>) {
  const [ends, setEnds] = useState({ before: false, after: false });
  const measure = () => {
    const element = list.current;
    if (!element) return;
    // Right to left, scrollLeft runs from 0 at the start down to negative values.
    const scrolled = Math.abs(element.scrollLeft);
    const before = scrolled > 1;
    const after = scrolled + element.clientWidth < element.scrollWidth - 1;
    setEnds((current) =>
      current.before === before && current.after === after ? current : { before, after },
    );
  };
  useEffect(() => {
    const element = list.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
    // measure reads only the ref and a state setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [ends, measure] as const;
}

/**
 * A tab list with one panel. Arrow keys move between tabs (selection follows focus), Home and
 * End jump to the ends; only the active tab is in the Tab order.
 */
export function Tabs<T extends string>({
  tabs,
  active,
  onSelect,
  label,
  orientation = 'horizontal',
  children,
  className,
  stickyList = false,
}: TabsProps<T>) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const [hiddenEnds, measureEnds] = useHiddenEnds(listRef);
  const tabId = (id: T) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  const moveTo = (index: number) => {
    const count = tabs.length;
    const next = tabs[((index % count) + count) % count];
    if (!next) return;
    onSelect(next.id);
    listRef.current?.querySelector<HTMLElement>(`[id="${tabId(next.id)}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.id === active);
    // Right to left, the left arrow moves on to the next tab.
    const rtl = event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl';
    const [back, forward] = rtl ? ['ArrowRight', 'ArrowLeft'] : ['ArrowLeft', 'ArrowRight'];
    const previousKeys = orientation === 'vertical' ? ['ArrowUp', back] : [back];
    const nextKeys = orientation === 'vertical' ? ['ArrowDown', forward] : [forward];
    let target: number | null = null;
    if (previousKeys.includes(event.key)) target = current - 1;
    else if (nextKeys.includes(event.key)) target = current + 1;
    else if (event.key === 'Home') target = 0;
    else if (event.key === 'End') target = tabs.length - 1;
    if (target === null) return;
    event.preventDefault();
    moveTo(target);
  };

  return (
    <div className={`${styles.tabs} ${styles[orientation] ?? ''} ${className ?? ''}`}>
      {/* The frame fades the ends that have more tabs past them, so a cut list shows it scrolls. */}
      <div
        className={`${styles.listFrame} ${stickyList ? styles.sticky : ''}`}
        data-more-before={hiddenEnds.before || undefined}
        data-more-after={hiddenEnds.after || undefined}
      >
        <div
          ref={listRef}
          role="tablist"
          aria-label={label}
          aria-orientation={orientation}
          className={styles.list}
          onKeyDown={onKeyDown}
          onScroll={measureEnds}
        >
          {tabs.map((tab) => {
            const selected = tab.id === active;
            return (
              <button
                key={tab.id}
                id={tabId(tab.id)}
                type="button"
                role="tab"
                aria-selected={selected}
                aria-controls={selected ? panelId : undefined}
                tabIndex={selected ? 0 : -1}
                className={styles.tab}
                onClick={() => onSelect(tab.id)}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      </div>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(active)}
        tabIndex={0}
        className={styles.panel}
      >
        {children}
      </div>
    </div>
  );
}
