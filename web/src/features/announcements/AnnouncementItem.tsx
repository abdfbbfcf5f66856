import { useId, useState, type FormEvent } from 'react';
import { deleteAnnouncement, editAnnouncement } from '../../api/announcements.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import {
  announcementBody,
  draftOf,
  formatAnnouncementTime,
  type AnnouncementDraft,
  type ShownAnnouncement,
} from '../../lib/announcements.ts';
import { errorMessage } from '../../lib/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { useLocaleFormats } from '../../ui/localeFormats.ts';
import { RichContent } from '../../ui/RichContent.tsx';
import { AnnouncementFields, ErrorLine } from './AnnouncementFields.tsx';
import { markAnnouncementRead, refreshAnnouncements } from './announcementsSession.ts';
import styles from './Announcements.module.css';

interface AnnouncementItemProps {
  announcement: ShownAnnouncement;
  signedIn: boolean;
  canManage: boolean;
}

function Time({ iso, dateOnly, labelKey }: { iso: string; dateOnly: boolean; labelKey: string }) {
  // Intl starts after the first paint (ui/localeFormats.ts); until then the ISO date stands in.
  const formatted = useLocaleFormats()
    ? formatAnnouncementTime(iso, dateOnly, document.documentElement.lang || undefined)
    : iso.slice(0, dateOnly ? 10 : 16).replace('T', ' ');
  const [before, after] = t(labelKey, '\u0000').split('\u0000');
  return (
    <span className={styles.time}>
      {before}
      <time dateTime={iso}>{formatted}</time>
      {after}
    </span>
  );
}

const reloadList = () =>
  refreshAnnouncements(api).catch((e: unknown) => console.warn('announcements', e));

/**
 * One announcement (spec part 1, §2): its content, published, start and end times (start and end
 * as dates only when all-day), mark as read for signed-in users (disabled with the inactive
 * message when not running), edit and delete for managers.
 */
export function AnnouncementItem({ announcement, signedIn, canManage }: AnnouncementItemProps) {
  const inactiveId = useId();
  const [editing, setEditing] = useState<AnnouncementDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { allDay } = announcement;

  const run = async (action: () => Promise<void>, errorKey: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(t(errorKey, errorMessage(e)));
    } finally {
      setBusy(false);
    }
  };

  const submitEdit = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    void run(async () => {
      await editAnnouncement(api, announcement.id, announcementBody(editing));
      setEditing(null);
      await reloadList();
    }, 'announcements.edit_error');
  };

  const remove = () =>
    void run(async () => {
      await deleteAnnouncement(api, announcement.id);
      await reloadList();
    }, 'announcements.delete_error');

  const markRead = () =>
    markAnnouncementRead(api, announcement.id).catch((e: unknown) =>
      console.warn('the announcement could not be marked read', e),
    );

  return (
    <article
      className={styles.announcement}
      data-announcement-id={announcement.id}
      data-read={announcement.read}
    >
      {editing ? (
        <form
          className={styles.editForm}
          aria-label={t('announcements.edit_form_label')}
          onSubmit={submitEdit}
        >
          <AnnouncementFields draft={editing} onChange={setEditing} disabled={busy} />
          <div className={styles.actions}>
            <Button type="submit" variant="primary" disabled={busy || !editing.content.trim()}>
              {t('announcements.submit_edit_action')}
            </Button>
            <Button
              disabled={busy}
              onClick={() => {
                setEditing(null);
                setError(null);
              }}
            >
              {t('announcements.cancel_edit_action')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <RichContent
            className={styles.body}
            html={announcement.content}
            emojis={announcement.emojis}
            mentions={announcement.mentions}
            tags={announcement.tags}
          />
          <p className={styles.times}>
            <Time
              iso={announcement.publishedAt}
              dateOnly={false}
              labelKey="announcements.published_time_display"
            />
            {announcement.startsAt && (
              <Time
                iso={announcement.startsAt}
                dateOnly={allDay}
                labelKey="announcements.start_time_display"
              />
            )}
            {announcement.endsAt && (
              <Time
                iso={announcement.endsAt}
                dateOnly={allDay}
                labelKey="announcements.end_time_display"
              />
            )}
          </p>
          <div className={styles.actions}>
            {signedIn && announcement.read && !announcement.inactive && (
              <span className={styles.readMark}>{t('announcements.read')}</span>
            )}
            {signedIn && (!announcement.read || announcement.inactive) && (
              <Button
                variant="primary"
                disabled={announcement.inactive}
                aria-describedby={announcement.inactive ? inactiveId : undefined}
                onClick={markRead}
              >
                {t('announcements.mark_as_read_action')}
              </Button>
            )}
            {canManage && (
              <>
                <Button disabled={busy} onClick={() => setEditing(draftOf(announcement))}>
                  {t('announcements.edit_action')}
                </Button>
                <Button variant="danger" disabled={busy} onClick={remove}>
                  {t('announcements.delete_action')}
                </Button>
              </>
            )}
            {signedIn && announcement.inactive && (
              <span id={inactiveId} className={styles.inactive}>
                {t('announcements.inactive_message')}
              </span>
            )}
          </div>
        </>
      )}
      {error !== null && <ErrorLine message={error} onClose={() => setError(null)} />}
    </article>
  );
}
