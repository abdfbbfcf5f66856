import { useState, type FormEvent } from 'react';
import type { LoginErrorMessage } from '../../lib/authStrategy.ts';
import { t } from '../../i18n/index.ts';
import { LoginErrorAlert } from './LoginErrorAlert.tsx';
import { startTokenLogin } from './loginFlow.ts';
import styles from './Auth.module.css';

/** loginMethod 'token': the instance signs users in on its own page (spec part 1, §2). */
export function TokenLogin() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<LoginErrorMessage | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const failed = await startTokenLogin();
    // On success the browser is leaving for the provider; the button stays disabled.
    if (failed?.kind === 'failed') {
      setBusy(false);
      setError(failed.message);
    }
  }

  return (
    <form className={styles.form} aria-label={t('login.login')} onSubmit={submit}>
      <p className={styles.hint}>{t('login.token_description')}</p>
      {error && <LoginErrorAlert message={error} onDismiss={() => setError(null)} />}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
          {t('login.authorize')}
        </button>
      </div>
    </form>
  );
}
