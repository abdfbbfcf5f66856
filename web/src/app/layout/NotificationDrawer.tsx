import { useRef, type TouchEvent } from 'react';
import { t } from '../../i18n/index.ts';
import { notificationDrawerSwipeCloses } from '../../lib/layout.ts';
import { NotificationsPanel } from '../../features/notifications/NotificationsPanel.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './NotificationDrawer.module.css';

interface NotificationDrawerProps {
  /** Closing without marking anything: Escape, the backdrop, a right swipe. */
  onClose(): void;
  /** The close button: marks notifications seen, then closes. */
  onCloseButton(): void;
}

/** The mobile notification drawer (spec part 1, §4 Notifications). Route changes close it. */
export function NotificationDrawer({ onClose, onCloseButton }: NotificationDrawerProps) {
  const touchStartX = useRef<number | null>(null);
  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    touchStartX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent<HTMLDivElement>) => {
    const start = touchStartX.current;
    const end = event.changedTouches[0]?.clientX;
    touchStartX.current = null;
    if (start !== null && end !== undefined && notificationDrawerSwipeCloses(end - start)) {
      onClose();
    }
  };

  return (
    <Dialog
      title={t('shell.notifications')}
      placement="end"
      showCloseButton={false}
      onClose={onClose}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      headerActions={
        <button
          type="button"
          className={styles.close}
          aria-label={t('modals.close')}
          onClick={onCloseButton}
        >
          <span aria-hidden="true">×</span>
        </button>
      }
    >
      <NotificationsPanel placement="drawer" showHeading={false} />
    </Dialog>
  );
}
