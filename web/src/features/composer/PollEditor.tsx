import '../../i18n/parts/polls.ts';
import { useId, useState } from 'react';
import { t } from '../../i18n/index.ts';
import {
  addOption,
  availableExpiryUnits,
  canAddOption,
  MIN_POLL_OPTIONS,
  removeOption,
  setExpiry,
  setOptionText,
  type ExpiryUnit,
  type PollDraftState,
  type PollLimits,
} from '../../lib/pollDraft.ts';
import { Select, TextField } from '../../ui/FormControls.tsx';
import styles from './Composer.module.css';
import { ComposerIcon } from './icons.tsx';

interface PollEditorProps {
  poll: PollDraftState;
  limits: PollLimits;
  onChange(poll: PollDraftState): void;
}

/** The poll form under the text: options, single or multiple choice, and when it ends. */
export function PollEditor({ poll, limits, onChange }: PollEditorProps) {
  const id = useId();
  const units = availableExpiryUnits(limits);
  return (
    <fieldset className={styles.poll}>
      <legend className={styles.visuallyHidden}>{t('polls.editor')}</legend>
      {poll.options.map((option, index) => (
        <div key={index} className={styles.pollOption}>
          <TextField
            aria-label={t('polls.option', index + 1)}
            placeholder={t('polls.option', index + 1)}
            value={option}
            maxLength={limits.maxOptionChars}
            onChange={(event) => onChange(setOptionText(poll, index, event.target.value, limits))}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              if (index === poll.options.length - 1 && canAddOption(poll, limits))
                onChange(addOption(poll, limits));
            }}
          />
          {poll.options.length > MIN_POLL_OPTIONS && (
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t('polls.remove_option', index + 1)}
              onClick={() => onChange(removeOption(poll, index))}
            >
              <ComposerIcon name="close" />
            </button>
          )}
        </div>
      ))}
      {canAddOption(poll, limits) && (
        <button
          type="button"
          className={styles.textButton}
          onClick={() => onChange(addOption(poll, limits))}
        >
          {t('polls.add_option')}
        </button>
      )}
      <div className={styles.pollSettings}>
        <label>
          <span className={styles.visuallyHidden}>{t('polls.type')}</span>
          <Select
            value={poll.multiple ? 'multiple' : 'single'}
            onChange={(event) => onChange({ ...poll, multiple: event.target.value === 'multiple' })}
          >
            <option value="single">{t('polls.single_choice')}</option>
            <option value="multiple">{t('polls.multiple_choices')}</option>
          </Select>
        </label>
        <span id={`${id}-expiry`}>{t('polls.expiry')}</span>
        <ExpiryAmount
          describedBy={`${id}-expiry`}
          amount={poll.expiryAmount}
          onCommit={(amount) => onChange(setExpiry(poll, amount, poll.expiryUnit, limits))}
        />
        <Select
          aria-label={t('polls.expiry_unit')}
          value={poll.expiryUnit}
          onChange={(event) =>
            onChange(setExpiry(poll, poll.expiryAmount, event.target.value as ExpiryUnit, limits))
          }
        >
          {units.map((unit) => (
            <option key={unit} value={unit}>
              {t(`polls.units.${unit}`)}
            </option>
          ))}
        </Select>
      </div>
    </fieldset>
  );
}

/** The expiry amount is clamped when the field is left (or Enter is pressed), not on each key. */
function ExpiryAmount({
  amount,
  describedBy,
  onCommit,
}: {
  amount: number;
  describedBy: string;
  onCommit(amount: number): void;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const commit = () => {
    if (typed === null) return;
    setTyped(null);
    onCommit(Number(typed));
  };
  return (
    <TextField
      type="number"
      min={1}
      step={1}
      className={styles.expiryAmount}
      aria-label={t('polls.expiry_amount')}
      aria-describedby={describedBy}
      value={typed ?? String(amount)}
      onChange={(event) => setTyped(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        commit();
      }}
    />
  );
}
