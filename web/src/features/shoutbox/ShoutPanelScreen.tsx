import { t } from '../../i18n/index.ts';
import styles from '../../app/Screen.module.css';
import { ShoutView } from './ShoutView.tsx';

/** /shout-panel: the shout box as a whole screen. */
export function ShoutPanelScreen() {
  return (
    <section className={styles.screen} aria-labelledby="shout-panel-title">
      <h1 id="shout-panel-title" className={styles.title}>
        {t('shoutbox.title')}
      </h1>
      <ShoutView />
    </section>
  );
}
