import '../../i18n/parts/settings.ts';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { t } from '../../i18n/index.ts';
import { SETTINGS_TABS, type SettingsTab } from '../../lib/settingsModal.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import styles from './SettingsContent.module.css';

// Labels are read at render: the interface language can change while the settings are open.
const tabItems = () => SETTINGS_TABS.map((id) => ({ id, label: t(`settings.tabs.${id}`) }));

/** Each tab is its own chunk, loaded when first shown. */
const TAB_SCREENS: Partial<Record<SettingsTab, LazyExoticComponent<ComponentType>>> = {
  general: lazy(() => import('./GeneralSettings.tsx')),
  profile: lazy(() => import('./ProfileSettings.tsx')),
  security: lazy(() => import('./SecuritySettings.tsx')),
  'data-import-export': lazy(() => import('./DataSettings.tsx')),
  'mutes-and-blocks': lazy(() => import('./MutesBlocksSettings.tsx')),
  notifications: lazy(() => import('./NotificationSettings.tsx')),
  theme: lazy(() => import('../theme/ThemeSettings.tsx')),
  version: lazy(() => import('./VersionSettings.tsx')),
};

interface SettingsContentProps {
  activeTab: SettingsTab;
  onSelectTab(tab: SettingsTab): void;
}

/** The settings modal's body: one tab per settings area (spec part 2, Settings). */
export function SettingsContent({ activeTab, onSelectTab }: SettingsContentProps) {
  const Screen = TAB_SCREENS[activeTab];
  return (
    <Tabs
      tabs={tabItems()}
      active={activeTab}
      onSelect={onSelectTab}
      label={t('settings.title')}
      orientation="vertical"
      stickyList
    >
      {Screen ? (
        <Suspense fallback={<Spinner label={t('modals.loading')} />}>
          <Screen />
        </Suspense>
      ) : (
        <p className={styles.later}>{t('settings.tab_later')}</p>
      )}
    </Tabs>
  );
}

export default SettingsContent;
