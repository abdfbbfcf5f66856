import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  type TouchEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { t } from '../i18n/index.ts';
import styles from './Dialog.module.css';
import { firstTabbable, tabbableElements } from './focusable.ts';

export interface DialogProps {
  /** Shown as the dialog's heading and used as its accessible name. */
  title: ReactNode;
  /** Escape, the close button and (for role dialog) a click on the backdrop call this. */
  onClose(): void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** Buttons placed in the header before the close button (e.g. minimize). */
  headerActions?: ReactNode;
  /** Show the × button in the header; alert dialogs answer with their own buttons instead. */
  showCloseButton?: boolean;
  /** Where focus returns on close when the element focused before the dialog is gone. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Where focus goes on open; otherwise the first [data-autofocus] element, then the first tabbable. */
  initialFocus?: RefObject<HTMLElement | null>;
  placement?: 'center' | 'end';
  size?: 'small' | 'medium' | 'large';
  describedBy?: string;
  className?: string;
  /** No dimming behind the dialog (the user popover without its overlay). */
  clearBackdrop?: boolean;
  /** Touch handlers for drawers that close on a swipe. */
  onTouchStart?: (event: TouchEvent<HTMLDivElement>) => void;
  onTouchEnd?: (event: TouchEvent<HTMLDivElement>) => void;
}

/** The open dialogs' backdrops, the newest last: everything but the newest is inert. */
const openDialogs: HTMLElement[] = [];

/** Makes the page behind the newest dialog inert (or none of it, once no dialog is open). */
function applyInert(): void {
  const top = openDialogs[openDialogs.length - 1];
  for (const child of Array.from(document.body.children)) {
    if (!(child instanceof HTMLElement)) continue;
    const behind = top !== undefined && !child.contains(top);
    if (behind) {
      child.inert = true;
      child.dataset.dialogInert = '';
    } else if (child.dataset.dialogInert !== undefined) {
      child.inert = false;
      delete child.dataset.dialogInert;
    }
  }
}

/**
 * Where focus goes when a dialog opens: a field inside that already took it (autoFocus), the
 * marked element, else the first control of the body, so Close and Minimize come after the
 * fields. Null while the body has nothing yet (lazily loaded content).
 */
function initialTarget(panel: HTMLElement, body: HTMLElement | null): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== panel && panel.contains(active)) return active;
  return (
    panel.querySelector<HTMLElement>('[data-autofocus]') ?? (body ? firstTabbable(body) : null)
  );
}

/**
 * A modal dialog: focus moves in when it opens, Tab and Shift+Tab cycle inside it, Escape closes
 * it, and focus returns to the element that had it before once the dialog goes away. While it is
 * open the page behind it is inert.
 * Mount it to open it; unmount it to close it.
 */
export function Dialog({
  title,
  onClose,
  children,
  role = 'dialog',
  headerActions,
  showCloseButton = role === 'dialog',
  initialFocus,
  returnFocusTo,
  placement = 'center',
  size = 'medium',
  describedBy,
  className,
  clearBackdrop = false,
  onTouchStart,
  onTouchEnd,
}: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  // Read during the first render: by the time effects run, an autoFocus field inside has the focus.
  const [previous] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  // In the commit that shows the dialog, so no keystroke lands on the element behind it.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    const backdrop = panel?.parentElement;
    let observer: MutationObserver | null = null;
    let inertFrame = 0;
    let inertTimer: ReturnType<typeof setTimeout> | undefined;
    if (panel && backdrop) {
      openDialogs.push(backdrop);
      // The page behind goes inert just after the dialog's first frame: marking it restyles the
      // whole page, a long task on a slow phone, and meanwhile the focus is already inside and
      // the backdrop takes the pointer.
      inertFrame = requestAnimationFrame(() => {
        inertTimer = setTimeout(applyInert, 0);
      });
      const target = initialFocus?.current ?? initialTarget(panel, bodyRef.current);
      (target ?? panel).focus();
      // Content still loading: its first field takes the focus when it arrives, unless the
      // user has moved it meanwhile.
      if (!target && typeof MutationObserver !== 'undefined') {
        observer = new MutationObserver(() => {
          if (document.activeElement !== panel) {
            observer?.disconnect();
            return;
          }
          const arrived = initialTarget(panel, bodyRef.current);
          if (arrived) {
            observer?.disconnect();
            arrived.focus();
          }
        });
        observer.observe(panel, { childList: true, subtree: true });
      }
    }
    return () => {
      observer?.disconnect();
      cancelAnimationFrame(inertFrame);
      if (inertTimer !== undefined) clearTimeout(inertTimer);
      if (backdrop) {
        const index = openDialogs.indexOf(backdrop);
        if (index >= 0) openDialogs.splice(index, 1);
        applyInert();
      }
      if (previous?.isConnected) previous.focus();
      // eslint-disable-next-line react-hooks/exhaustive-deps -- read at close: the opener it holds now
      else if (returnFocusTo?.current?.isConnected) returnFocusTo.current.focus();
    };
    // Focus moves once per opening; a new initialFocus ref during the same opening changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // A dialog opened from inside this one is a portal, so its keys bubble here too: it handles them.
    const from = event.target instanceof Element ? event.target.closest('[aria-modal]') : null;
    if (from && from !== panelRef.current) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const tabbable = tabbableElements(panelRef.current);
    const first = tabbable[0];
    const last = tabbable[tabbable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    const outside = !panelRef.current.contains(active);
    if (event.shiftKey && (active === first || active === panelRef.current || outside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || outside)) {
      event.preventDefault();
      first.focus();
    }
  };

  const dialog = (
    <div
      className={`${styles.backdrop} ${placement === 'end' ? styles.end : ''} ${clearBackdrop ? styles.clear : ''}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && role === 'dialog') onClose();
      }}
    >
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={`${styles.panel} ${styles[size] ?? ''} ${className ?? ''}`}
        onKeyDown={onKeyDown}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {headerActions}
          {showCloseButton && (
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t('modals.close')}
              onClick={onClose}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </div>
        <div ref={bodyRef} className={styles.body}>
          {children}
        </div>
      </div>
    </div>
  );
  return createPortal(dialog, document.body);
}
