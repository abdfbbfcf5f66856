import '../../i18n/parts/settings.ts';
import { useId, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { useInstance } from '../../state/instance.ts';
import { usePreferences, type Preferences } from '../../state/preferences.ts';
import { Checkbox, Select, TextField } from '../../ui/FormControls.tsx';
import styles from './Settings.module.css';
import { MuteWords } from './MuteWords.tsx';
import { LanguagePicker } from '../../i18n/LanguagePicker.tsx';
import {
  GENERAL_GROUPS,
  type BooleanPreference,
  type GeneralControl,
  type GeneralGroup,
} from './generalGroups.ts';

const label = (key: string) => t(`settings.general.${key}`);

function PreferenceCheckbox({ name, indented }: { name: BooleanPreference; indented: boolean }) {
  const checked = usePreferences((state) => state[name]);
  const setPreference = usePreferences((state) => state.setPreference);
  return (
    <Checkbox
      className={indented ? styles.indented : undefined}
      label={label(name)}
      checked={checked}
      onChange={(event) => setPreference(name, event.target.checked)}
    />
  );
}

function Choice({ name, options }: { name: keyof Preferences; options: readonly string[] }) {
  const id = useId();
  const value = usePreferences((state) => state[name]);
  const setPreference = usePreferences((state) => state.setPreference);
  return (
    <div className={styles.row}>
      <label htmlFor={id}>{label(name)}</label>
      <Select
        id={id}
        value={String(value)}
        onChange={(event) => setPreference(name, event.target.value as Preferences[typeof name])}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`settings.general.${name}_options.${option}`)}
          </option>
        ))}
      </Select>
    </div>
  );
}

function NumberInput({ control }: { control: Extract<GeneralControl, { kind: 'number' }> }) {
  const id = useId();
  const value = usePreferences((state) => state[control.key]);
  const setPreference = usePreferences((state) => state.setPreference);
  const [draft, setDraft] = useState<string | null>(null);
  const commit = (text: string) => {
    setDraft(null);
    if (text.trim() === '' && control.nullable) {
      setPreference(control.key, null as never);
      return;
    }
    const number = Number(text);
    if (Number.isInteger(number) && number >= control.min) setPreference(control.key, number);
  };
  return (
    <div className={styles.row}>
      <label htmlFor={id}>{label(control.key)}</label>
      <TextField
        id={id}
        className={styles.number}
        type="number"
        min={control.min}
        step={1}
        placeholder={control.nullable ? t('settings.general.no_limit') : undefined}
        value={draft ?? (value === null ? '' : String(value))}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={(event) => commit(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(event.currentTarget.value);
        }}
      />
    </div>
  );
}

function NotificationVisibilityChecks() {
  const visibility = usePreferences((state) => state.notificationVisibility);
  const setPreference = usePreferences((state) => state.setPreference);
  return (
    <>
      {(Object.keys(visibility) as (keyof typeof visibility)[]).map((kind) => (
        <Checkbox
          key={kind}
          label={t(`settings.general.notificationVisibility_options.${kind}`)}
          checked={visibility[kind]}
          onChange={(event) =>
            setPreference('notificationVisibility', {
              ...visibility,
              [kind]: event.target.checked,
            })
          }
        />
      ))}
    </>
  );
}

function SidebarRight() {
  const preference = usePreferences((state) => state.sidebarRight);
  const setPreference = usePreferences((state) => state.setPreference);
  const instanceSidebarRight = useInstance((state) => state.config.sidebarRight);
  return (
    <Checkbox
      label={label('sidebarRight')}
      checked={preference ?? instanceSidebarRight}
      onChange={(event) => setPreference('sidebarRight', event.target.checked)}
    />
  );
}

function Control({ control }: { control: GeneralControl }) {
  const required = control.kind === 'checkbox' ? control.requires : undefined;
  const instanceHasIt = useInstance((state) => (required ? state.config[required] : true));
  switch (control.kind) {
    case 'checkbox':
      if (!instanceHasIt) return null;
      return <PreferenceCheckbox name={control.key} indented={control.under !== undefined} />;
    case 'choice':
      return <Choice name={control.key} options={control.options} />;
    case 'number':
      return <NumberInput control={control} />;
    case 'words':
      return <MuteWords />;
    case 'notificationVisibility':
      return <NotificationVisibilityChecks />;
    case 'sidebarRight':
      return <SidebarRight />;
    case 'language':
      return (
        <LanguagePicker
          id="settings-interface-language"
          label={label(control.key)}
          className={styles.row}
        />
      );
  }
}

const controlKey = (control: GeneralControl) =>
  control.kind === 'sidebarRight' ? 'sidebarRight' : control.key;

function Group({ group }: { group: GeneralGroup }) {
  return (
    <fieldset className={styles.group}>
      <legend>{t(`settings.general.groups.${group.id}`)}</legend>
      {group.controls.map((control) => (
        <Control key={controlKey(control)} control={control} />
      ))}
    </fieldset>
  );
}

/** Every user preference, grouped; each takes effect at once and follows the user (settings sync). */
export function GeneralSettings() {
  return (
    <div className={styles.page}>
      {GENERAL_GROUPS.map((group) => (
        <Group key={group.id} group={group} />
      ))}
    </div>
  );
}

export default GeneralSettings;
