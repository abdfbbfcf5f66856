import '../../i18n/parts/people.ts';
import { useEffect, useState } from 'react';
import type { Account } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { useEntities } from '../../state/entities.ts';
import { useSession } from '../../state/session.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { AccountRow } from '../profile/AccountRow.tsx';
import styles from '../profile/Profile.module.css';
import { FollowButton } from '../user-card/FollowButton.tsx';
import { storeRelationship } from '../user-card/relationshipActions.ts';
import { loadSuggestedAccounts } from './loadSuggestions.ts';

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; accounts: Account[] };

/** /who-to-follow: the server's suggestions with follow buttons. */
export function WhoToFollowScreen() {
  const userId = useSession((state) => state.user?.id ?? '');
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    loadSuggestedAccounts(api, userId).then(
      (accounts) => {
        if (!current) return;
        useEntities.getState().ingestAccounts(accounts);
        for (const account of accounts)
          if (account.relationship) storeRelationship(account.relationship);
        setState({ kind: 'ready', accounts });
      },
      (error: unknown) => {
        console.warn('suggestions could not be loaded', error);
        if (current) setState({ kind: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [userId]);

  return (
    <section className={styles.panel} aria-labelledby="who-to-follow-title">
      <h1 id="who-to-follow-title" className={styles.panelTitle}>
        {t('who_to_follow.page_title')}
      </h1>
      {state.kind === 'loading' && (
        <div className={styles.listFooter}>
          <Spinner label={t('who_to_follow.loading')} />
        </div>
      )}
      {state.kind === 'error' && (
        <p role="alert" className={styles.panelBody}>
          {t('who_to_follow.error')}
        </p>
      )}
      {state.kind === 'ready' && state.accounts.length === 0 && (
        <p className={styles.panelBody}>{t('who_to_follow.empty')}</p>
      )}
      {state.kind === 'ready' && state.accounts.length > 0 && (
        <ul className={styles.rows}>
          {state.accounts.map((account) => (
            <AccountRow key={account.id} account={account}>
              <FollowButton account={account} />
            </AccountRow>
          ))}
        </ul>
      )}
    </section>
  );
}
