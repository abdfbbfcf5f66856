import { useEffect, useId, useState } from 'react';
import { Link } from '../../router/Link.tsx';
import { useLocation } from '../../router/history.ts';
import {
  LOGIN_ERROR_KEYS,
  oauthErrorMessage,
  type LoginErrorMessage,
} from '../../lib/authStrategy.ts';
import { t } from '../../i18n/index.ts';
import { goAfterLogin } from './afterLogin.ts';
import { loginWithAuthorizationCode } from './loginFlow.ts';
import styles from './Auth.module.css';

/**
 * /oauth-callback?code=…: exchanges the code for a token, stores it, signs in and goes to the
 * home timeline (spec part 1, §2). A refusal at the provider comes back as ?error=….
 */
export function OAuthCallbackScreen() {
  const id = useId();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const code = query.get('code');
  const state = query.get('state');
  const providerError = query.get('error');
  const providerDescription = query.get('error_description');
  const [failure, setFailure] = useState<LoginErrorMessage | null>(null);

  useEffect(() => {
    if (!code) return;
    let current = true;
    void loginWithAuthorizationCode(code, state).then((outcome) => {
      if (!current) return;
      if (outcome.kind === 'signedIn') goAfterLogin();
      else if (outcome.kind === 'failed') setFailure(outcome.message);
    });
    return () => {
      current = false;
    };
  }, [code, state]);

  const shown: { key: string; raw?: string } | null =
    failure ??
    (code
      ? null
      : providerError || providerDescription
        ? (oauthErrorMessage(providerError, providerDescription) ?? {
            key: LOGIN_ERROR_KEYS.generic,
          })
        : { key: 'login.oauth_missing_code' });

  return (
    <section className={styles.screen} aria-labelledby={id}>
      <h1 className={styles.heading} id={id}>
        {t('login.login')}
      </h1>
      {shown ? (
        <>
          <p role="alert">{t(shown.key, shown.raw ?? '')}</p>
          <Link to="/login">{t('login.back_to_login')}</Link>
        </>
      ) : (
        <p aria-live="polite">{t('login.oauth_in_progress')}</p>
      )}
    </section>
  );
}
