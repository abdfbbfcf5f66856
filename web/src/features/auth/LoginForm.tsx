import { lazy, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { navigate } from '../../router/history.ts';
import {
  initialAuthStrategy,
  nextAuthStrategy,
  type AuthStrategyEvent,
  type AuthStrategyState,
} from '../../lib/authStrategy.ts';
import { t } from '../../i18n/index.ts';
import { useInstance } from '../../state/instance.ts';
import { useSession } from '../../state/session.ts';
import { goAfterLogin, SIGNED_IN_LANDING } from './afterLogin.ts';
import { PasswordForm } from './PasswordForm.tsx';
import type { SecondFactorFormProps } from './SecondFactorForm.tsx';
import styles from './Auth.module.css';
import { LanguagePicker } from '../../i18n/LanguagePicker.tsx';

// Steps an anonymous visitor's first page does not show load when they are reached.
// One lazy component for both second-factor forms, so switching between them does not suspend.
const SecondFactor = lazy(() =>
  import('./SecondFactorForm.tsx').then(({ MfaForm, RecoveryForm }) => ({
    default: ({ recovery, ...props }: SecondFactorFormProps & { recovery: boolean }) =>
      recovery ? <RecoveryForm {...props} /> : <MfaForm {...props} />,
  })),
);
const TokenLogin = lazy(() => import('./TokenLogin.tsx').then((m) => ({ default: m.TokenLogin })));

const Step = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<p aria-live="polite">{t('timeline.loading')}</p>}>{children}</Suspense>
);

/**
 * Sign-in, one step at a time (spec part 1, §4 authentication strategy): password or token
 * first; a second factor when the server asks for one; totp and recovery switch to each other;
 * cancel returns to the first step; a successful login resets it.
 */
export function LoginForm({ onSignedIn = goAfterLogin }: { onSignedIn?: () => void }) {
  const loginMethod = useInstance((state) => state.config.loginMethod);
  const [strategy, setStrategy] = useState<AuthStrategyState>(() =>
    initialAuthStrategy(loginMethod),
  );
  const [mfaToken, setMfaToken] = useState('');
  // The instance configuration may arrive after the first render: its login method then wins.
  const current = strategy.initial === loginMethod ? strategy : initialAuthStrategy(loginMethod);
  const send = (event: AuthStrategyEvent) => setStrategy(nextAuthStrategy(current, event));

  const signedIn = () => {
    send({ type: 'loggedIn' });
    setMfaToken('');
    onSignedIn();
  };
  const cancel = () => {
    send({ type: 'cancel' });
    setMfaToken('');
  };

  switch (current.current) {
    case 'token':
      return (
        <Step>
          <TokenLogin />
        </Step>
      );
    case 'totp':
      return (
        <Step>
          <SecondFactor
            recovery={false}
            mfaToken={mfaToken}
            onSwitch={() => send({ type: 'switchToRecovery' })}
            onCancel={cancel}
            onSignedIn={signedIn}
          />
        </Step>
      );
    case 'recovery':
      return (
        <Step>
          <SecondFactor
            recovery
            mfaToken={mfaToken}
            onSwitch={() => send({ type: 'switchToTotp' })}
            onCancel={cancel}
            onSignedIn={signedIn}
          />
        </Step>
      );
    case 'password':
      return (
        <PasswordForm
          onSignedIn={signedIn}
          onMfaRequired={(token) => {
            setMfaToken(token);
            send({ type: 'mfaRequired' });
          }}
        />
      );
  }
}

/** Accounts still signed in on this device (while adding another): a way back to each. */
const SignedInAccounts = lazy(() =>
  import('../accounts/AccountSwitcher.tsx').then((module) => ({
    default: module.AccountSwitcher,
  })),
);

/** The /login route. A signed-in visitor has nothing to do here and goes to the home timeline. */
export function LoginScreen() {
  const id = useId();
  const signedIn = useSession((state) => state.status === 'signedIn');
  useEffect(() => {
    if (signedIn) navigate(SIGNED_IN_LANDING, { replace: true });
  }, [signedIn]);
  return (
    <section className={styles.screen} aria-labelledby={id}>
      <h1 className={styles.heading} id={id}>
        {t('login.login')}
      </h1>
      <LoginForm />
      {!signedIn && (
        <Suspense fallback={null}>
          <SignedInAccounts />
        </Suspense>
      )}
      <LanguagePicker id="login-interface-language" />
    </section>
  );
}
