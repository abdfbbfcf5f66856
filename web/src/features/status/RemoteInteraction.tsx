import { t } from '../../i18n/index.ts';
import { nameWithCount, shownCount } from '../../lib/accessibleNames.ts';
import { useInstance } from '../../state/instance.ts';
import { StatusIcon } from './icons.tsx';
import styles from './StatusCard.module.css';

/** Pleroma's remote-interaction address (spec part 2, §2). */
export const REMOTE_INTERACTION_PATH = '/main/ostatus';

/**
 * The address where an anonymous visitor is asked for their home account and sent on to interact
 * from there: the instance's /main/ostatus with the status id (spec part 2, §2 and §6).
 */
export function remoteInteractionUrl(server: string, statusId: string): string {
  const base = server.replace(/\/+$/, '');
  return `${base}${REMOTE_INTERACTION_PATH}?status_id=${encodeURIComponent(statusId)}`;
}

/** Reply, repeat and favorite for anonymous visitors: links to interact from their own server. */
export function RemoteInteraction({
  statusId,
  counts,
}: {
  statusId: string;
  counts: { replies: number; reblogs: number; favourites: number } | null;
}) {
  const server = useInstance((state) => state.config.server);
  const href = remoteInteractionUrl(server || window.location.origin, statusId);
  const link = (
    key: string,
    icon: 'reply' | 'repeat' | 'star',
    labelKey: string,
    count: number | undefined,
  ) => {
    const shown = count === undefined ? null : shownCount(count, false);
    return (
      <a
        key={key}
        className={styles.action}
        href={href}
        aria-label={nameWithCount(t(labelKey), shown)}
        title={t(labelKey)}
      >
        <StatusIcon name={icon} />
        {shown !== null && <span className={styles.count}>{shown}</span>}
      </a>
    );
  };
  return (
    <div className={styles.actions} role="group" aria-label={t('status.remote_interaction')}>
      {link('reply', 'reply', 'status.remote_reply', counts?.replies)}
      {link('repeat', 'repeat', 'status.remote_repeat', counts?.reblogs)}
      {link('favourite', 'star', 'status.remote_favourite', counts?.favourites)}
      <a className={styles.remoteLink} href={href}>
        {t('status.interact_from_your_server')}
      </a>
    </div>
  );
}
