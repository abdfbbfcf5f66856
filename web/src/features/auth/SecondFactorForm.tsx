import { useId, useRef, useState, type FormEvent } from 'react';
import type { LoginErrorMessage } from '../../lib/authStrategy.ts';
import { t } from '../../i18n/index.ts';
import { LoginErrorAlert } from './LoginErrorAlert.tsx';
import { loginWithSecondFactor, type LoginOutcome } from './loginFlow.ts';
import styles from './Auth.module.css';

export interface SecondFactorFormProps {
  mfaToken: string;
  onSwitch(): void;
  onCancel(): void;
  onSignedIn(): void;
}

interface Texts {
  heading: string;
  hint: string;
  label: string;
  switchTo: string;
}

function CodeForm({
  kind,
  texts,
  mfaToken,
  onSwitch,
  onCancel,
  onSignedIn,
}: SecondFactorFormProps & { kind: 'totp' | 'recovery'; texts: Texts }) {
  const id = useId();
  const codeRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<LoginErrorMessage | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const outcome: LoginOutcome = await loginWithSecondFactor(mfaToken, code, kind);
    setBusy(false);
    if (outcome.kind === 'signedIn') {
      onSignedIn();
      return;
    }
    if (outcome.kind === 'failed') setError(outcome.message);
    // Spec part 1, §5: a failed code is cleared, ready for the next one.
    setCode('');
    codeRef.current?.focus();
  }

  return (
    <form className={styles.form} aria-labelledby={`${id}-heading`} onSubmit={submit}>
      <h2 className={styles.heading} id={`${id}-heading`}>
        {texts.heading}
      </h2>
      <p className={styles.hint}>{texts.hint}</p>
      <div className={styles.field}>
        <label htmlFor={`${id}-code`}>{texts.label}</label>
        <input
          id={`${id}-code`}
          ref={codeRef}
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          inputMode={kind === 'totp' ? 'numeric' : 'text'}
          autoCapitalize="off"
          spellCheck={false}
          required
          // Focus lands here when the step appears: the code is all there is to type.
          autoFocus
        />
      </div>
      <div className={styles.links}>
        <button type="button" className={styles.linkButton} onClick={onSwitch}>
          {texts.switchTo}
        </button>
      </div>
      {error && <LoginErrorAlert message={error} onDismiss={() => setError(null)} />}
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={onCancel}>
          {t('login.cancel')}
        </button>
        <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
          {t('login.verify')}
        </button>
      </div>
    </form>
  );
}

/** The two-factor code screen: a link to use a recovery code instead, cancel, verify. */
export function MfaForm(props: SecondFactorFormProps) {
  return (
    <CodeForm
      {...props}
      kind="totp"
      texts={{
        heading: t('login.totp_heading'),
        hint: t('login.totp_hint'),
        label: t('login.totp_code'),
        switchTo: t('login.enter_recovery_code'),
      }}
    />
  );
}

/** The recovery code screen: a link back to the two-factor code, cancel, verify. */
export function RecoveryForm(props: SecondFactorFormProps) {
  return (
    <CodeForm
      {...props}
      kind="recovery"
      texts={{
        heading: t('login.recovery_heading'),
        hint: t('login.recovery_hint'),
        label: t('login.recovery_code'),
        switchTo: t('login.enter_two_factor_code'),
      }}
    />
  );
}
