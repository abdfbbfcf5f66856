import '../../i18n/parts/about.ts';
import { t } from '../../i18n/index.ts';
import { useInstance } from '../../state/instance.ts';
import { RichContent } from '../../ui/RichContent.tsx';
import styles from './Panel.module.css';

/** The instance's terms of service (its HTML usually carries its own heading). */
export function TermsOfServicePanel() {
  const tos = useInstance((state) => state.config.tos);
  if (!tos.trim()) return null;
  return (
    <section className={styles.panel} aria-label={t('about.terms_of_service')}>
      <RichContent className={styles.body} html={tos} />
    </section>
  );
}
