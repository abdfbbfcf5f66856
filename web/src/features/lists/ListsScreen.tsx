import '../../i18n/parts/lists.ts';
import { useEffect } from 'react';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { Link } from '../../router/Link.tsx';
import { pathFor } from '../../router/matchRoute.ts';
import { refreshLists, useLists } from '../../state/lists.ts';
import buttonStyles from '../../ui/Button.module.css';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './Lists.module.css';

/**
 * /lists: every list of the signed-in user, each leading to its timeline and its editor. The
 * lists come from the store the navigation's 240 s poll keeps (state/lists.ts); opening the
 * screen fetches them once more so a list made elsewhere shows at once.
 */
export function ListsScreen() {
  const lists = useLists((state) => state.lists);
  const loaded = useLists((state) => state.loaded);

  useEffect(() => {
    void refreshLists(api);
  }, []);

  const sorted = [...lists].sort((a, b) => a.title.localeCompare(b.title));

  return (
    <section className={styles.panel} aria-labelledby="lists-title">
      <header className={styles.header}>
        <h1 id="lists-title" className={styles.title}>
          {t('lists.title')}
        </h1>
        <Link
          to={pathFor('lists-new', {})}
          className={`${buttonStyles.button} ${buttonStyles.primary} ${styles.newList}`}
        >
          {t('lists.new_list')}
        </Link>
      </header>
      {!loaded && (
        <div className={styles.waiting}>
          <Spinner />
        </div>
      )}
      {loaded && sorted.length === 0 && <p className={styles.empty}>{t('lists.none')}</p>}
      {sorted.length > 0 && (
        <ul className={styles.rows}>
          {sorted.map((list) => (
            <li key={list.id} className={styles.row}>
              <Link className={styles.listLink} to={pathFor('lists-timeline', { id: list.id })}>
                {list.title}
              </Link>
              <Link
                className={styles.editLink}
                to={pathFor('lists-edit', { id: list.id })}
                aria-label={t('lists.edit_list', list.title)}
              >
                {t('lists.edit_short')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
