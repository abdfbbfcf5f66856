import { t } from '../../i18n/index.ts';
import { SETTINGS_TABS, type SettingsTab } from '../../lib/settingsModal.ts';
import { Tabs } from '../../ui/Tabs.tsx';
import { GeneralSettings } from './GeneralSettings.tsx';
import styles from './SettingsContent.module.css';

const TAB_ITEMS = SETTINGS_TABS.map((id) => ({ id, label: t(`settings.tabs.${id}`) }));

interface SettingsContentProps {
  activeTab: SettingsTab;
  onSelectTab(tab: SettingsTab): void;
}

/** The settings modal's body: one tab per settings area (spec part 2, Settings). */
export function SettingsContent({ activeTab, onSelectTab }: SettingsContentProps) {
  return (
    <Tabs
      tabs={TAB_ITEMS}
      active={activeTab}
      onSelect={onSelectTab}
      label={t('settings.title')}
      orientation="vertical"
    >
      {activeTab === 'general' ? (
        <GeneralSettings />
      ) : (
        <p className={styles.later}>{t('settings.tab_later')}</p>
      )}
    </Tabs>
  );
}

export default SettingsContent;
