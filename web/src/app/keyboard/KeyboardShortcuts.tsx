import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  G_SEQUENCE_MS,
  shortcutFor,
  type Destination,
  type PostAction,
} from '../../lib/keyboardShortcuts.ts';
import { useModals } from '../../state/modals.ts';
import { useSession } from '../../state/session.ts';
import { navigate } from '../../router/history.ts';

// The list of keys is read rarely: its own chunk, loaded on the first '?'.
const KeyHelpDialog = lazy(() =>
  import('./KeyHelpDialog.tsx').then((module) => ({ default: module.KeyHelpDialog })),
);

const POST_SELECTOR = 'main article[data-status-id]';

/** Text fields, and widgets that take letters themselves (menus, listboxes, grids). */
function isTyping(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.isContentEditable) return true;
  if (/^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName)) {
    const type = (element as HTMLInputElement).type;
    return !/^(button|checkbox|radio|submit|reset|range|color|file)$/.test(type);
  }
  return element.closest('[role="menu"], [role="listbox"], [role="grid"]') !== null;
}

/** The posts of the screen, in reading order (the mounted part of a virtualised timeline). */
const postsOnScreen = () => [...document.querySelectorAll<HTMLElement>(POST_SELECTOR)];

/** Focuses a post and brings it into view, below the sticky bars. */
function focusPost(post: HTMLElement): void {
  post.focus({ preventScroll: true });
  post.scrollIntoView({ block: 'center' });
}

/** Where j or k go: the next or previous post, or, with none focused, the first in view. */
function movePost(step: 1 | -1, current: HTMLElement | null): void {
  const posts = postsOnScreen();
  if (posts.length === 0) return;
  const index = current ? posts.indexOf(current) : -1;
  if (index >= 0) {
    const target = posts[index + step];
    if (target) focusPost(target);
    return;
  }
  const start =
    posts.find((post) => post.dataset.focusedStatus !== undefined) ??
    posts.find((post) => post.getBoundingClientRect().bottom > 0) ??
    posts[0];
  if (start) focusPost(start);
}

function actOnPost(post: HTMLElement, action: PostAction): void {
  post.querySelector<HTMLElement>(`[data-action="${action}"]`)?.click();
}

function pathOf(to: Destination, username: string | undefined): string | null {
  if (to === 'public') return '/main/public';
  if (!username) return null;
  return to === 'home' ? '/main/friends' : `/${encodeURIComponent(username)}/notifications`;
}

/**
 * The reading keys of every screen (rules in lib/keyboardShortcuts.ts): one listener on the
 * document; the posts are found in the page, so a virtualised timeline needs no registry.
 */
export function KeyboardShortcuts() {
  const [helpOpen, setHelpOpen] = useState(false);
  const afterG = useRef<number>(0);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const active = document.activeElement;
      const post = active?.closest<HTMLElement>(POST_SELECTOR) ?? null;
      const { shortcut, afterG: waiting } = shortcutFor(event, {
        typing: isTyping(active),
        dialogOpen: document.querySelector('[aria-modal="true"]') !== null,
        inPost: post !== null,
        onPost: post !== null && post === active,
        afterG: Date.now() - afterG.current < G_SEQUENCE_MS,
      });
      afterG.current = waiting ? Date.now() : 0;
      if (!shortcut) return;
      event.preventDefault();
      const session = useSession.getState();
      switch (shortcut.kind) {
        case 'move':
          movePost(shortcut.step, post);
          break;
        case 'post':
          if (post) actOnPost(post, shortcut.action);
          break;
        case 'newPost':
          if (session.status === 'signedIn') useModals.getState().openComposer({ kind: 'new' });
          break;
        case 'search': {
          const field = document.querySelector<HTMLElement>('form[role="search"] input');
          if (field) field.focus();
          else navigate('/search');
          break;
        }
        case 'go': {
          const path = pathOf(shortcut.to, session.user?.username);
          if (path) navigate(path);
          break;
        }
        case 'help':
          setHelpOpen(true);
          break;
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return helpOpen ? (
    <Suspense fallback={null}>
      <KeyHelpDialog onClose={() => setHelpOpen(false)} />
    </Suspense>
  ) : null;
}
