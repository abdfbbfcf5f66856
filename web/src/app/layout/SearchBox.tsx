import { useState, type FormEvent } from 'react';
import { t } from '../../i18n/index.ts';
import { navigate } from '../../router/history.ts';
import styles from './SearchBox.module.css';

export const SEARCH_PATH = '/search';

/** The desktop bar's search field; submitting opens the search screen with the query. */
export function SearchBox() {
  const [query, setQuery] = useState('');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = query.trim();
    if (!trimmed) return;
    navigate(`${SEARCH_PATH}?query=${encodeURIComponent(trimmed)}`);
  };
  return (
    <form role="search" className={styles.search} onSubmit={onSubmit}>
      <input
        aria-label={t('shell.search_label')}
        type="search"
        name="query"
        className={styles.input}
        placeholder={t('shell.search_placeholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      <button type="submit" className={styles.submit} aria-label={t('shell.search_label')}>
        <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16">
          <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
