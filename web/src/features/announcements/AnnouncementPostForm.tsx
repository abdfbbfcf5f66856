import { useId, useState, type FormEvent } from 'react';
import { postAnnouncement } from '../../api/announcements.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { announcementBody, EMPTY_DRAFT } from '../../lib/announcements.ts';
import { errorMessage } from '../../lib/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { AnnouncementFields, ErrorLine } from './AnnouncementFields.tsx';
import { refreshAnnouncements } from './announcementsSession.ts';
import styles from './Announcements.module.css';

/** For holders of announcements_manage_announcements: disabled while posting, cleared after. */
export function AnnouncementPostForm() {
  const headingId = useId();
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const [posting, setPosting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.content.trim() || posting) return;
    setPosting(true);
    setError(null);
    try {
      await postAnnouncement(api, announcementBody(draft));
      setDraft(EMPTY_DRAFT);
      await refreshAnnouncements(api).catch((e: unknown) => console.warn('announcements', e));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPosting(false);
    }
  };

  return (
    <form className={styles.postForm} aria-labelledby={headingId} onSubmit={submit}>
      <h2 id={headingId} className={styles.formTitle}>
        {t('announcements.post_form_header')}
      </h2>
      <AnnouncementFields draft={draft} onChange={setDraft} disabled={posting} />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={posting || !draft.content.trim()}>
          {t('announcements.post_action')}
        </Button>
      </div>
      {error !== null && (
        <ErrorLine message={t('announcements.post_error', error)} onClose={() => setError(null)} />
      )}
    </form>
  );
}
