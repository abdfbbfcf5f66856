import '../../i18n/parts/status.ts';
import { useEffect, useState } from 'react';
import { api } from '../../app/apiClient.ts';
import { Link } from '../../router/Link.tsx';
import { statusPeople, type StatusPeopleKind } from '../../api/statusPeople.ts';
import type { Account } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import { useEntities } from '../../state/entities.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { RichContent } from '../../ui/RichContent.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './StatusPeople.module.css';
import { AccountAvatar } from '../../ui/AccountAvatar.tsx';
import { unicodeHandle } from '../../lib/handles.ts';

/** The full list of who favourited or repeated a post, loaded when the dialog opens. */
export default function PeopleDialog({
  statusId,
  kind,
  onClose,
}: {
  statusId: string;
  kind: StatusPeopleKind;
  onClose(): void;
}) {
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    statusPeople(api, statusId, kind).then(
      (list) => {
        useEntities.getState().ingestAccounts(list);
        if (current) setAccounts(list);
      },
      (failure: Error) => current && setError(failure.message),
    );
    return () => {
      current = false;
    };
  }, [statusId, kind]);

  return (
    <Dialog
      title={kind === 'favourites' ? t('status.favourited_by') : t('status.reblogged_by')}
      onClose={onClose}
      size="small"
    >
      {error ? (
        <p role="alert">{t('modals.error_with_detail', error)}</p>
      ) : accounts === null ? (
        <Spinner />
      ) : (
        <ul className={styles.list}>
          {accounts.map((account) => (
            <li key={account.id}>
              <Link to={`/users/${encodeURIComponent(account.id)}`} className={styles.listItem}>
                <AccountAvatar account={account} size={32} className={styles.avatar} />
                <span>
                  <RichContent
                    inline
                    text={account.displayName || account.username}
                    emojis={account.emojis}
                  />{' '}
                  <span className={styles.acct}>@{unicodeHandle(account.acct)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
