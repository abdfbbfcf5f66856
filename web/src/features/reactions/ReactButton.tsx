import '../../i18n/parts/emoji.ts';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { t } from '../../i18n/index.ts';
import { hasReacted, QUICK_REACTIONS } from '../../lib/reactions.ts';
import { useEntities } from '../../state/entities.ts';
import { useInstance } from '../../state/instance.ts';
import { useSession } from '../../state/session.ts';
import styles from './ReactButton.module.css';
import { reactionTarget, toggleReaction } from './reactionActions.ts';

/** Loaded on demand: the picker is not needed for a timeline's first paint. */
const ReactionPicker = lazy(() => import('./ReactionPicker.tsx'));

/**
 * The react action (spec part 2, §9): a button opening a small menu with the quick reactions
 * (thumbs-up, angry, eyes, laughing, fire; each a toggle of the user's own reaction) and 'More…',
 * which opens the full emoji picker (unicode and the instance's custom emoji). Signed-in
 * users only. The menu closes on Escape, a pick, or a click outside; arrow keys move in it.
 */
export function ReactButton({ statusId }: { statusId: string }) {
  const signedIn = useSession((state) => state.status === 'signedIn');
  const available = useInstance((state) => state.config.reactionsApi !== 'none');
  const menuId = useId();
  const [menu, setMenu] = useState(false);
  const [picker, setPicker] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const reactions = useEntities(
    (state) => state.statuses[state.statuses[statusId]?.reblogId ?? statusId]?.emojiReactions,
  );

  useEffect(() => {
    if (!menu) return undefined;
    menuRef.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
    const onPointer = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setMenu(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [menu]);

  if (!signedIn || !available) return null;

  const closeMenu = () => {
    setMenu(false);
    trigger.current?.focus();
  };
  const react = (name: string, url: string | null = null) => {
    void toggleReaction(reactionTarget(statusId), name, url);
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [],
    );
    const at = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => items[(to + items.length) % items.length]?.focus();
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeMenu();
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(at + 1);
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(at - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      move(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      move(items.length - 1);
    } else if (event.key === 'Tab') {
      setMenu(false);
    }
  };

  return (
    <span className={styles.wrapper} ref={wrapper}>
      <button
        ref={trigger}
        type="button"
        className={styles.trigger}
        aria-label={t('reactions.react')}
        title={t('reactions.react')}
        aria-haspopup="menu"
        aria-expanded={menu}
        aria-controls={menu ? menuId : undefined}
        onClick={() => setMenu((open) => !open)}
      >
        <span aria-hidden="true">☺+</span>
      </button>
      {menu && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t('reactions.react')}
          aria-orientation="horizontal"
          className={styles.menu}
          data-popup
          onKeyDown={onMenuKeyDown}
        >
          {QUICK_REACTIONS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              role="menuitemcheckbox"
              aria-checked={hasReacted(reactions ?? [], emoji)}
              aria-label={t('reactions.react_with', emoji)}
              tabIndex={-1}
              className={styles.quick}
              onClick={() => {
                react(emoji);
                closeMenu();
              }}
            >
              {emoji}
            </button>
          ))}
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={styles.more}
            onClick={() => {
              setMenu(false);
              setPicker(true);
            }}
          >
            {t('reactions.more')}
          </button>
        </div>
      )}
      {picker && (
        <Suspense fallback={null}>
          <ReactionPicker
            onPick={(name, url) => react(name, url)}
            onClose={() => {
              setPicker(false);
              trigger.current?.focus();
            }}
          />
        </Suspense>
      )}
    </span>
  );
}
