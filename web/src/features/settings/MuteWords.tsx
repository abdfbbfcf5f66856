import '../../i18n/parts/settings.ts';
import { useId, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { usePreferences } from '../../state/preferences.ts';
import { Button } from '../../ui/Button.tsx';
import { textFieldClass } from '../../ui/FormControls.tsx';
import styles from './Settings.module.css';

const label = (key: string) => t(`settings.general.${key}`);

/** The words of the field: one a line, trimmed, without blanks or repeats. */
const wordsOf = (text: string): string[] =>
  text
    .split('\n')
    .map((word) => word.trim())
    .filter((word, index, all) => word !== '' && all.indexOf(word) === index);

/** One word or phrase a line; saved with the Save button, and when the field is left. */
export function MuteWords() {
  const id = useId();
  const words = usePreferences((state) => state.muteWords);
  const setPreference = usePreferences((state) => state.setPreference);
  const [draft, setDraft] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const text = draft ?? words.join('\n');
  const save = () => {
    setDraft(null);
    setPreference('muteWords', wordsOf(text));
  };
  return (
    <div className={styles.column}>
      <label htmlFor={id}>{label('muteWords')}</label>
      <textarea
        id={id}
        className={textFieldClass}
        rows={4}
        value={text}
        onChange={(event) => {
          setDraft(event.target.value);
          setSaved(false);
        }}
        onBlur={save}
      />
      <div className={styles.actions}>
        <Button
          onClick={() => {
            save();
            setSaved(true);
          }}
        >
          {label('muteWords_save')}
        </Button>
        {saved && (
          <span role="status" className={styles.saved}>
            {t('settings.saved')}
          </span>
        )}
      </div>
    </div>
  );
}
