import '../../i18n/parts/update.ts';
import { useState } from 'react';
import { t } from '../../i18n/index.ts';
import { showUpdateNotice } from '../../lib/updateCheck.ts';
import { usePreferences } from '../../state/preferences.ts';
import { Button } from '../../ui/Button.tsx';
import { reloadIntoNewBuild } from '../offline/serviceWorker.ts';
import styles from './UpdateNotice.module.css';

interface UpdateNoticeProps {
  /** The build running in this tab. */
  running: string;
  /** The build the server served at the last check. */
  served: string | null;
}

/**
 * "A new version is available", with Reload and Dismiss: shown while the server serves another
 * build than the running one, unless the user turned update notices off (General settings) or
 * dismissed it for that build. Nothing takes focus: the notice waits to be reached.
 */
export function UpdateNotice({ running, served }: UpdateNoticeProps) {
  const dontShow = usePreferences((state) => state.dontShowUpdateNotifs);
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!showUpdateNotice({ running, served, dismissed, dontShow })) return null;
  return (
    <section className={styles.notice} aria-label={t('update.label')}>
      <p className={styles.text}>{t('update.available')}</p>
      <div className={styles.actions}>
        <Button variant="primary" compact onClick={reloadIntoNewBuild}>
          {t('update.reload')}
        </Button>
        <Button compact onClick={() => setDismissed(served)}>
          {t('update.dismiss')}
        </Button>
      </div>
    </section>
  );
}
