import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
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
}: TabsProps<T>) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
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
    const previousKeys = orientation === 'vertical' ? ['ArrowUp', 'ArrowLeft'] : ['ArrowLeft'];
    const nextKeys = orientation === 'vertical' ? ['ArrowDown', 'ArrowRight'] : ['ArrowRight'];
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
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        aria-orientation={orientation}
        className={styles.list}
        onKeyDown={onKeyDown}
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
