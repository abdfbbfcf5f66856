import '../../i18n/parts/offline.ts';
import { t } from '../../i18n/index.ts';
import { dateFormat } from '../../ui/localeFormats.ts';
import styles from './OfflineLine.module.css';

/**
 * Above a timeline or conversation shown from the copy kept for offline reading: says so, and
 * when it was loaded, so that nothing passes for live.
 */
export function OfflineLine({ savedAt }: { savedAt: number }) {
  const time = dateFormat({ hour: '2-digit', minute: '2-digit' }).format(new Date(savedAt));
  return (
    <p className={styles.line} role="status" data-offline-copy="">
      {t('offline.showing_copy', time)}
    </p>
  );
}
