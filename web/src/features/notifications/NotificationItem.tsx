import '../../i18n/parts/notifications.ts';
import { lazy, memo, Suspense, useState } from 'react';
import { api } from '../../app/apiClient.ts';
import { Link } from '../../router/Link.tsx';
import type { Account, Notification } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import { summaryKeyOf } from '../../lib/notifications.ts';
import { useStatus } from '../../state/entities.ts';
import { useModals } from '../../state/modals.ts';
import {
  decideFollowRequest,
  dismiss,
  type FollowRequestDecision,
} from '../../state/notifications.ts';
import { useNotices } from '../../state/notices.ts';
import { usePreferences } from '../../state/preferences.ts';
import { RichContent } from '../../ui/RichContent.tsx';
import { AccountAvatar } from '../../ui/AccountAvatar.tsx';
import { conversationPath, profilePath, StatusCard } from '../status/StatusCard.tsx';
import { plainTextOf } from '../status/plainText.ts';
import styles from './Notifications.module.css';
import { NotificationTime } from './NotificationTime.tsx';
import { NotificationName } from './NotificationName.tsx';
import { unicodeHandle } from '../../lib/handles.ts';
import { errorMessage } from '../../lib/errorMessage.ts';

/** Types whose post is the point (shown in full, with its actions); others show an excerpt. */
const FULL_STATUS: ReadonlySet<Notification['type']> = new Set([
  'mention',
  'status',
  'poll',
  'update',
]);
const EXCERPT_CHARS = 140;
const CARD_CONTEXT = { kind: 'notification' } as const;
/** Reports reach moderators only: their details load when one is shown. */
const ReportDetails = lazy(() => import('./ReportDetails.tsx'));

function SmallAvatar({ account }: { account: Account }) {
  return <AccountAvatar account={account} size={32} className={styles.avatar} loading="lazy" />;
}

function StatusExcerpt({ statusId }: { statusId: string }) {
  const status = useStatus(statusId);
  if (!status) return null;
  if (status.deleted) return <p className={styles.muted}>{t('notifications.status_deleted')}</p>;
  const text = plainTextOf(status);
  const excerpt = text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
  return (
    <Link to={conversationPath(statusId)} className={styles.excerpt}>
      {status.spoilerText || excerpt ? (
        <RichContent inline text={status.spoilerText || excerpt} emojis={status.emojis} />
      ) : (
        t('notifications.open_post')
      )}
    </Link>
  );
}

function Reaction({ notification }: { notification: Notification }) {
  if (!notification.emoji) return null;
  return notification.emojiUrl ? (
    <img
      className={styles.reactionImage}
      src={notification.emojiUrl}
      alt={notification.emoji}
      title={notification.emoji}
      width={20}
      height={20}
    />
  ) : (
    <span className={styles.reaction}>{notification.emoji}</span>
  );
}

function useConfirmed() {
  const confirm = useModals((state) => state.confirm);
  return (ask: boolean, messageKey: string, name: string) =>
    ask
      ? confirm({
          titleKey: 'notifications.confirm_title',
          messageKey,
          messageArgs: [name],
          acceptKey: 'notifications.confirm_yes',
          cancelKey: 'notifications.confirm_no',
        })
      : Promise.resolve(true);
}

function FollowRequestActions({ notification }: { notification: Notification }) {
  const [busy, setBusy] = useState(false);
  const askApprove = usePreferences((state) => state.modalOnApproveFollow);
  const askDeny = usePreferences((state) => state.modalOnDenyFollow);
  const confirmed = useConfirmed();
  const push = useNotices((state) => state.push);
  const name = `@${unicodeHandle(notification.account.acct)}`;
  const run = async (ask: boolean, messageKey: string, decision: FollowRequestDecision) => {
    if (!(await confirmed(ask, messageKey, name))) return;
    setBusy(true);
    try {
      await decideFollowRequest(api, notification.id, decision);
    } catch (error) {
      push({
        level: 'error',
        messageKey: 'notifications.action_error',
        messageArgs: [errorMessage(error)],
        timeoutMs: 5000,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={styles.actionButton}
        disabled={busy}
        onClick={() => void run(askApprove, 'notifications.confirm_approve', 'approve')}
      >
        {t('notifications.approve')}
      </button>
      <button
        type="button"
        className={styles.actionButton}
        disabled={busy}
        onClick={() => void run(askDeny, 'notifications.confirm_deny', 'deny')}
      >
        {t('notifications.deny')}
      </button>
    </div>
  );
}

function Body({
  notification,
  canManageReports,
}: {
  notification: Notification;
  canManageReports: boolean;
}) {
  const statusId = notification.status?.id;
  switch (notification.type) {
    case 'follow':
      return (
        <Link to={profilePath(notification.account.id)} className={styles.excerpt}>
          @{unicodeHandle(notification.account.acct)}
        </Link>
      );
    case 'follow_request':
      return (
        <>
          <Link to={profilePath(notification.account.id)} className={styles.excerpt}>
            @{unicodeHandle(notification.account.acct)}
          </Link>
          <FollowRequestActions notification={notification} />
        </>
      );
    case 'move':
      return notification.target ? (
        <p className={styles.line}>
          {t('notifications.new_account')} <NotificationName account={notification.target} />{' '}
          <span className={styles.muted}>@{unicodeHandle(notification.target.acct)}</span>
        </p>
      ) : null;
    case 'pleroma:report':
      return (
        <Suspense fallback={null}>
          <ReportDetails notification={notification} canManage={canManageReports} />
        </Suspense>
      );
    case 'pleroma:chat_mention':
      return notification.chatMessage ? (
        <RichContent
          className={styles.excerpt}
          html={notification.chatMessage.content}
          emojis={notification.chatMessage.emojis}
        />
      ) : null;
    default:
      if (!statusId) return null;
      return FULL_STATUS.has(notification.type) ? (
        <div className={styles.card}>
          <StatusCard statusId={statusId} context={CARD_CONTEXT} />
        </div>
      ) : (
        <StatusExcerpt statusId={statusId} />
      );
  }
}

/** One notification: who, what it was about, when; dismissable. */
export const NotificationItem = memo(function NotificationItem({
  notification,
  canManageReports,
  position,
}: {
  notification: Notification;
  canManageReports: boolean;
  /** Its place in the feed (1-based index; size -1 while more can load). */
  position?: { index: number; size: number };
}) {
  const { account } = notification;
  return (
    <article
      className={`${styles.item} ${notification.seen ? '' : styles.unseen}`}
      data-notification-id={notification.id}
      data-type={notification.type}
      data-seen={notification.seen}
      aria-posinset={position?.index}
      aria-setsize={position?.size}
      aria-label={`${account.displayName || account.username} ${t(summaryKeyOf(notification.type))}`}
    >
      <header className={styles.itemHeader}>
        <SmallAvatar account={account} />
        <p className={styles.summary}>
          <NotificationName account={account} /> {t(summaryKeyOf(notification.type))}{' '}
          {notification.type === 'pleroma:emoji_reaction' && (
            <Reaction notification={notification} />
          )}
        </p>
        <NotificationTime time={notification.createdAt} className={styles.time} />
        <button
          type="button"
          className={styles.dismiss}
          aria-label={t('notifications.dismiss')}
          title={t('notifications.dismiss')}
          onClick={() =>
            void dismiss(api, notification.id).catch((error: unknown) =>
              console.warn('notification could not be dismissed', error),
            )
          }
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <Body notification={notification} canManageReports={canManageReports} />
    </article>
  );
});
