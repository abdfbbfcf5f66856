import '../../i18n/parts/notifications.ts';
import { api } from '../../app/apiClient.ts';
import type { Notification, ReportState } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import { unicodeHandle } from '../../lib/handles.ts';
import { Link } from '../../router/Link.tsx';
import { changeReportState } from '../../state/notifications.ts';
import { Select } from '../../ui/FormControls.tsx';
import { RichContent } from '../../ui/RichContent.tsx';
import { conversationPath } from '../status/StatusCard.tsx';
import { plainTextOf } from '../status/plainText.ts';
import { NotificationName } from './NotificationName.tsx';
import { NotificationTime } from './NotificationTime.tsx';
import styles from './Notifications.module.css';

const REPORT_STATES: readonly ReportState[] = ['open', 'closed', 'resolved'];
const EXCERPT_CHARS = 140;

/** A report notification's details; moderators may change its state. */
export default function ReportDetails({
  notification,
  canManage,
}: {
  notification: Notification;
  canManage: boolean;
}) {
  const report = notification.report;
  if (!report) return null;
  const selectId = `report-state-${notification.id}`;
  return (
    <div className={styles.report}>
      {report.account && (
        <p>
          {t('notifications.reported')} <NotificationName account={report.account} />{' '}
          <span className={styles.muted}>@{unicodeHandle(report.account.acct)}</span>
        </p>
      )}
      {report.content && <blockquote className={styles.comment}>{report.content}</blockquote>}
      {report.statuses.length > 0 && (
        <ul className={styles.reportedStatuses} aria-label={t('notifications.reported_posts')}>
          {report.statuses.map((status) => (
            <li key={status.id}>
              <NotificationName account={status.account} />{' '}
              <NotificationTime time={status.createdAt} className={styles.muted} />{' '}
              <Link to={conversationPath(status.id)}>
                <RichContent
                  inline
                  text={plainTextOf(status).slice(0, EXCERPT_CHARS) || t('notifications.open_post')}
                  emojis={status.emojis}
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {report.notes.length > 0 && (
        <ul className={styles.reportedStatuses} aria-label={t('notifications.report_notes')}>
          {report.notes.map((note) => (
            <li key={note.id}>
              {note.user && <NotificationName account={note.user} />}{' '}
              <NotificationTime time={note.createdAt} className={styles.muted} />{' '}
              <span>{note.content}</span>
            </li>
          ))}
        </ul>
      )}
      {canManage && (
        <p className={styles.reportState}>
          <label htmlFor={selectId}>{t('notifications.report_state')}</label>{' '}
          <Select
            id={selectId}
            value={report.state}
            onChange={(event) =>
              void changeReportState(api, notification.id, event.target.value as ReportState)
            }
          >
            {REPORT_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`notifications.report_states.${state}`)}
              </option>
            ))}
          </Select>
        </p>
      )}
    </div>
  );
}
