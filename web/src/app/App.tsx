import { t } from '../i18n/index.ts';
import { PublicTimeline } from '../features/timeline/PublicTimeline.tsx';
import styles from './App.module.css';

/** Minimal shell until the application shell lands: the two public timelines by path. */
export function App() {
  const local = window.location.pathname !== '/main/all';
  return (
    <div className={styles.app}>
      <header className={styles.bar}>
        <a className={styles.brand} href="/">
          Starling
        </a>
        <nav aria-label="Timelines" className={styles.nav}>
          <a href="/main/public" aria-current={local ? 'page' : undefined}>
            {t('nav.public_tl')}
          </a>
          <a href="/main/all" aria-current={local ? undefined : 'page'}>
            {t('nav.twkn')}
          </a>
        </nav>
      </header>
      <main className={styles.main}>
        <PublicTimeline local={local} title={local ? t('nav.public_tl') : t('nav.twkn')} />
      </main>
    </div>
  );
}
