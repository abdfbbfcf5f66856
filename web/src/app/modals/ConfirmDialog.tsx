import { useId } from 'react';
import { t } from '../../i18n/index.ts';
import type { ConfirmRequest } from '../../state/modals.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import styles from './ConfirmDialog.module.css';

/** A yes/no question. Escape and the cancel button answer no; focus starts on cancel. */
export function ConfirmDialog({
  request,
  onAnswer,
}: {
  request: ConfirmRequest;
  onAnswer(accepted: boolean): void;
}) {
  const messageId = useId();
  return (
    <Dialog
      role="alertdialog"
      size="small"
      title={t(request.titleKey)}
      describedBy={messageId}
      onClose={() => onAnswer(false)}
    >
      <p id={messageId} className={styles.message}>
        {t(request.messageKey, ...(request.messageArgs ?? []))}
      </p>
      <div className={styles.actions}>
        <Button data-autofocus onClick={() => onAnswer(false)}>
          {t(request.cancelKey)}
        </Button>
        <Button variant="primary" onClick={() => onAnswer(true)}>
          {t(request.acceptKey)}
        </Button>
      </div>
    </Dialog>
  );
}
