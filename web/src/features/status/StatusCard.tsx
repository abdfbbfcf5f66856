import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { isPlainLeftClick, Link } from '../../router/Link.tsx';
import type { Account } from '../../api/types.ts';
import { t, tCount } from '../../i18n/index.ts';
import { postName } from '../../lib/accessibleNames.ts';
import { isHidden, muteReasons, type MuteReason } from '../../lib/muting.ts';
import { relativeTime } from '../../lib/timeAgo.ts';
import { useAccount, useRelationship, useStatus, type StoredStatus } from '../../state/entities.ts';
import { preloadUserPopover, useUserPopover } from '../../state/userPopover.ts';
import { highlightStyle } from '../../lib/people/highlight.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useRelations } from '../../state/relations.ts';
import { useSession } from '../../state/session.ts';
import { RichContent } from '../../ui/RichContent.tsx';
import { AccountAvatar } from '../../ui/AccountAvatar.tsx';
import { TimeAgo } from '../../ui/TimeAgo.tsx';
import { ReactionsBar } from '../reactions/ReactionsBar.tsx';
import { StatusIcon } from './icons.tsx';
import { plainTextOf } from './plainText.ts';
import { RemoteInteraction } from './RemoteInteraction.tsx';
import { ReplyToLink } from './ReplyToLink.tsx';
import { StatusBody } from './StatusBody.tsx';
import styles from './StatusCard.module.css';
import { STATUS_ELEMENT_TIMING } from '../timeline/firstPaint.ts';
import { unicodeHandle } from '../../lib/handles.ts';

// The actions (and their menu, dialogs and API calls) are not needed for the first paint.
const StatusActionBar = lazy(() =>
  import('./StatusActionBar.tsx').then((module) => ({ default: module.StatusActionBar })),
);
// Only a conversation's focused post lists who favourited and repeated it.
const StatusPeople = lazy(() => import('./StatusPeople.tsx'));
const AnonymousMenu = lazy(() =>
  import('./StatusActionBar.tsx').then((module) => ({ default: module.AnonymousMenu })),
);

/** Where a card is shown: decides muting exceptions and a few display details. */
export interface StatusCardContext {
  kind: 'timeline' | 'conversation' | 'notification' | 'profile';
  /** The timeline's name (friends, public, tag...), when kind is timeline. */
  timeline?: string;
  /** The profile being viewed, when the card sits inside a profile. */
  profileUserId?: string;
  conversationId?: string;
  /** The conversation's main status: never muted, never collapsed as tall. */
  focused?: boolean;
}

/** Where the card sits in its feed (1-based), for aria-posinset and aria-setsize. */
export interface FeedPosition {
  index: number;
  /** -1 while the feed's length is not known (more can load). */
  size: number;
}

export interface StatusCardProps {
  statusId: string;
  context: StatusCardContext;
  position?: FeedPosition;
}

/** The feed pattern's attributes: every post is focusable and says where it is in the feed. */
function feedAttributes(position: FeedPosition | undefined) {
  return {
    tabIndex: 0,
    'aria-posinset': position?.index,
    'aria-setsize': position?.size,
  };
}

/** "5 minutes ago", read at render time (the name needs no ticking clock). */
function spokenTime(time: string): string {
  const relative = relativeTime(time, Date.now());
  return relative ? tCount(`a11y.time.${relative.unit}`, relative.value) : time;
}

export const profilePath = (accountId: string) => `/users/${encodeURIComponent(accountId)}`;
export const conversationPath = (statusId: string) => `/notice/${encodeURIComponent(statusId)}`;

function displayName(account: Account) {
  return (
    <RichContent inline text={account.displayName || account.username} emojis={account.emojis} />
  );
}

/** Whether the viewer mutes an account: its relationship or the session's mute list. */
function useMutes(accountId: string | undefined): boolean {
  const relationship = useRelationship(accountId);
  const listed = useRelations((state) => (accountId ? state.muteIds.includes(accountId) : false));
  return Boolean(relationship?.muting) || listed;
}

/**
 * A plain click on an author's avatar or name opens their card as a popover (spec part 2, §2);
 * modified clicks (new tab, new window) still follow the link to the profile.
 */
const openCardOnPlainClick = (accountId: string) => (event: MouseEvent<HTMLAnchorElement>) => {
  if (!isPlainLeftClick(event)) return;
  event.preventDefault();
  useUserPopover.getState().open(accountId, event.currentTarget);
};

function Avatar({ account }: { account: Account }) {
  return (
    <Link
      to={profilePath(account.id)}
      className={styles.avatarLink}
      tabIndex={-1}
      aria-hidden
      onClick={openCardOnPlainClick(account.id)}
      onPointerEnter={preloadUserPopover}
    >
      <AccountAvatar account={account} size={48} className={styles.avatar} loading="lazy" />
    </Link>
  );
}

/** A muted post, collapsed with its reason and a toggle to show it anyway. */
function MutedCard({
  statusId,
  account,
  reasons,
  onShow,
  position,
}: {
  statusId: string;
  account: Account;
  reasons: readonly MuteReason[];
  onShow(): void;
  position?: FeedPosition;
}) {
  return (
    <article
      className={`${styles.card} ${styles.muted}`}
      aria-label={t('status.muted_post')}
      data-status-id={statusId}
      {...feedAttributes(position)}
    >
      <p className={styles.mutedLine}>
        <Link to={profilePath(account.id)} className={styles.mutedName}>
          @{unicodeHandle(account.acct)}
        </Link>{' '}
        <span className={styles.mutedReason}>
          {reasons.map((reason) => t(`status.muted_${reason}`)).join(', ')}
        </span>
        <button type="button" className={styles.textButton} onClick={onShow}>
          {t('status.show_muted')}
        </button>
      </p>
    </article>
  );
}

/**
 * The post card (spec part 2, §2 and §4). Reads the status from the entity store by id; a repeat
 * shows the repeater outside and the original inside, and every action acts on the original.
 */
export function StatusCard({ statusId, context, position }: StatusCardProps) {
  const outer = useStatus(statusId);
  const original = useStatus(outer?.reblogId ?? '');
  const shown: StoredStatus | undefined = outer?.reblogId ? original : outer;
  const author = useAccount(shown?.accountId);
  const repeater = useAccount(outer?.reblogId ? outer.accountId : undefined);

  const signedIn = useSession((state) => state.status === 'signedIn');
  const user = useSession((state) => state.user);
  const authorMuted = useMutes(shown?.accountId);
  const repeaterMuted = useMutes(repeater?.id);
  const muteWords = usePreferences((state) => state.muteWords);
  const muteBotStatuses = usePreferences((state) => state.muteBotStatuses);
  const hideMutedPosts = usePreferences((state) => state.hideMutedPosts);
  const hideMutedThreads = usePreferences((state) => state.hideMutedThreads);
  const hideWordFilteredPosts = usePreferences((state) => state.hideWordFilteredPosts);
  const hideFilteredStatuses = usePreferences((state) => state.hideFilteredStatuses);
  const hidePostStats = usePreferences((state) => state.hidePostStats);
  const hideBotIndication = usePreferences((state) => state.hideBotIndication);
  const emojiReactionsOnTimeline = usePreferences((state) => state.emojiReactionsOnTimeline);
  const [unmuted, setUnmuted] = useState(false);
  const highlight = usePreferences((state) => (author ? state.highlight[author.acct] : undefined));

  if (!outer || !shown || !author) return null;
  if (outer.deleted || shown.deleted) {
    return (
      <article
        className={`${styles.card} ${styles.deleted}`}
        data-status-id={statusId}
        aria-label={t('status.status_deleted')}
        {...feedAttributes(position)}
      >
        <p>{t('status.status_deleted')}</p>
      </article>
    );
  }

  const reasons = muteReasons(
    {
      viewerId: user?.id ?? null,
      outerAuthorId: outer.accountId,
      authorId: shown.accountId,
      // Pleroma's `muted` is true for a muted author or a muted thread.
      authorMuted: authorMuted || (shown.muted && !shown.threadMuted),
      repeaterMuted,
      authorIsBot: author.bot,
      threadMuted: shown.threadMuted,
      text: plainTextOf(shown),
      subject: shown.spoilerTextPlain || shown.spoilerText,
    },
    { muteWords, muteBotStatuses, compact: context.kind === 'notification' },
    { kind: context.kind, profileUserId: context.profileUserId, focused: context.focused },
  );
  if (
    isHidden(reasons, {
      hideMutedPosts,
      hideMutedThreads,
      hideWordFilteredPosts,
      hideFilteredStatuses,
    })
  ) {
    return null;
  }
  if (reasons.length > 0 && !unmuted) {
    return (
      <MutedCard
        statusId={statusId}
        account={author}
        reasons={reasons}
        onShow={() => setUnmuted(true)}
        position={position}
      />
    );
  }

  const nameId = `status-${statusId}-author`;
  const viewer = user ? { id: user.id, privileges: user.privileges } : null;
  const name = postName({
    author: author.displayName || author.username,
    time: spokenTime(shown.createdAt),
    text: plainTextOf(shown),
    contentWarning: shown.spoilerTextPlain || shown.spoilerText,
  });
  return (
    <article
      className={`${styles.card} ${context.focused ? styles.focused : ''}`}
      style={highlightStyle(highlight)}
      aria-label={name}
      data-status-id={statusId}
      data-focused-status={context.focused || undefined}
      {...feedAttributes(position)}
    >
      {repeater && (
        <p className={styles.repeat}>
          <StatusIcon name="repeat" />
          <Link to={profilePath(repeater.id)} className={styles.repeaterName}>
            {displayName(repeater)}
          </Link>{' '}
          {t('status.repeated')}
        </p>
      )}
      {reasons.length > 0 && (
        <button type="button" className={styles.textButton} onClick={() => setUnmuted(false)}>
          {t('status.hide_muted')}
        </button>
      )}
      <div className={styles.main}>
        <Avatar account={author} />
        <div className={styles.column}>
          <header className={styles.header}>
            <Link
              to={profilePath(author.id)}
              className={styles.names}
              onClick={openCardOnPlainClick(author.id)}
              onPointerEnter={preloadUserPopover}
              onFocus={preloadUserPopover}
            >
              <span id={nameId} className={styles.displayName}>
                {displayName(author)}
              </span>
              <span className={styles.acct} elementtiming={STATUS_ELEMENT_TIMING}>
                @{unicodeHandle(author.acct)}
              </span>
              {author.bot && !hideBotIndication && (
                <span className={styles.badge}>{t('status.bot')}</span>
              )}
            </Link>
            <Link
              to={`/notice/${encodeURIComponent(shown.id)}`}
              className={styles.time}
              data-action="open"
            >
              <TimeAgo time={shown.createdAt} />
            </Link>
          </header>
          {shown.inReplyToId && (
            <ReplyToLink
              to={conversationPath(shown.inReplyToId)}
              statusId={shown.inReplyToId}
              acct={shown.inReplyToAccountAcct}
            />
          )}
          <StatusBody
            status={shown}
            focused={Boolean(context.focused)}
            context={context.kind === 'conversation' ? 'conversation' : 'timeline'}
          />
          {context.kind === 'conversation' && context.focused && !hidePostStats && (
            <Suspense fallback={null}>
              <StatusPeople status={shown} />
            </Suspense>
          )}
          {(emojiReactionsOnTimeline || context.kind === 'conversation') && (
            <ReactionsBar statusId={shown.id} />
          )}
          {signedIn && viewer ? (
            <Suspense fallback={<div className={styles.actionsPlaceholder} />}>
              <StatusActionBar
                status={shown}
                author={author}
                viewer={viewer}
                hideStats={hidePostStats}
              />
            </Suspense>
          ) : (
            <div className={styles.anonymousBar}>
              <RemoteInteraction
                statusId={shown.id}
                counts={
                  hidePostStats
                    ? null
                    : {
                        replies: shown.repliesCount,
                        reblogs: shown.reblogsCount,
                        favourites: shown.favouritesCount,
                      }
                }
              />
              <Suspense fallback={null}>
                <AnonymousMenu status={shown} />
              </Suspense>
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
