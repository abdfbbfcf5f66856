import { useId } from 'react';
import { t } from '../../i18n/index.ts';
import { useInstance } from '../../state/instance.ts';
import { useSession } from '../../state/session.ts';
import { featureLines } from './features.ts';
import styles from './Panel.module.css';

interface FeaturesPanelProps {
  /** On the about page the panel shows to everyone; in the sidebar to anonymous visitors only. */
  everyone?: boolean;
}

/** What the instance offers: chats, shout box, limits (spec part 1, §2 Application shell). */
export function FeaturesPanel({ everyone = false }: FeaturesPanelProps) {
  const id = useId();
  const config = useInstance((state) => state.config);
  const anonymous = useSession((state) => state.status !== 'signedIn');
  if (!config.showFeaturesPanel || (!everyone && !anonymous)) return null;
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {t('features_panel.title')}
      </h2>
      <ul className={styles.list}>
        {featureLines(config).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
