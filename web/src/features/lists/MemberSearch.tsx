import { useEffect, useId, useState } from 'react';
import { searchListCandidates } from '../../api/listManagement.ts';
import type { Account } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { errorMessage } from '../../lib/errorMessage.ts';
import { LIST_MEMBER_SEARCH_DEBOUNCE_MS } from '../../lib/listMembers.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox, TextField } from '../../ui/FormControls.tsx';
import { MemberRow, labelName } from './MemberRow.tsx';
import styles from './Lists.module.css';

type Results =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'found'; accounts: Account[] }
  | { kind: 'failed'; message: string };

/**
 * The editor's person search: sent once typing pauses for 2 s, limited to people the user follows
 * unless the box is cleared. `isMember` tells who is (or will be) in the list already.
 */
export function MemberSearch({
  isMember,
  onAdd,
}: {
  isMember(id: string): boolean;
  onAdd(account: Account): void;
}) {
  const [query, setQuery] = useState('');
  const [followingOnly, setFollowingOnly] = useState(true);
  const [found, setFound] = useState<Results>({ kind: 'idle' });
  const fieldId = useId();

  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setFound({ kind: 'searching' });
      searchListCandidates(api, q, { following: followingOnly, signal: controller.signal })
        .then((accounts) => setFound({ kind: 'found', accounts }))
        .catch((error: unknown) => {
          if (!controller.signal.aborted)
            setFound({ kind: 'failed', message: errorMessage(error) });
        });
    }, LIST_MEMBER_SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, followingOnly]);

  const results: Results = query.trim() ? found : { kind: 'idle' };

  return (
    <section className={styles.section} aria-labelledby={`${fieldId}-title`}>
      <h2 id={`${fieldId}-title`} className={styles.sectionTitle}>
        {t('lists.search_title')}
      </h2>
      <label htmlFor={fieldId}>{t('lists.search_label')}</label>
      <TextField
        id={fieldId}
        type="search"
        value={query}
        placeholder={t('lists.search_placeholder')}
        onChange={(event) => setQuery(event.target.value)}
      />
      <Checkbox
        checked={followingOnly}
        onChange={(event) => setFollowingOnly(event.target.checked)}
        label={t('lists.following_only')}
      />
      <div aria-live="polite">
        {results.kind === 'searching' && <p className={styles.note}>{t('lists.searching')}</p>}
        {results.kind === 'failed' && (
          <p role="alert" className={styles.error}>
            {t('lists.search_error', results.message)}
          </p>
        )}
        {results.kind === 'found' && results.accounts.length === 0 && (
          <p className={styles.note}>{t('lists.no_results')}</p>
        )}
      </div>
      {results.kind === 'found' && results.accounts.length > 0 && (
        <ul className={styles.rows} aria-label={t('lists.search_title')}>
          {results.accounts.map((account) => (
            <MemberRow key={account.id} account={account}>
              {isMember(account.id) ? (
                <span className={styles.note}>{t('lists.in_list')}</span>
              ) : (
                <Button
                  compact
                  aria-label={t('lists.add_member', labelName(account))}
                  onClick={() => onAdd(account)}
                >
                  {t('lists.add')}
                </Button>
              )}
            </MemberRow>
          ))}
        </ul>
      )}
    </section>
  );
}
