import { t } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './PostStatusModal.module.css';

/** The new-post modal. The composer arrives with a later issue; the dialog itself is real. */
export function PostStatusModal({ onClose }: { onClose(): void }) {
  return (
    <Dialog title={t('shell.new_post')} onClose={onClose}>
      <p className={styles.text}>{t('shell.composer_later')}</p>
      <div className={styles.actions}>
        <Button onClick={onClose}>{t('modals.close')}</Button>
      </div>
    </Dialog>
  );
}
