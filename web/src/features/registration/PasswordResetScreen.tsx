import '../../i18n/parts/registration.ts';
import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { t } from '../../i18n/index.ts';
import { Link } from '../../router/Link.tsx';
import type { ScreenProps } from '../../router/matchRoute.ts';
import { useInstance } from '../../state/instance.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/FormControls.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { GENERIC_ERROR_KEY, TOO_MANY_REQUESTS_KEY } from './messages.ts';
import { sendPasswordReset } from './passwordReset.ts';
import styles from './Registration.module.css';

/** The query flag a sign-in sets when the server requires a new password first. */
export const RESET_REQUIRED_FLAG = 'required';

type ResetState = 'idle' | 'pending' | 'sent' | 'throttled' | 'failed';

const ERROR_KEYS: Partial<Record<ResetState, string>> = {
  throttled: TOO_MANY_REQUESTS_KEY,
  failed: GENERIC_ERROR_KEY,
};

/**
 * /password-reset (spec part 1, §2, §4, §5): the account's email address, and a mail with a
 * reset link; works only when the instance can send mail. Reached from a sign-in the server
 * refused for want of a new password, it says so first.
 */
export function PasswordResetScreen({ match }: ScreenProps) {
  const required = match.query.has(RESET_REQUIRED_FLAG);
  const loaded = useInstance((state) => state.loaded);
  const mailerEnabled = useInstance((state) => state.config.mailerEnabled);
  const id = useId();
  const [email, setEmail] = useState('');
  const [blank, setBlank] = useState(false);
  const [state, setState] = useState<ResetState>('idle');
  const emailRef = useRef<HTMLInputElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);

  // In the commit that shows the sentence, so a screen reader never reads the removed form.
  useLayoutEffect(() => {
    if (state === 'sent') sentRef.current?.focus();
  }, [state]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state === 'pending') return;
    const address = email.trim();
    if (!address) {
      setBlank(true);
      emailRef.current?.focus();
      return;
    }
    setState('pending');
    setState(await sendPasswordReset(address));
  }

  const headingId = `${id}-title`;
  const errorId = `${id}-error`;
  const blankId = `${id}-blank`;
  const errorKey = ERROR_KEYS[state];

  const body = () => {
    if (!loaded) return <Spinner />;
    if (!mailerEnabled) {
      return (
        <p>
          {required
            ? t('password_reset.password_reset_required_but_mailer_is_disabled')
            : t('password_reset.password_reset_disabled')}
        </p>
      );
    }
    if (state === 'sent') {
      return (
        <>
          <p ref={sentRef} tabIndex={-1} role="status">
            {t('password_reset.check_email')}
          </p>
          <p>
            <Link to="/login">{t('password_reset.back_to_login')}</Link>
          </p>
        </>
      );
    }
    const describedBy = [blank ? blankId : '', errorKey ? errorId : ''].filter(Boolean).join(' ');
    return (
      <>
        {required && <p>{t('password_reset.password_reset_required')}</p>}
        <form
          className={styles.form}
          onSubmit={submit}
          noValidate
          aria-labelledby={headingId}
          aria-busy={state === 'pending'}
        >
          <p className={styles.hint}>{t('password_reset.instruction')}</p>
          <div className={styles.field}>
            <label htmlFor={`${id}-email`}>{t('password_reset.email')}</label>
            <TextField
              ref={emailRef}
              id={`${id}-email`}
              name="email"
              type="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setBlank(false);
              }}
              autoComplete="email"
              required
              aria-invalid={blank || undefined}
              aria-describedby={describedBy || undefined}
            />
            {blank && (
              <p id={blankId} className={styles.fieldErrors}>
                {t('password_reset.email_required')}
              </p>
            )}
          </div>
          {errorKey && (
            <p id={errorId} className={styles.summary} role="alert">
              {t(errorKey)}
            </p>
          )}
          <div className={styles.actions}>
            <Button type="submit" variant="primary" disabled={state === 'pending'}>
              {state === 'pending' ? t('password_reset.sending') : t('password_reset.submit')}
            </Button>
          </div>
        </form>
      </>
    );
  };

  return (
    <section className={styles.screen} aria-labelledby={headingId}>
      <h1 id={headingId} className={styles.title}>
        {t('password_reset.title')}
      </h1>
      <div className={styles.body}>{body()}</div>
    </section>
  );
}
