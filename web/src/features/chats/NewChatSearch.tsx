import { useEffect, useId, useRef, useState } from 'react';
import { searchAccounts } from '../../api/search.ts';
import type { Account } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { errorMessage } from '../../lib/errorMessage.ts';
import { AccountAvatar } from '../../ui/AccountAvatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/FormControls.tsx';
import { ChatLink } from './ChatLink.tsx';
import styles from './Chats.module.css';

/** Typing pauses this long before the search is sent. */
const SEARCH_DEBOUNCE_MS = 300;

type Results =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'found'; accounts: Account[] }
  | { kind: 'failed'; message: string };

/** The new-chat button's people search: picking someone opens (or starts) the chat with them. */
export function NewChatSearch({ username, onCancel }: { username: string; onCancel(): void }) {
  const [query, setQuery] = useState('');
  const [found, setResults] = useState<Results>({ kind: 'idle' });
  const field = useRef<HTMLInputElement>(null);
  const fieldId = useId();

  useEffect(() => field.current?.focus(), []);

  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setResults({ kind: 'searching' });
      searchAccounts(api, q, { signal: controller.signal })
        .then((accounts) => setResults({ kind: 'found', accounts }))
        .catch((error: unknown) => {
          if (!controller.signal.aborted) {
            setResults({ kind: 'failed', message: errorMessage(error) });
          }
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const results: Results = query.trim() ? found : { kind: 'idle' };

  return (
    <section className={styles.panel} aria-labelledby="new-chat-title">
      <header className={styles.header}>
        <h1 id="new-chat-title" className={styles.title}>
          {t('chats.new_title')}
        </h1>
        <Button onClick={onCancel}>{t('chats.back')}</Button>
      </header>
      <div className={styles.search}>
        <label htmlFor={fieldId}>{t('chats.search_label')}</label>
        <TextField
          ref={field}
          id={fieldId}
          type="search"
          value={query}
          placeholder={t('chats.search_placeholder')}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <div aria-live="polite">
        {results.kind === 'searching' && <p className={styles.empty}>{t('chats.searching')}</p>}
        {results.kind === 'failed' && (
          <p role="alert" className={styles.error}>
            {t('chats.search_error', results.message)}
          </p>
        )}
        {results.kind === 'found' && results.accounts.length === 0 && (
          <p className={styles.empty}>{t('chats.no_results')}</p>
        )}
      </div>
      {results.kind === 'found' && results.accounts.length > 0 && (
        <ul className={styles.chatList}>
          {results.accounts.map((account) => (
            <li key={account.id} className={styles.chatRow}>
              <AccountAvatar account={account} size={48} className={styles.avatar} />
              <ChatLink account={account} username={username} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
