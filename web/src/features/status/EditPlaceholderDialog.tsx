import { t } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './StatusCard.module.css';

/** Editing a post needs the composer, which arrives with a later issue. */
export function EditPlaceholderDialog({ onClose }: { onClose(): void }) {
  return (
    <Dialog title={t('status.edit_title')} onClose={onClose} size="small">
      <p className={styles.dialogText}>{t('status.edit_later')}</p>
      <div className={styles.dialogActions}>
        <Button onClick={onClose}>{t('modals.close')}</Button>
      </div>
    </Dialog>
  );
}
