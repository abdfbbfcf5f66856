import '../../i18n/parts/settings.ts';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { t } from '../../i18n/index.ts';
import type { SettingsTab } from '../../lib/settingsModal.ts';
import { useModals } from '../../state/modals.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { closeSettings, forgetSettingsTarget, toggleSettingsMinimized } from './settingsActions.ts';
import styles from './SettingsModal.module.css';

// The settings screens are loaded on first open, keeping them out of the start-up bundle.
const SettingsContent = lazy(() => import('../../features/settings/SettingsContent.tsx'));

/** The settings modal in its three states: hidden (nothing), visible (a dialog), minimized (a bar). */
export function SettingsModal() {
  const settings = useModals((state) => state.settings);
  const [chosenTab, setChosenTab] = useState<SettingsTab>('general');
  // What opened the settings, for focus to return to after a minimize and restore.
  const opener = useRef<HTMLElement | null>(null);
  const restoreButton = useRef<HTMLButtonElement>(null);
  const { visibility } = settings;
  useLayoutEffect(() => {
    if (visibility === 'hidden') opener.current = null;
    // Minimized: the keyboard stays with the bar.
    if (visibility === 'minimized') restoreButton.current?.focus();
  }, [visibility]);
  if (visibility === 'hidden') return null;
  if (opener.current == null) {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }

  const activeTab = settings.targetTab ?? chosenTab;
  const selectTab = (tab: SettingsTab) => {
    setChosenTab(tab);
    forgetSettingsTarget();
  };

  if (visibility === 'minimized') {
    return (
      <section className={styles.minimized} aria-label={t('settings.title')}>
        <span className={styles.minimizedTitle}>{t('settings.title')}</span>
        <button
          ref={restoreButton}
          type="button"
          className={styles.barButton}
          aria-label={t('modals.restore')}
          title={t('modals.restore')}
          onClick={toggleSettingsMinimized}
        >
          <span aria-hidden="true">▴</span>
        </button>
        <button
          type="button"
          className={styles.barButton}
          aria-label={t('modals.close')}
          title={t('modals.close')}
          onClick={closeSettings}
        >
          <span aria-hidden="true">×</span>
        </button>
      </section>
    );
  }

  return (
    <Dialog
      title={t('settings.title')}
      size="large"
      onClose={closeSettings}
      returnFocusTo={opener}
      headerActions={
        <button
          type="button"
          className={styles.barButton}
          aria-label={t('modals.minimize')}
          title={t('modals.minimize')}
          onClick={toggleSettingsMinimized}
        >
          <span aria-hidden="true">▁</span>
        </button>
      }
    >
      <Suspense fallback={<Spinner label={t('modals.loading')} />}>
        <SettingsContent activeTab={activeTab} onSelectTab={selectTab} />
      </Suspense>
    </Dialog>
  );
}
