import { t } from '../i18n/index.ts';
import { Link } from '../router/Link.tsx';
import styles from './Screen.module.css';

/** Any path the route table does not know. */
export function NotFound() {
  return (
    <section className={styles.screen} aria-labelledby="not-found-title">
      <h1 id="not-found-title" className={styles.title}>
        {t('not_found.title')}
      </h1>
      <p className={styles.body}>{t('not_found.text')}</p>
      <p className={styles.body}>
        <Link to="/">{t('not_found.home')}</Link>
      </p>
    </section>
  );
}
