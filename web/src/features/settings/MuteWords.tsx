import '../../i18n/parts/settings.ts';
import { useId, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { usePreferences } from '../../state/preferences.ts';
import styles from './Settings.module.css';

const label = (key: string) => t(`settings.general.${key}`);

/** One word or phrase a line; saved when the field is left. */
export function MuteWords() {
  const id = useId();
  const words = usePreferences((state) => state.muteWords);
  const setPreference = usePreferences((state) => state.setPreference);
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className={styles.column}>
      <label htmlFor={id}>{label('muteWords')}</label>
      <textarea
        id={id}
        rows={4}
        value={draft ?? words.join('\n')}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={(event) => {
          setDraft(null);
          const next = event.target.value
            .split('\n')
            .map((word) => word.trim())
            .filter((word, index, all) => word !== '' && all.indexOf(word) === index);
          setPreference('muteWords', next);
        }}
      />
    </div>
  );
}
