import { t } from '../../i18n/index.ts';
import { useInstance } from '../../state/instance.ts';
import { RichContent } from '../../ui/RichContent.tsx';
import styles from './Panel.module.css';

/** The instance-specific panel: HTML the instance supplies, when it enables the panel. */
export function InstancePanel() {
  const show = useInstance((state) => state.config.showInstanceSpecificPanel);
  const html = useInstance((state) => state.config.instanceSpecificPanelContent);
  if (!show || !html.trim()) return null;
  return (
    <section className={styles.panel} aria-label={t('about.instance_panel')}>
      <RichContent className={styles.body} html={html} />
    </section>
  );
}
