import '../../i18n/parts/people.ts';
import { useEffect, useState } from 'react';
import { lookup } from '../../api/accounts.ts';
import { resolveAccounts } from '../../api/relationships.ts';
import type { Account } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { navigate } from '../../router/history.ts';
import type { ScreenProps } from '../../router/matchRoute.ts';
import { t } from '../../i18n/index.ts';
import { useEntities } from '../../state/entities.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './Profile.module.css';

/** The account for user@host: a lookup, then a search that may resolve it remotely. */
async function resolveRemote(acct: string): Promise<Account | null> {
  try {
    return await lookup(api, acct);
  } catch (error) {
    console.warn('lookup missed, searching', error);
  }
  const found = await resolveAccounts(api, acct);
  return found.find((account) => account.acct.toLowerCase() === acct.toLowerCase()) ?? null;
}

/** /remote-users/…: resolves a remote account and redirects to its profile by id. */
export function RemoteUserResolver({ match }: ScreenProps) {
  const acct = `${match.params.username ?? ''}@${match.params.hostname ?? ''}`;
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    resolveRemote(acct).then(
      (account) => {
        if (!current) return;
        if (!account) {
          setFailed(acct);
          return;
        }
        useEntities.getState().ingestAccounts([account]);
        navigate(`/users/${encodeURIComponent(account.id)}`, { replace: true });
      },
      (error: unknown) => {
        console.warn('remote user could not be resolved', error);
        if (current) setFailed(acct);
      },
    );
    return () => {
      current = false;
    };
  }, [acct]);

  return (
    <section className={styles.panel} aria-labelledby="remote-user-resolver-title">
      <h1 id="remote-user-resolver-title" className={styles.panelTitle}>
        {t('remote_user_resolver.title')}
      </h1>
      <div className={styles.panelBody}>
        {failed === acct ? (
          <p role="alert">{t('remote_user_resolver.error')}</p>
        ) : (
          <Spinner label={t('remote_user_resolver.searching_for', acct)} />
        )}
      </div>
    </section>
  );
}
