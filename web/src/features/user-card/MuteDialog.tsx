import '../../i18n/parts/people.ts';
import { useId, useState, type FormEvent } from 'react';
import { t } from '../../i18n/index.ts';
import {
  DEFAULT_MUTE_AMOUNT,
  DEFAULT_MUTE_UNIT,
  MUTE_UNITS,
  muteExpiresIn,
  type MuteUnit,
} from '../../lib/people/mute.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Select, TextField } from '../../ui/FormControls.tsx';
import styles from './UserCard.module.css';

/** Asks how long to mute (0: forever) and answers with expires_in in seconds. */
export function MuteDialog({
  name,
  onMute,
  onClose,
}: {
  name: string;
  onMute(expiresIn: number): Promise<void>;
  onClose(): void;
}) {
  const amountId = useId();
  const unitId = useId();
  const errorId = useId();
  const [amount, setAmount] = useState(String(DEFAULT_MUTE_AMOUNT));
  const [unit, setUnit] = useState<MuteUnit>(DEFAULT_MUTE_UNIT);
  const [busy, setBusy] = useState(false);
  const expiresIn = muteExpiresIn(amount, unit);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (expiresIn === null) return;
    setBusy(true);
    try {
      await onMute(expiresIn);
      onClose();
    } catch (error) {
      console.warn('mute failed', error);
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('user_card.mute_confirm_title')} onClose={onClose} size="small">
      <form onSubmit={submit} className={styles.dialogForm}>
        <p>{t('user_card.mute_confirm', name)}</p>
        <div className={styles.durationRow}>
          <label htmlFor={amountId}>{t('user_card.mute_duration')}</label>
          <TextField
            id={amountId}
            className={styles.durationAmount}
            type="number"
            min={0}
            step="any"
            value={amount}
            data-autofocus
            aria-invalid={expiresIn === null}
            aria-describedby={expiresIn === null ? errorId : undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
          <label htmlFor={unitId} className={styles.visuallyHidden}>
            {t('user_card.mute_unit')}
          </label>
          <Select
            id={unitId}
            value={unit}
            onChange={(event) => setUnit(event.target.value as MuteUnit)}
          >
            {MUTE_UNITS.map((option) => (
              <option key={option} value={option}>
                {t(`user_card.mute_units.${option}`)}
              </option>
            ))}
          </Select>
        </div>
        <p className={styles.hint}>{t('user_card.mute_forever_hint')}</p>
        {expiresIn === null && (
          <p id={errorId} role="alert" className={styles.error}>
            {t('user_card.mute_duration_invalid')}
          </p>
        )}
        <div className={styles.dialogButtons}>
          <Button onClick={onClose}>{t('user_card.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={busy || expiresIn === null}>
            {t('user_card.mute')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
