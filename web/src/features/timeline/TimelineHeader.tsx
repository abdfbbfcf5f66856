import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLayout } from '../../app/layout/useLayout.ts';
import { t, tCount } from '../../i18n/index.ts';
import { clickBlocked, mobileNewCount } from '../../lib/timelineQueue.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './Timeline.module.css';

const TimelineSwitcherMenu = lazy(() =>
  import('./TimelineSwitcherMenu.tsx').then((module) => ({
    default: module.TimelineSwitcherMenu,
  })),
);
const QuickSettings = lazy(() =>
  import('./QuickSettings.tsx').then((module) => ({ default: module.QuickSettings })),
);

interface TimelineHeaderProps {
  title: string;
  headingId: string;
  /** Timeline screens offer the switcher; a profile's tabs do not. */
  switcher: boolean;
  newStatusCount: number;
  /** A reload is needed to show the new statuses. */
  flush: boolean;
  onShowNew: () => void;
}

/** Header: title (or switcher), show new (N) or up-to-date, quick settings, scroll to top. */
export function TimelineHeader({
  title,
  headingId,
  switcher,
  newStatusCount,
  flush,
  onShowNew,
}: TimelineHeaderProps) {
  const mobile = useLayout() === 'mobile';
  const hasNew = newStatusCount > 0;
  // Spec §9: clicks are ignored for a second after the button appears (it may pop up under a
  // pointer about to click something else).
  const appearedAt = useRef<number | null>(null);
  useEffect(() => {
    appearedAt.current = hasNew ? Date.now() : null;
  }, [hasNew]);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsId = useId();
  const label = t('timeline.show_new_count', newStatusCount);
  // The phone button shows only the count, so its name says it in words that contain it.
  const mobileLabel = tCount('timeline.show_new_posts', newStatusCount);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        {switcher ? (
          <TimelineSwitcher title={title} headingId={headingId} />
        ) : (
          <h2 id={headingId} className={styles.title}>
            {title}
          </h2>
        )}
        <div className={styles.controls}>
          {hasNew ? (
            <Button
              variant="primary"
              compact
              className={styles.showNew}
              aria-label={mobile ? mobileLabel : undefined}
              onClick={() => {
                if (!clickBlocked(appearedAt.current, Date.now())) onShowNew();
              }}
            >
              {mobile ? mobileNewCount(newStatusCount, flush) : label}
            </Button>
          ) : (
            <span className={styles.upToDate}>{t('timeline.up_to_date')}</span>
          )}
          <Button
            variant="ghost"
            compact
            aria-label={t('timeline.quick_settings')}
            aria-expanded={settingsOpen}
            aria-controls={settingsId}
            onClick={() => setSettingsOpen((open) => !open)}
          >
            <span aria-hidden="true">⚙</span>
          </Button>
          <Button
            variant="ghost"
            compact
            aria-label={t('timeline.scroll_to_top')}
            onClick={() => window.scrollTo({ top: 0 })}
          >
            <span aria-hidden="true">↑</span>
          </Button>
        </div>
      </div>
      {settingsOpen && (
        <div id={settingsId} className={styles.settings}>
          <Suspense fallback={null}>
            <QuickSettings />
          </Suspense>
        </div>
      )}
    </header>
  );
}

/** The heading is a disclosure button listing the other timelines (Escape closes it). */
function TimelineSwitcher({ title, headingId }: { title: string; headingId: string }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  return (
    <div
      ref={rootRef}
      className={styles.switcher}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <h1 id={headingId} className={styles.title}>
        <button
          ref={buttonRef}
          type="button"
          className={styles.switcherButton}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((value) => !value)}
        >
          {title}
          <span aria-hidden="true" className={styles.caret}>
            ▾
          </span>
        </button>
      </h1>
      {open && (
        <Suspense fallback={null}>
          <TimelineSwitcherMenu id={menuId} onChoose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
