import { lazy, memo, Suspense, useCallback, useEffect, useId, useMemo, useRef } from 'react';
import { api } from '../../app/apiClient.ts';
import { throttle } from '../../app/layout/throttle.ts';
import { t } from '../../i18n/index.ts';
import {
  LOAD_OLDER_THROTTLE_MS,
  nearBottom,
  SCROLL_THROTTLE_MS,
  shouldAutoShow,
} from '../../lib/timelineQueue.ts';
import { Link } from '../../router/Link.tsx';
import { announce } from '../../state/announcer.ts';
import { useEntities } from '../../state/entities.ts';
import { useInstance } from '../../state/instance.ts';
import { useOutbox } from '../../state/outbox.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useSession } from '../../state/session.ts';
import {
  getTimeline,
  loadOlder,
  loadPinned,
  setPaused,
  showNewStatuses,
  SIGN_IN_REQUIRED,
  timelineKey,
  useTimeline,
  type TimelineKind,
  type TimelineSpec,
} from '../../state/timelines.ts';
import { Button } from '../../ui/Button.tsx';
import { lazyRetry } from '../../ui/lazyRetry.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { HeightCache, VirtualList } from '../../ui/VirtualList.tsx';
import { StatusCard, type StatusCardContext } from '../status/StatusCard.tsx';
import { markFirstStatusPainted } from './firstPaint.ts';
import styles from './Timeline.module.css';
import { TimelineHeader } from './TimelineHeader.tsx';
import { useTimelineUpdates } from './useTimelineUpdates.ts';

/** The offline reading line (a chunk of its own, with its strings). */
const OfflineLine = lazyRetry(() =>
  import('../offline/OfflineLine.tsx').then((module) => ({ default: module.OfflineLine })),
);

/** Cards mounted by the first render, before the window is measured: a quicker first paint. */
export const FIRST_SCREENFUL_STATUSES = 5;

// Posts waiting in the outbox (issue 26): a chunk of its own, loaded only when there are some.
const PendingPosts = lazy(() =>
  import('../outbox/PendingPosts.tsx').then((module) => ({ default: module.PendingPosts })),
);

/** Heights of each timeline's cards, kept across visits so that coming back restores the layout. */
const heightCaches = new Map<string, HeightCache>();
function heightCacheFor(key: string): HeightCache {
  let cache = heightCaches.get(key);
  if (!cache) {
    cache = new HeightCache();
    heightCaches.set(key, cache);
  }
  return cache;
}

export interface TimelineProps {
  kind: TimelineKind;
  tag?: string;
  listId?: string;
  userId?: string;
  /** The heading (the switcher shows it on timeline screens). */
  title: string;
  /** Inside a profile: no timeline switcher; cards know whose profile it is. */
  profileUserId?: string;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * A timeline (spec part 1, §2 timeline screen): header with switcher, show-new and scroll-to-top;
 * the statuses, virtualised; a footer that loads older ones (also by scrolling near the bottom).
 */
export function Timeline({ kind, tag, listId, userId, title, profileUserId }: TimelineProps) {
  const pendingPosts = useOutbox((state) => kind === 'friends' && state.posts.length > 0);
  const spec = useMemo<TimelineSpec>(
    () => ({ kind, tag, listId, userId }),
    [kind, tag, listId, userId],
  );
  const key = timelineKey(spec);
  const timeline = useTimeline(spec);
  const streaming = useTimelineUpdates(spec);
  const headingId = useId();
  const heights = heightCacheFor(key);

  // Pinned statuses show first (profiles), not again in the list.
  const { visibleStatuses, pinnedIds } = timeline;
  const shownIds = useMemo(() => {
    if (pinnedIds.length === 0) return visibleStatuses;
    const pinned = new Set(pinnedIds);
    return visibleStatuses.filter((id) => !pinned.has(id));
  }, [visibleStatuses, pinnedIds]);

  const context = useMemo<StatusCardContext>(
    () => ({ kind: 'timeline', timeline: kind, profileUserId }),
    [kind, profileUserId],
  );

  // The first page, and again after the timeline was cleared (another user, a changed filter).
  // While a stored session is being restored it waits: what an anonymous visitor sees would be
  // shown a moment, then cleared and loaded again for the user.
  const restoring = useSession((state) => state.status === 'restoring');
  const needsFirstPage = !restoring && !timeline.loaded && !timeline.loading && !timeline.error;
  useEffect(() => {
    if (needsFirstPage) void loadOlder(api, spec, { force: true });
  }, [needsFirstPage, spec]);

  useEffect(() => {
    if (kind === 'user' && userId) void loadPinned(api, spec);
  }, [kind, userId, spec]);

  useEffect(() => {
    if (shownIds.length > 0) markFirstStatusPainted();
  }, [shownIds.length]);

  const showNew = useCallback(() => {
    void showNewStatuses(api, spec);
    window.scrollTo({ top: 0 });
  }, [spec]);

  // Streaming: new statuses show by themselves near the top unless paused (spec §4).
  const pauseOnUnfocused = usePreferences((state) => state.pauseOnUnfocused);
  useEffect(() => {
    if (!streaming || timeline.newStatusCount === 0) return;
    const current = getTimeline(spec);
    const auto = shouldAutoShow({
      streaming,
      scrollTop: window.scrollY,
      paused: current.paused,
      unfocused: document.hidden,
      pauseOnUnfocused,
    });
    if (auto) {
      announce(t('a11y.new_posts_shown', timeline.newStatusCount));
      void showNewStatuses(api, spec);
    } else {
      setPaused(spec, true);
    }
  }, [streaming, timeline.newStatusCount, spec, pauseOnUnfocused]);

  // Posts waiting behind 'Show new' are announced too (politely, once per new count).
  useEffect(() => {
    if (timeline.newStatusCount === 0) return;
    if (streaming && !getTimeline(spec).paused) return;
    announce(t('a11y.new_posts_waiting', timeline.newStatusCount));
  }, [streaming, timeline.newStatusCount, spec]);

  // The '.' key shows new statuses, unless the reader is typing.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '.' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target) || getTimeline(spec).newStatusCount === 0) return;
      event.preventDefault();
      showNew();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [spec, showNew]);

  // Infinite scroll: near the bottom, older statuses load (at most once a second).
  const checkBottom = useRef<() => void>(() => undefined);
  useEffect(() => {
    const check = () => {
      const current = getTimeline(spec);
      if (!current.loaded || current.bottomedOut || current.loading || current.error) return;
      const page = document.documentElement;
      if (nearBottom(window.scrollY, window.innerHeight, page.scrollHeight)) {
        void loadOlder(api, spec);
      }
    };
    checkBottom.current = check;
    const onScroll = throttle(check, SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      onScroll.cancel();
    };
  }, [spec]);

  // A page that arrived but left the reader near the bottom (a short timeline) asks for the next
  // once the throttle allows, without waiting for another scroll.
  const count = timeline.visibleStatuses.length;
  useEffect(() => {
    if (!timeline.loaded || timeline.loading) return;
    const timer = setTimeout(() => checkBottom.current(), LOAD_OLDER_THROTTLE_MS);
    return () => clearTimeout(timer);
  }, [timeline.loaded, timeline.loading, count]);

  const renderItem = useCallback(
    (id: string, index: number, setSize: number) => (
      <TimelineItem statusId={id} context={context} index={index} setSize={setSize} />
    ),
    [context],
  );

  return (
    <section className={styles.timeline} aria-labelledby={headingId}>
      <TimelineHeader
        title={title}
        headingId={headingId}
        switcher={profileUserId === undefined}
        newStatusCount={timeline.newStatusCount}
        flush={timeline.flushMarker !== 0}
        onShowNew={showNew}
      />
      {timeline.offlineSavedAt !== undefined && (
        <Suspense fallback={null}>
          <OfflineLine savedAt={timeline.offlineSavedAt} />
        </Suspense>
      )}
      {pendingPosts && (
        <Suspense fallback={null}>
          <PendingPosts />
        </Suspense>
      )}
      {pinnedIds.length > 0 && (
        <div className={styles.pinned}>
          {pinnedIds.map((id) => (
            <TimelineItem key={id} statusId={id} context={context} />
          ))}
        </div>
      )}
      <VirtualList
        ids={shownIds}
        heights={heights}
        renderItem={renderItem}
        initialCount={FIRST_SCREENFUL_STATUSES}
        busy={timeline.loading}
        setSize={timeline.bottomedOut ? shownIds.length : -1}
        aria-labelledby={headingId}
      />
      <TimelineFooter spec={spec} empty={shownIds.length === 0 && pinnedIds.length === 0} />
    </section>
  );
}

/** A status of the timeline; one deleted while shown leaves the timeline. */
const TimelineItem = memo(function TimelineItem({
  statusId,
  context,
  index,
  setSize,
}: {
  statusId: string;
  context: StatusCardContext;
  index?: number;
  setSize?: number;
}) {
  const present = useEntities((state) => state.statuses[statusId]?.deleted === false);
  const position = index === undefined ? undefined : { index, size: setSize ?? -1 };
  return present ? <StatusCard statusId={statusId} context={context} position={position} /> : null;
});

/** A server that shows this timeline to signed-in users only: an invitation, not an error. */
function SignInInvitation() {
  const registrationOpen = useInstance((state) => state.config.registrationOpen);
  return (
    <div className={styles.invitation}>
      <p className={styles.message}>{t('timeline.sign_in_required')}</p>
      <p className={styles.message}>
        <Link to="/login">{t('timeline.sign_in_to_see')}</Link>
        {registrationOpen && (
          <>
            {' '}
            <Link to="/registration">{t('login.register')}</Link>
          </>
        )}
      </p>
    </div>
  );
}

function TimelineFooter({ spec, empty }: { spec: TimelineSpec; empty: boolean }) {
  const { loading, bottomedOut, error, loaded } = useTimeline(spec);
  const serverHasNoDirectMessages = useInstance(
    (state) => spec.kind === 'dms' && state.config.directMessagesSource === 'none',
  );
  let content;
  if (loading || (!loaded && !error)) {
    content = <Spinner />;
  } else if (serverHasNoDirectMessages) {
    content = <p className={styles.message}>{t('timeline.no_direct_messages_on_server')}</p>;
  } else if (error === SIGN_IN_REQUIRED) {
    content = <SignInInvitation />;
  } else if (error) {
    content = (
      <Button onClick={() => void loadOlder(api, spec, { force: true })}>
        {t('timeline.retry')}
      </Button>
    );
  } else if (bottomedOut) {
    content = (
      <p className={styles.message}>
        {t(empty ? 'timeline.no_statuses' : 'timeline.no_more_statuses')}
      </p>
    );
  } else {
    content = (
      <Button variant="ghost" onClick={() => void loadOlder(api, spec, { force: true })}>
        {t('timeline.load_older')}
      </Button>
    );
  }
  return <footer className={styles.footer}>{content}</footer>;
}
