import type { LoginErrorMessage } from '../../lib/authStrategy.ts';
import { t } from '../../i18n/index.ts';
import styles from './Auth.module.css';

/** The dismissible error line of the sign-in forms (spec part 1, §2 Login panel). */
export function LoginErrorAlert({
  message,
  onDismiss,
}: {
  message: LoginErrorMessage;
  onDismiss(): void;
}) {
  return (
    <div className={styles.alert} role="alert">
      <span>{t(message.key, message.raw ?? '')}</span>
      <button
        type="button"
        className={styles.dismiss}
        aria-label={t('login.dismiss_error')}
        onClick={onDismiss}
      >
        ×
      </button>
    </div>
  );
}
