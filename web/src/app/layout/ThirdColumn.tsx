import { lazy, Suspense } from 'react';
import { t } from '../../i18n/index.ts';
import { LazyPostStatusForm } from '../../features/composer/LazyPostStatusForm.tsx';
import { useUnseen } from '../../state/unseen.ts';
import styles from './ThirdColumn.module.css';

/** The wide layout's third column: notifications (by default) or the post form. */
export function ThirdColumn({ mode }: { mode: 'notifications' | 'postform' }) {
  return mode === 'notifications' ? <NotificationsColumn /> : <PostFormColumn />;
}

// The panel and everything it renders load after sign-in, never with the first paint.
const NotificationsPanel = lazy(() =>
  import('../../features/notifications/NotificationsPanel.tsx').then((m) => ({
    default: m.NotificationsPanel,
  })),
);

function NotificationsColumn() {
  const unseen = useUnseen((state) => state.notifications);
  return (
    <aside className={styles.column} aria-label={t('shell.notifications')}>
      <Suspense
        fallback={
          <section className={styles.panel}>
            <h2 className={styles.heading}>
              {t('shell.notifications')}
              {unseen > 0 && (
                <span className={styles.badge}>{t('shell.unseen_count', unseen)}</span>
              )}
            </h2>
          </section>
        }
      >
        <NotificationsPanel placement="column" />
      </Suspense>
    </aside>
  );
}

const NEW_POST = { kind: 'new' } as const;

function PostFormColumn() {
  return (
    <aside className={styles.column} aria-labelledby="third-column-title">
      <section className={styles.panel}>
        <h2 id="third-column-title" className={styles.heading}>
          {t('shell.post_form')}
        </h2>
        <LazyPostStatusForm context={NEW_POST} />
      </section>
    </aside>
  );
}
