import '../../i18n/parts/people.ts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from '../../router/Link.tsx';
import { navigate } from '../../router/history.ts';
import type { ScreenProps } from '../../router/matchRoute.ts';
import { t } from '../../i18n/index.ts';
import { useSession } from '../../state/session.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './Profile.module.css';

/** user@host (an optional leading @) → its host, or null. */
export function homeHostOf(account: string): string | null {
  const match = /^@?[^@\s/]+@([a-z0-9.-]+(?::\d+)?)$/i.exec(account.trim());
  return match ? (match[1] as string) : null;
}

/** Where the visitor's home server takes over: its ostatus subscribe address for this uri. */
export const subscribeUrl = (host: string, uri: string): string =>
  `https://${host}/ostatus_subscribe?acct=${encodeURIComponent(uri)}`;

/**
 * /main/ostatus?status_id=… or ?nickname=…: a signed-in user goes straight to the post or the
 * profile; a visitor names their home account and is sent there to interact or follow.
 */
export function OstatusScreen({ match }: ScreenProps) {
  const statusId = match.query.get('status_id');
  const nickname = match.query.get('nickname');
  const signedIn = useSession((state) => state.status === 'signedIn');
  const inputId = useId();
  const errorId = useId();
  const [account, setAccount] = useState('');
  const [invalid, setInvalid] = useState(false);
  const localPath = statusId
    ? `/notice/${encodeURIComponent(statusId)}`
    : nickname
      ? `/users/${encodeURIComponent(nickname)}`
      : null;

  useEffect(() => {
    if (signedIn && localPath) navigate(localPath, { replace: true });
  }, [signedIn, localPath]);

  if (!localPath) {
    return (
      <section className={styles.panel}>
        <h1 className={styles.panelTitle}>{t('remote_interaction.title')}</h1>
        <p className={styles.panelBody}>{t('remote_interaction.missing')}</p>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const host = homeHostOf(account);
    if (!host) {
      setInvalid(true);
      return;
    }
    window.location.assign(subscribeUrl(host, `${window.location.origin}${localPath}`));
  };

  return (
    <section className={styles.panel} aria-labelledby="ostatus-title">
      <h1 id="ostatus-title" className={styles.panelTitle}>
        {statusId
          ? t('remote_interaction.status_title')
          : t('remote_interaction.follow_title', `@${nickname}`)}
      </h1>
      <form className={`${styles.panelBody} ${styles.form}`} onSubmit={submit} noValidate>
        <label htmlFor={inputId}>{t('remote_interaction.your_account')}</label>
        <input
          id={inputId}
          value={account}
          autoComplete="username"
          placeholder="you@instance.example"
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => {
            setAccount(event.target.value);
            setInvalid(false);
          }}
        />
        {invalid && (
          <p id={errorId} role="alert" className={styles.error}>
            {t('remote_interaction.invalid_account')}
          </p>
        )}
        <Button type="submit" variant="primary">
          {t('remote_interaction.proceed')}
        </Button>
        <Link to={localPath}>
          {statusId ? t('remote_interaction.open_status') : t('remote_interaction.open_profile')}
        </Link>
      </form>
    </section>
  );
}
