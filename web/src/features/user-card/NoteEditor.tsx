import '../../i18n/parts/people.ts';
import { useId, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import { saveNote } from './relationshipActions.ts';
import styles from './UserCard.module.css';
import { textFieldClass } from '../../ui/FormControls.tsx';

/**
 * The personal note (spec part 2, §4): view, edit prefilled, apply with the controls frozen while
 * saving; a failure unfreezes them and keeps editing (no message, as the spec says); cancel.
 */
export function NoteEditor({ accountId, note }: { accountId: string; note: string }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note);
  const [saving, setSaving] = useState(false);

  const apply = async () => {
    setSaving(true);
    try {
      await saveNote(accountId, draft);
      setEditing(false);
    } catch (error) {
      console.warn('note could not be saved', error);
    } finally {
      setSaving(false);
    }
  };

  if (!editing) {
    return (
      <div className={styles.note}>
        <span className={styles.noteLabel}>{t('user_card.note')}</span>
        <p className={styles.noteText}>{note || t('user_card.note_blank')}</p>
        <Button
          compact
          onClick={() => {
            setDraft(note);
            setEditing(true);
          }}
        >
          {t('user_card.edit_note')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.note}>
      <label htmlFor={id} className={styles.noteLabel}>
        {t('user_card.note')}
      </label>
      <textarea
        id={id}
        className={`${textFieldClass} ${styles.noteInput}`}
        value={draft}
        disabled={saving}
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
      />
      <div className={styles.dialogButtons}>
        <Button compact disabled={saving} onClick={() => setEditing(false)}>
          {t('user_card.cancel')}
        </Button>
        <Button compact variant="primary" disabled={saving} onClick={apply}>
          {t('user_card.edit_note_apply')}
        </Button>
      </div>
    </div>
  );
}
