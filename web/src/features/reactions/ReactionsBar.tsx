import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { EmojiReaction } from '../../api/types.ts';
import { t, tCount } from '../../i18n/index.ts';
import { safeMediaUrl } from '../../lib/gallery.ts';
import { REACTIONS_SHOWN, visibleReactions } from '../../lib/reactions.ts';
import { useStatus } from '../../state/entities.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useInstance } from '../../state/instance.ts';
import { useSession } from '../../state/session.ts';
import { useReactionErrors } from './reactionErrors.ts';
import styles from './ReactionsBar.module.css';

// Loaded on first use, to keep them out of a timeline's first paint: who reacted, and the
// toggle itself (the API call and the optimistic update).
const WhoReacted = lazy(() => import('./WhoReacted.tsx'));
const toggle = (statusId: string, name: string, url: string | null) =>
  import('./reactionActions.ts').then((actions) => actions.toggleReaction(statusId, name, url));

/** Hovering or focusing a reaction this long opens its popover. */
const POPOVER_DELAY_MS = 300;

/** A reaction's emoji: custom ones as their image, unicode ones as text. */
export function ReactionEmoji({ name, url }: { name: string; url: string | null }) {
  const src = safeMediaUrl(url);
  if (src) {
    const text = `:${name}:`;
    return <img className={styles.customEmoji} src={src} alt={text} title={text} />;
  }
  return <span className={styles.emoji}>{name}</span>;
}

function ReactionButton({
  statusId,
  reaction,
  readOnly,
}: {
  statusId: string;
  reaction: EmojiReaction;
  readOnly: boolean;
}) {
  const popoverId = useId();
  const [popover, setPopover] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancel = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  const show = () => {
    cancel();
    timer.current = setTimeout(() => setPopover(true), POPOVER_DELAY_MS);
  };
  const hide = () => {
    cancel();
    setPopover(false);
  };
  useEffect(() => cancel, []);

  const label = t(
    'reactions.reaction',
    reaction.url ? `:${reaction.name}:` : reaction.name,
    reaction.count,
  );
  return (
    <span className={styles.item} onMouseEnter={show} onMouseLeave={hide}>
      <button
        type="button"
        className={`${styles.reaction} ${reaction.me ? styles.me : ''}`}
        aria-pressed={reaction.me}
        aria-disabled={readOnly || undefined}
        aria-label={label}
        aria-describedby={popover ? popoverId : undefined}
        onFocus={show}
        onBlur={hide}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && popover) {
            event.stopPropagation();
            hide();
          }
        }}
        onClick={() => {
          if (!readOnly) void toggle(statusId, reaction.name, reaction.url);
        }}
      >
        <ReactionEmoji name={reaction.name} url={reaction.url} />{' '}
        <span className={styles.count}>{reaction.count}</span>
      </button>
      {popover && (
        <Suspense fallback={null}>
          <WhoReacted id={popoverId} statusId={statusId} reaction={reaction} />
        </Suspense>
      )}
    </span>
  );
}

export interface ReactionsBarProps {
  statusId: string;
  /**
   * The status is the focused one of a conversation: its reactions show even when the
   * emojiReactionsOnTimeline preference hides them elsewhere.
   */
  focused?: boolean;
}

/**
 * Emoji reactions under a post (spec part 2, §9): up to 12, then a '+N' expander; each a toggle
 * (aria-pressed when the user reacted) showing the emoji and its count; hovering or focusing one
 * lists up to 16 accounts that reacted. Anonymous viewers see them read-only. A failed toggle
 * shows the server's error in a dismissible alert.
 */
export function ReactionsBar({ statusId, focused = false }: ReactionsBarProps) {
  const stored = useStatus(statusId);
  const id = stored?.reblogId ?? statusId;
  const reactions = useStatus(id)?.emojiReactions;
  const signedIn = useSession((state) => state.status === 'signedIn');
  const onTimeline = usePreferences((state) => state.emojiReactionsOnTimeline);
  const error = useReactionErrors((state) => state.errors[id]);
  const [expanded, setExpanded] = useState(false);
  const available = useInstance((state) => state.config.reactionsApi !== 'none');

  const showReactions = available && (onTimeline || focused) && !!reactions && reactions.length > 0;
  if (!showReactions && !error) return null;
  const { shown, hidden } = visibleReactions(reactions ?? [], expanded);

  return (
    <div className={styles.bar}>
      {error && (
        <div role="alert" className={styles.error}>
          <span>{t('reactions.error', error)}</span>
          <button
            type="button"
            className={styles.dismiss}
            aria-label={t('modals.dismiss')}
            onClick={() => useReactionErrors.getState().dismiss(id)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
      {showReactions && (
        <div role="group" aria-label={t('reactions.reactions')} className={styles.list}>
          {shown.map((reaction) => (
            <ReactionButton
              key={reaction.name}
              statusId={id}
              reaction={reaction}
              readOnly={!signedIn}
            />
          ))}
          {hidden > 0 && (
            <button
              type="button"
              className={styles.toggle}
              aria-label={tCount('reactions.show_more_label', hidden)}
              aria-expanded={false}
              onClick={() => setExpanded(true)}
            >
              {t('reactions.show_more', hidden)}
            </button>
          )}
          {expanded && (reactions?.length ?? 0) > REACTIONS_SHOWN && (
            <button
              type="button"
              className={styles.toggle}
              aria-expanded={true}
              onClick={() => setExpanded(false)}
            >
              {t('reactions.show_fewer')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
