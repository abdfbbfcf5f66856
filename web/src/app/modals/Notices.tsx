import { useLayoutEffect, useState } from 'react';
import { t, tCount } from '../../i18n/index.ts';
import { visibleNotices } from '../../lib/noticeQueue.ts';
import { useNotices, type GlobalNotice } from '../../state/notices.ts';
import styles from './Notices.module.css';

const roleFor = (level: GlobalNotice['level']) =>
  level === 'error' || level === 'warning' ? 'alert' : 'status';

/** The height the notices take below the top bar, for the sticky columns to stay clear of. */
const HEIGHT_PROPERTY = '--notices-height';

function useReservedHeight(element: HTMLElement | null) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    if (!element) {
      root.style.removeProperty(HEIGHT_PROPERTY);
      return undefined;
    }
    const update = () => root.style.setProperty(HEIGHT_PROPERTY, `${element.offsetHeight}px`);
    update();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEIGHT_PROPERTY);
    };
  }, [element]);
}

/**
 * Global notices: one line each, styled by level, each with its own dismiss button. Identical
 * ones are merged with a count and at most three show (lib/noticeQueue). They sit in the page's
 * flow under the top bar, sticky like it, so they push the page down instead of covering any of
 * its controls, inside a polite live region that is on the page before them (one inserted
 * together with its text is often not read).
 */
export function Notices() {
  const notices = useNotices((state) => state.notices);
  const dismiss = useNotices((state) => state.dismiss);
  const shown = visibleNotices(notices);
  return (
    <div aria-live="polite" data-notices-live="">
      {shown.length > 0 && <NoticeList notices={shown} dismiss={dismiss} />}
    </div>
  );
}

function NoticeList({
  notices,
  dismiss,
}: {
  notices: readonly GlobalNotice[];
  dismiss(id: number): void;
}) {
  const [region, setRegion] = useState<HTMLElement | null>(null);
  useReservedHeight(region);
  return (
    <section ref={setRegion} className={styles.notices} aria-label={t('modals.notices')}>
      <ul className={styles.list}>
        {notices.map((notice) => (
          <li key={notice.id} className={`${styles.notice} ${styles[notice.level] ?? ''}`}>
            <span role={roleFor(notice.level)} className={styles.text} data-level={notice.level}>
              {t(notice.messageKey, ...notice.messageArgs)}
            </span>
            {notice.count > 1 && (
              <span
                className={styles.count}
                aria-label={tCount('modals.notice_count', notice.count)}
              >
                ×{notice.count}
              </span>
            )}
            <button
              type="button"
              className={styles.dismiss}
              aria-label={t('modals.dismiss')}
              onClick={() => dismiss(notice.id)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
