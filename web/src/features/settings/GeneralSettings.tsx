import { t } from '../../i18n/index.ts';
import type { ThirdColumnMode } from '../../lib/layout.ts';
import { useInstance } from '../../state/instance.ts';
import { usePreferences, type Preferences } from '../../state/preferences.ts';
import styles from './GeneralSettings.module.css';

const THIRD_COLUMN_MODES: readonly ThirdColumnMode[] = ['notifications', 'postform', 'none'];

type BooleanPreference = {
  [K in keyof Preferences]: Preferences[K] extends boolean ? K : never;
}[keyof Preferences];

function Checkbox({ name, label }: { name: BooleanPreference; label: string }) {
  const checked = usePreferences((state) => state[name]);
  const setPreference = usePreferences((state) => state.setPreference);
  return (
    <label className={styles.row}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => setPreference(name, event.target.checked)}
      />
      {label}
    </label>
  );
}

/** Local interface preferences: layout, the floating button, confirmations. */
export function GeneralSettings() {
  const preferences = usePreferences();
  const instanceSidebarRight = useInstance((state) => state.config.sidebarRight);
  const sidebarRight = preferences.sidebarRight ?? instanceSidebarRight;

  return (
    <div className={styles.general}>
      <fieldset className={styles.group}>
        <legend>{t('settings.layout_heading')}</legend>
        <label className={styles.row}>
          <input
            type="checkbox"
            checked={sidebarRight}
            onChange={(event) => preferences.setPreference('sidebarRight', event.target.checked)}
          />
          {t('settings.sidebar_right')}
        </label>
        <fieldset className={styles.subgroup}>
          <legend>{t('settings.third_column_mode')}</legend>
          {THIRD_COLUMN_MODES.map((mode) => (
            <label key={mode} className={styles.row}>
              <input
                type="radio"
                name="third-column-mode"
                value={mode}
                checked={preferences.thirdColumnMode === mode}
                onChange={() => preferences.setPreference('thirdColumnMode', mode)}
              />
              {t(`settings.third_column.${mode}`)}
            </label>
          ))}
        </fieldset>
        <Checkbox
          name="autohideFloatingPostButton"
          label={t('settings.autohide_floating_post_button')}
        />
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{t('settings.confirmations_heading')}</legend>
        <Checkbox name="modalOnLogout" label={t('settings.confirm_logout')} />
        <Checkbox name="modalOnBlock" label={t('settings.confirm_block')} />
        <Checkbox name="modalOnDelete" label={t('settings.confirm_delete')} />
      </fieldset>
    </div>
  );
}
