import '../../i18n/parts/notifications.ts';
import { useId } from 'react';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { displayedNotifications, requestedTypesFor } from '../../lib/notifications.ts';
import {
  loadNewestNotifications,
  loadOlderNotifications,
  markAllNotificationsSeen,
  useNotifications,
} from '../../state/notifications.ts';
import { useSession } from '../../state/session.ts';
import { useUnseen } from '../../state/unseen.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { NotificationList } from './NotificationList.tsx';
import styles from './Notifications.module.css';
import { useCanManageReports, useShownNotifications } from './useShownNotifications.ts';

export type PanelPlacement = 'column' | 'sidebar' | 'drawer' | 'screen';

/**
 * The notifications panel (spec part 1 §4, part 2 §4): unseen ones first in weight, mark all as
 * seen, older ones 20 at a time until none are left. The same panel sits in the wide layout's
 * third column, the sidebar, the mobile drawer and the notifications screen.
 */
export function NotificationsPanel({
  placement,
  showHeading = true,
}: {
  placement: PanelPlacement;
  /** The drawer has its own title bar. */
  showHeading?: boolean;
}) {
  const headingId = useId();
  const state = useNotifications();
  const unseen = useUnseen((s) => s.notifications);
  const user = useSession((s) => s.user);
  const canManage = useCanManageReports();
  const shown = useShownNotifications(state.list);
  const displayed = displayedNotifications(shown, state.seenShown);
  const everythingShown = displayed.length >= shown.length && state.bottomedOut;
  // As a screen the panel is the page's main heading; elsewhere one panel among others.
  const Heading = placement === 'screen' ? 'h1' : 'h2';

  const loadOlder = () =>
    void loadOlderNotifications(
      api,
      displayed.length,
      shown.length,
      requestedTypesFor(user?.privileges),
    ).catch((error: unknown) => console.warn('older notifications failed', error));

  return (
    <section
      className={`${styles.panel} ${styles[placement]}`}
      aria-labelledby={showHeading ? headingId : undefined}
      aria-label={showHeading ? undefined : t('shell.notifications')}
      data-notifications-panel={placement}
    >
      {showHeading && (
        <div className={styles.panelHeader}>
          <Heading id={headingId} className={styles.heading}>
            {t('shell.notifications')}
            {unseen > 0 && <span className={styles.badge}>{t('shell.unseen_count', unseen)}</span>}
          </Heading>
          {unseen > 0 && (
            <button
              type="button"
              className={styles.textButton}
              onClick={() => void markAllNotificationsSeen(api)}
            >
              {t('notifications.mark_all_seen')}
            </button>
          )}
        </div>
      )}
      {!showHeading && unseen > 0 && (
        <div className={styles.panelHeader}>
          <button
            type="button"
            className={styles.textButton}
            onClick={() => void markAllNotificationsSeen(api)}
          >
            {t('notifications.mark_all_seen')}
          </button>
        </div>
      )}
      <div className={styles.scroller}>
        {displayed.length > 0 ? (
          <NotificationList
            notifications={displayed}
            canManageReports={canManage}
            listKey={placement}
            label={t('shell.notifications')}
            labelledBy={showHeading ? headingId : undefined}
            busy={state.loading}
            complete={everythingShown}
          />
        ) : (
          state.loaded && <p className={styles.empty}>{t('notifications.none')}</p>
        )}
        <div className={styles.footer}>
          {!state.loaded ? (
            state.error ? (
              <FooterError
                error={state.error}
                onRetry={() =>
                  void loadNewestNotifications(api, requestedTypesFor(user?.privileges)).catch(
                    (error: unknown) => console.warn('notifications failed', error),
                  )
                }
              />
            ) : (
              <Spinner label={t('notifications.loading')} />
            )
          ) : state.loading ? (
            <Spinner label={t('notifications.loading')} />
          ) : state.error ? (
            <FooterError error={state.error} onRetry={loadOlder} />
          ) : everythingShown ? (
            displayed.length > 0 && <p className={styles.muted}>{t('notifications.no_more')}</p>
          ) : (
            <button type="button" className={styles.textButton} onClick={loadOlder}>
              {t('notifications.load_older')}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

function FooterError({ error, onRetry }: { error: string; onRetry(): void }) {
  return (
    <p className={styles.error} role="alert">
      {t('session.notifications_error', error)}{' '}
      <button type="button" className={styles.textButton} onClick={onRetry}>
        {t('notifications.retry')}
      </button>
    </p>
  );
}
