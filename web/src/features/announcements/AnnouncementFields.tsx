import { useId } from 'react';
import { t } from '../../i18n/index.ts';
import type { AnnouncementDraft } from '../../lib/announcements.ts';
import { Checkbox, TextField, textFieldClass } from '../../ui/FormControls.tsx';
import styles from './Announcements.module.css';

interface AnnouncementFieldsProps {
  draft: AnnouncementDraft;
  onChange(draft: AnnouncementDraft): void;
  /** While a post or an edit is on its way. */
  disabled: boolean;
}

/**
 * The fields of the post form and of an edit: text, start, end and all day. All day turns the
 * start and end into date fields (the time means nothing then); a value kept from a date-time
 * field keeps its day.
 */
export function AnnouncementFields({ draft, onChange, disabled }: AnnouncementFieldsProps) {
  const id = useId();
  const type = draft.allDay ? 'date' : 'datetime-local';
  const change = (changes: Partial<AnnouncementDraft>) => onChange({ ...draft, ...changes });
  const toAllDay = (allDay: boolean) =>
    change({
      allDay,
      startsAt: allDay ? draft.startsAt.slice(0, 10) : draft.startsAt,
      endsAt: allDay ? draft.endsAt.slice(0, 10) : draft.endsAt,
    });
  return (
    <>
      <label className={styles.fieldLabel} htmlFor={`${id}-content`}>
        {t('announcements.content_label')}
      </label>
      <textarea
        id={`${id}-content`}
        className={`${textFieldClass} ${styles.content}`}
        rows={3}
        placeholder={t('announcements.post_placeholder')}
        value={draft.content}
        disabled={disabled}
        onChange={(event) => change({ content: event.target.value })}
      />
      <div className={styles.dates}>
        <label className={styles.dateField}>
          <span>{t('announcements.start_time_prompt')}</span>
          <TextField
            type={type}
            value={draft.startsAt}
            disabled={disabled}
            onChange={(event) => change({ startsAt: event.target.value })}
          />
        </label>
        <label className={styles.dateField}>
          <span>{t('announcements.end_time_prompt')}</span>
          <TextField
            type={type}
            value={draft.endsAt}
            disabled={disabled}
            onChange={(event) => change({ endsAt: event.target.value })}
          />
        </label>
      </div>
      <Checkbox
        label={t('announcements.all_day_prompt')}
        checked={draft.allDay}
        disabled={disabled}
        onChange={(event) => toAllDay(event.target.checked)}
      />
    </>
  );
}

interface ErrorLineProps {
  message: string;
  onClose(): void;
}

/** Spec part 1, §8: a failed post or edit says why, with a control that closes the line. */
export function ErrorLine({ message, onClose }: ErrorLineProps) {
  return (
    <p role="alert" className={styles.error}>
      <span>{message}</span>
      <button
        type="button"
        className={styles.closeError}
        aria-label={t('announcements.close_error')}
        onClick={onClose}
      >
        ×
      </button>
    </p>
  );
}
