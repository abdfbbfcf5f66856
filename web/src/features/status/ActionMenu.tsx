import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import styles from './ActionMenu.module.css';

export interface MenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  /** Rendered as a link instead of a button (external source). */
  href?: string;
  danger?: boolean;
  /** Shown but not selectable (aria-disabled keeps it reachable by the arrow keys). */
  disabled?: boolean;
  onSelect?(): void;
}

/** Spec part 2, §9: a menu opens this long after it is asked to (a double click stays one). */
export const MENU_OPEN_DELAY_MS = 25;

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown open it on the first item,
 * ArrowUp on the last; arrows, Home and End move between items; Escape closes it and gives focus
 * back to the button; Tab and a click outside close it.
 */
export function ActionMenu({
  label,
  icon,
  items,
  className,
}: {
  label: string;
  icon: ReactNode;
  items: readonly MenuItem[];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const menuId = useId();
  const openTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(openTimer.current), []);

  const close = useCallback((returnFocus: boolean) => {
    clearTimeout(openTimer.current);
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  const openAt = (index: number) => {
    clearTimeout(openTimer.current);
    openTimer.current = setTimeout(() => {
      setFocusIndex(index);
      setOpen(true);
    }, MENU_OPEN_DELAY_MS);
  };

  useEffect(() => {
    if (open) itemRefs.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex >= last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex <= 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setFocusIndex(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const select = (item: MenuItem) => {
    if (item.disabled) return;
    close(true);
    item.onSelect?.();
  };

  return (
    <div className={`${styles.wrapper} ${className ?? ''}`}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        data-action="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        {icon}
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className={styles.menu}
          data-popup
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => (
            <li key={item.key} role="none">
              {item.href ? (
                <a
                  ref={(node) => {
                    itemRefs.current[index] = node;
                  }}
                  role="menuitem"
                  tabIndex={index === focusIndex ? 0 : -1}
                  className={styles.item}
                  href={item.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={() => close(false)}
                  onFocus={() => setFocusIndex(index)}
                >
                  {item.icon}
                  <span>{item.label}</span>
                </a>
              ) : (
                <button
                  ref={(node) => {
                    itemRefs.current[index] = node;
                  }}
                  type="button"
                  role="menuitem"
                  tabIndex={index === focusIndex ? 0 : -1}
                  className={`${styles.item} ${item.danger ? styles.danger : ''}`}
                  aria-disabled={item.disabled || undefined}
                  onClick={() => select(item)}
                  onFocus={() => setFocusIndex(index)}
                >
                  {item.icon}
                  <span>{item.label}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
