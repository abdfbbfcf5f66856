import '../../i18n/parts/status.ts';
import '../../i18n/parts/outbox.ts';
import { useOutbox } from '../../state/outbox.ts';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { Account } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import {
  canDelete,
  canEdit,
  canPin,
  canReport,
  canRepeat,
  canSeeHistory,
  type PostFacts,
  type Viewer,
} from '../../lib/statusPermissions.ts';
import { nameWithCount, shownCount } from '../../lib/accessibleNames.ts';
import type { StoredStatus } from '../../state/entities.ts';
import { useInstance } from '../../state/instance.ts';
import { useModals } from '../../state/modals.ts';
import { ReactButton } from '../reactions/ReactButton.tsx';
import { ActionMenu, type MenuItem } from './ActionMenu.tsx';
import { replyTargetOf } from '../composer/replyTarget.ts';
import { ActionIcon as StatusIcon } from './actionIcons.tsx';
import styles from './StatusCard.module.css';
import { useStatusActions } from './useStatusActions.ts';
import { safeHttpUrl } from '../../lib/safeUrl.ts';
import { useRovingFocus } from '../../ui/useRovingFocus.ts';

const ReportDialog = lazy(() =>
  import('../report/ReportDialog.tsx').then((module) => ({ default: module.ReportDialog })),
);
const HistoryDialog = lazy(() =>
  import('../status-history/HistoryDialog.tsx').then((module) => ({
    default: module.HistoryDialog,
  })),
);

type OpenDialog = 'report' | 'history' | null;

function Count({ value, hidden }: { value: number; hidden: boolean }) {
  const shown = shownCount(value, hidden);
  if (shown === null) return null;
  return <span className={styles.count}>{shown}</span>;
}

/** A toggle action: aria-pressed says whether it is on. */
/** Spec part 2, §9: the favourite and repeat icons spin this long when pressed. */
export const ACTION_SPIN_MS = 500;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function ToggleAction({
  label,
  pressed,
  onClick,
  children,
  className,
  action,
  spin = false,
  pending = false,
}: {
  label: string;
  pressed: boolean;
  onClick(): void;
  children: ReactNode;
  className?: string;
  action?: string;
  /** Spin the icon once on each press (none under prefers-reduced-motion). */
  spin?: boolean;
  /** Waiting in the outbox to be sent (issue 26): shown as asked for, marked pending. */
  pending?: boolean;
}) {
  const [spinning, setSpinning] = useState(false);
  useEffect(() => {
    if (!spinning) return undefined;
    const timer = setTimeout(() => setSpinning(false), ACTION_SPIN_MS);
    return () => clearTimeout(timer);
  }, [spinning]);
  return (
    <button
      type="button"
      data-action={action}
      className={`${styles.action} ${pressed ? styles.active : ''} ${spinning ? styles.spinning : ''} ${pending ? styles.pending : ''} ${className ?? ''}`}
      aria-label={pending ? t('outbox.pending_action', label) : label}
      title={pending ? t('outbox.pending_action', label) : label}
      data-pending={pending || undefined}
      aria-pressed={pressed}
      data-spinning={spinning || undefined}
      onClick={() => {
        if (spin && !prefersReducedMotion()) setSpinning(true);
        onClick();
      }}
    >
      {children}
    </button>
  );
}

/** The error of a failed action, on the card until dismissed (spec part 2, §8). */
function ActionError({ message, onDismiss }: { message: string; onDismiss(): void }) {
  return (
    <div className={styles.alert} role="alert">
      <span>{t('status.action_error', message)}</span>
      <button
        type="button"
        className={styles.alertClose}
        aria-label={t('modals.dismiss')}
        onClick={onDismiss}
      >
        <StatusIcon name="close" />
      </button>
    </div>
  );
}

/**
 * The signed-in action bar: reply, repeat, favorite, react, bookmark and the '...' menu, with the
 * alert of a failed action above it. Loaded after the first paint (StatusCard imports it lazily).
 */
export function StatusActionBar({
  status,
  author,
  viewer,
  hideStats,
}: {
  status: StoredStatus;
  author: Account;
  viewer: Viewer;
  hideStats: boolean;
}) {
  const actions = useStatusActions(status.id);
  const favouritePending = useOutbox(
    (state) => state.toggles[`favourite:${status.id}`] !== undefined,
  );
  const repeatPending = useOutbox((state) => state.toggles[`reblog:${status.id}`] !== undefined);
  const toolbar = useRovingFocus<HTMLDivElement>();
  const editingAvailable = useInstance((state) => state.config.editingAvailable);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const facts: PostFacts = {
    authorId: status.accountId,
    visibility: status.visibility,
    edited: status.editedAt !== null,
  };
  const close = () => setDialog(null);
  const openComposer = useModals((state) => state.openComposer);

  const items: MenuItem[] = [];
  if (canPin(viewer, facts)) {
    items.push({
      key: 'pin',
      label: status.pinned ? t('status.unpin') : t('status.pin'),
      icon: <StatusIcon name="pin" />,
      onSelect: () => void actions.togglePin(),
    });
  }
  items.push({
    key: 'mute',
    label: status.threadMuted ? t('status.unmute_conversation') : t('status.mute_conversation'),
    icon: <StatusIcon name="mute" />,
    onSelect: () => void actions.toggleThreadMute(),
  });
  items.push({
    key: 'copy',
    label: t('status.copy_link'),
    icon: <StatusIcon name="link" />,
    onSelect: () => void actions.copyLink(),
  });
  if (canReport(viewer, facts)) {
    items.push({
      key: 'report',
      label: t('status.report'),
      icon: <StatusIcon name="flag" />,
      onSelect: () => setDialog('report'),
    });
  }
  if (canEdit(viewer, facts, editingAvailable)) {
    items.push({
      key: 'edit',
      label: t('status.edit'),
      icon: <StatusIcon name="edit" />,
      onSelect: () => openComposer({ kind: 'edit', statusId: status.id }),
    });
  }
  if (canSeeHistory(facts, editingAvailable)) {
    items.push({
      key: 'history',
      label: t('status.history'),
      icon: <StatusIcon name="history" />,
      onSelect: () => setDialog('history'),
    });
  }
  if (canDelete(viewer, facts)) {
    items.push({
      key: 'delete',
      label: t('status.delete'),
      icon: <StatusIcon name="trash" />,
      danger: true,
      onSelect: () => void actions.remove(),
    });
  }
  const externalSource = status.local ? null : safeHttpUrl(status.url);
  if (externalSource) {
    items.push({
      key: 'external',
      label: t('status.external_source'),
      icon: <StatusIcon name="external" />,
      href: externalSource,
    });
  }

  const repeatable = canRepeat(facts);
  return (
    <>
      {actions.error && <ActionError message={actions.error} onDismiss={actions.dismissError} />}
      {/* One tab stop per post: the arrow keys move along the bar. */}
      <div {...toolbar} className={styles.actions} role="toolbar" aria-label={t('status.actions')}>
        <button
          type="button"
          data-action="reply"
          className={styles.action}
          aria-label={nameWithCount(t('status.reply'), shownCount(status.repliesCount, hideStats))}
          title={t('status.reply')}
          onClick={() =>
            openComposer({ kind: 'reply', replyTo: replyTargetOf(status, author.acct) })
          }
        >
          <StatusIcon name="reply" />
          <Count value={status.repliesCount} hidden={hideStats} />
        </button>
        {repeatable ? (
          <ToggleAction
            label={nameWithCount(t('status.repeat'), shownCount(status.reblogsCount, hideStats))}
            action="repeat"
            pressed={status.reblogged}
            onClick={() => void actions.toggleRepeat()}
            className={styles.repeatAction}
            pending={repeatPending}
            spin
          >
            <StatusIcon name="repeat" />
            <Count value={status.reblogsCount} hidden={hideStats} />
          </ToggleAction>
        ) : (
          <span className={styles.action} title={t('timeline.no_retweet_hint')}>
            <StatusIcon name="lock" />
            <span className={styles.visuallyHidden}>{t('timeline.no_retweet_hint')}</span>
            <Count value={status.reblogsCount} hidden={hideStats} />
          </span>
        )}
        <ToggleAction
          label={nameWithCount(t('status.favorite'), shownCount(status.favouritesCount, hideStats))}
          action="favourite"
          pressed={status.favourited}
          onClick={() => void actions.toggleFavourite()}
          className={styles.favouriteAction}
          pending={favouritePending}
          spin
        >
          <StatusIcon name="star" filled={status.favourited} />
          <Count value={status.favouritesCount} hidden={hideStats} />
        </ToggleAction>
        <ReactButton statusId={status.id} />
        <ToggleAction
          label={t('status.bookmark')}
          pressed={status.bookmarked}
          onClick={() => void actions.toggleBookmark()}
        >
          <StatusIcon name="bookmark" filled={status.bookmarked} />
        </ToggleAction>
        <ActionMenu
          className={styles.menu}
          label={t('status.more_actions')}
          icon={<StatusIcon name="more" />}
          items={items}
        />
        <Suspense fallback={null}>
          {dialog === 'report' && (
            <ReportDialog account={author} initialStatusIds={[status.id]} onClose={close} />
          )}
          {dialog === 'history' && <HistoryDialog statusId={status.id} onClose={close} />}
        </Suspense>
      </div>
    </>
  );
}

/** The anonymous visitor's menu: copy link and, for remote posts, the original. */
export function AnonymousMenu({ status }: { status: StoredStatus }) {
  const actions = useStatusActions(status.id);
  const items: MenuItem[] = [
    {
      key: 'copy',
      label: t('status.copy_link'),
      icon: <StatusIcon name="link" />,
      onSelect: () => void actions.copyLink(),
    },
  ];
  const externalSource = status.local ? null : safeHttpUrl(status.url);
  if (externalSource) {
    items.push({
      key: 'external',
      label: t('status.external_source'),
      icon: <StatusIcon name="external" />,
      href: externalSource,
    });
  }
  return (
    <>
      <ActionMenu
        className={styles.menu}
        label={t('status.more_actions')}
        icon={<StatusIcon name="more" />}
        items={items}
      />
      {actions.error && <ActionError message={actions.error} onDismiss={actions.dismissError} />}
    </>
  );
}
