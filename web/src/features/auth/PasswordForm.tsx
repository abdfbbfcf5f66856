import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from '../../router/Link.tsx';
import { navigate } from '../../router/history.ts';
import { loginErrorMessageKey, type LoginErrorMessage } from '../../lib/authStrategy.ts';
import { t } from '../../i18n/index.ts';
import { useInstance } from '../../state/instance.ts';
import { useSession } from '../../state/session.ts';
import { LoginErrorAlert } from './LoginErrorAlert.tsx';
import type { LoginOutcome } from './loginFlow.ts';
import styles from './Auth.module.css';

/** The sign-in flow (OAuth app, token, session side effects) loads when the form is sent. */
const loadLoginFlow = () => import('./loginFlow.ts');

export interface PasswordFormProps {
  onMfaRequired(mfaToken: string): void;
  onSignedIn(): void;
}

/** Username and password (spec part 1, §2 Login panel). */
export function PasswordForm({ onMfaRequired, onSignedIn }: PasswordFormProps) {
  const id = useId();
  const registrationOpen = useInstance((state) => state.config.registrationOpen);
  const lastLoginName = useSession((state) => state.lastLoginName);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [username, setUsername] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<LoginErrorMessage | null>(null);
  // Until the user types, the name last used to sign in is offered (spec §9 persisted state).
  const shownUsername = username ?? lastLoginName;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const outcome = await loadLoginFlow().then(
      ({ loginWithPassword }) => loginWithPassword(shownUsername.trim(), password),
      (error: unknown): LoginOutcome => {
        console.warn('the sign-in code could not be loaded', error);
        return { kind: 'failed', message: loginErrorMessageKey({ step: 'token', status: 0 }) };
      },
    );
    setBusy(false);
    switch (outcome.kind) {
      case 'signedIn':
        setPassword('');
        onSignedIn();
        return;
      case 'mfaRequired':
        setPassword('');
        onMfaRequired(outcome.mfaToken);
        return;
      case 'passwordResetRequired':
        // The reset screen says why the person was sent there (its `required` flag).
        setPassword('');
        navigate('/password-reset?required=1');
        return;
      case 'redirecting':
        // The browser is leaving for the server's sign-in page; the form stays disabled.
        setPassword('');
        setBusy(true);
        return;
      case 'failed':
        setError(outcome.message);
        // Spec part 1, §5: after a failed password the field is focused with its text selected.
        passwordRef.current?.focus();
        passwordRef.current?.select();
    }
  }

  return (
    <form className={styles.form} aria-label={t('login.login')} onSubmit={submit}>
      <div className={styles.field}>
        <label htmlFor={`${id}-username`}>{t('login.username')}</label>
        <input
          id={`${id}-username`}
          name="username"
          value={shownUsername}
          onChange={(event) => setUsername(event.target.value)}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          required
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-password`}>{t('login.password')}</label>
        <input
          id={`${id}-password`}
          ref={passwordRef}
          name="password"
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
          required
        />
      </div>
      <div className={styles.links}>
        <Link to="/password-reset">{t('login.forgot_password')}</Link>
        {registrationOpen && <Link to="/registration">{t('login.register')}</Link>}
      </div>
      {error && <LoginErrorAlert message={error} onDismiss={() => setError(null)} />}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
          {busy ? t('login.logging_in') : t('login.login')}
        </button>
      </div>
    </form>
  );
}
