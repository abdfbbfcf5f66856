import { t } from '../../i18n/index.ts';
import { useNotices, type GlobalNotice } from '../../state/notices.ts';
import styles from './Notices.module.css';

const roleFor = (level: GlobalNotice['level']) =>
  level === 'error' || level === 'warning' ? 'alert' : 'status';

/**
 * Global notices: one line each, styled by level, each with its own dismiss button. They appear
 * inside a polite live region that is on the page before them (one inserted together with its
 * text is often not read).
 */
export function Notices() {
  const notices = useNotices((state) => state.notices);
  const dismiss = useNotices((state) => state.dismiss);
  return (
    <div aria-live="polite" data-notices-live="">
      {notices.length > 0 && <NoticeList notices={notices} dismiss={dismiss} />}
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
  return (
    <section className={styles.notices} aria-label={t('modals.notices')}>
      <ul className={styles.list}>
        {notices.map((notice) => (
          <li key={notice.id} className={`${styles.notice} ${styles[notice.level] ?? ''}`}>
            <span role={roleFor(notice.level)} className={styles.text} data-level={notice.level}>
              {t(notice.messageKey, ...notice.messageArgs)}
            </span>
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
