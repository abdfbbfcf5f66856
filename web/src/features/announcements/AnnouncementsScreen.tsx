import '../../i18n/parts/announcements.ts';
import { useEffect, useMemo } from 'react';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { announcementsToShow } from '../../lib/announcements.ts';
import { useScreenTitle } from '../../state/screenTitle.ts';
import { useSession } from '../../state/session.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { AnnouncementItem } from './AnnouncementItem.tsx';
import { AnnouncementPostForm } from './AnnouncementPostForm.tsx';
import {
  MANAGE_PRIVILEGE,
  refreshAnnouncements,
  useAnnouncements,
} from './announcementsSession.ts';
import styles from './Announcements.module.css';

/**
 * /announcements (spec part 1, §2): the post form for managers, then the announcements. Opening
 * the screen fetches them at once; while signed in the session's poll keeps them fresh.
 */
export function AnnouncementsScreen() {
  const signedIn = useSession((state) => state.user !== null);
  const canManage = useSession(
    (state) => state.user?.privileges.includes(MANAGE_PRIVILEGE) ?? false,
  );
  const visible = useAnnouncements((state) => state.visible);
  const all = useAnnouncements((state) => state.all);
  const loaded = useAnnouncements((state) => state.loaded);
  const error = useAnnouncements((state) => state.error);
  const shown = useMemo(() => announcementsToShow(visible, all), [visible, all]);
  useScreenTitle(t('announcements.page_header'));

  useEffect(() => {
    refreshAnnouncements(api).catch((e: unknown) => console.warn('announcements', e));
  }, [canManage]);

  return (
    <section className={styles.panel} aria-labelledby="announcements-title">
      <h1 id="announcements-title" className={styles.panelTitle}>
        {t('announcements.page_header')}
      </h1>
      {canManage && <AnnouncementPostForm />}
      {!loaded && error !== null && (
        <p role="alert" className={styles.error}>
          {t('announcements.load_error', error)}
        </p>
      )}
      {!loaded && error === null && (
        <div className={styles.waiting}>
          <Spinner label={t('announcements.loading')} />
        </div>
      )}
      {loaded && shown.length === 0 && <p className={styles.empty}>{t('announcements.empty')}</p>}
      {shown.length > 0 && (
        <ul className={styles.list} aria-label={t('announcements.list_label')}>
          {shown.map((announcement) => (
            <li key={announcement.id}>
              <AnnouncementItem
                announcement={announcement}
                signedIn={signedIn}
                canManage={canManage}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
