import '../../i18n/parts/people.ts';
import { useId } from 'react';
import { t } from '../../i18n/index.ts';
import {
  DEFAULT_HIGHLIGHT_COLOR,
  withHighlightColor,
  withHighlightType,
  type HighlightChoice,
} from '../../lib/people/highlight.ts';
import { usePreferences } from '../../state/preferences.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Select, TextField } from '../../ui/FormControls.tsx';
import styles from './UserCard.module.css';

const CHOICES: readonly HighlightChoice[] = ['disabled', 'solid', 'striped', 'side'];

/** The per-user highlight (spec part 2, §3, §5): a type, and a colour typed or picked. */
export function HighlightDialog({ screenName, onClose }: { screenName: string; onClose(): void }) {
  const all = usePreferences((state) => state.highlight);
  const setPreference = usePreferences((state) => state.setPreference);
  const current = all[screenName];
  const typeId = useId();
  const colorId = useId();
  const pickerId = useId();
  const color = current?.color ?? DEFAULT_HIGHLIGHT_COLOR;

  return (
    <Dialog title={t('user_card.highlight_title', screenName)} onClose={onClose} size="small">
      <div className={styles.dialogForm}>
        <label htmlFor={typeId}>{t('user_card.highlight_type')}</label>
        <Select
          id={typeId}
          value={current?.type ?? 'disabled'}
          data-autofocus
          onChange={(event) =>
            setPreference(
              'highlight',
              withHighlightType(all, screenName, event.target.value as HighlightChoice),
            )
          }
        >
          {CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(`user_card.highlight.${choice}`)}
            </option>
          ))}
        </Select>
        {current && (
          <div className={styles.durationRow}>
            <label htmlFor={colorId}>{t('user_card.highlight_color')}</label>
            <TextField
              id={colorId}
              type="text"
              defaultValue={color}
              key={color}
              onBlur={(event) =>
                setPreference('highlight', withHighlightColor(all, screenName, event.target.value))
              }
            />
            <label htmlFor={pickerId} className={styles.visuallyHidden}>
              {t('user_card.highlight_picker')}
            </label>
            <input
              id={pickerId}
              type="color"
              value={color.length === 7 ? color.toLowerCase() : '#ffffff'}
              onChange={(event) =>
                setPreference('highlight', withHighlightColor(all, screenName, event.target.value))
              }
            />
          </div>
        )}
      </div>
    </Dialog>
  );
}
