/**
 * The reading keys (issue 11, "Reading by keyboard"): which key does what, decided from the key
 * and where the focus is. Pure, so the rule is tested directly; the app acts on the result.
 */

export type PostAction = 'reply' | 'favourite' | 'repeat' | 'open' | 'expand' | 'menu';
export type Destination = 'home' | 'notifications' | 'public';

export type Shortcut =
  | { kind: 'move'; step: 1 | -1 }
  | { kind: 'post'; action: PostAction }
  | { kind: 'newPost' }
  | { kind: 'search' }
  | { kind: 'go'; to: Destination }
  | { kind: 'help' };

export interface KeyInput {
  key: string;
  /** The physical key ("KeyN"): Alt+N types another character on some layouts. */
  code?: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

export interface FocusFacts {
  /** The focus is in a text field, a select or an editable element. */
  typing: boolean;
  /** A modal dialog is open: its own keys apply, not these. */
  dialogOpen: boolean;
  /** The focus is on a post or on a control inside one. */
  inPost: boolean;
  /** The focus is on the post itself (Enter on a button inside presses the button). */
  onPost: boolean;
  /** 'g' was pressed just before: the next key picks a destination. */
  afterG: boolean;
}

export interface ShortcutResult {
  shortcut: Shortcut | null;
  /** Whether the next key completes a 'g' sequence. */
  afterG: boolean;
}

/** How long after 'g' the second key of the sequence is awaited. */
export const G_SEQUENCE_MS = 1500;

const POST_KEYS: Readonly<Record<string, PostAction>> = {
  r: 'reply',
  f: 'favourite',
  b: 'repeat',
  x: 'expand',
  m: 'menu',
};

const DESTINATIONS: Readonly<Record<string, Destination>> = {
  h: 'home',
  n: 'notifications',
  p: 'public',
};

const none = (afterG = false): ShortcutResult => ({ shortcut: null, afterG });
const found = (shortcut: Shortcut): ShortcutResult => ({ shortcut, afterG: false });

/** What a key press does, or null when it is left to the browser and the focused control. */
export function shortcutFor(input: KeyInput, focus: FocusFacts): ShortcutResult {
  if (focus.typing || focus.dialogOpen || input.ctrlKey || input.metaKey) return none();
  if (input.altKey) {
    return input.code === 'KeyN' || input.key.toLowerCase() === 'n'
      ? found({ kind: 'newPost' })
      : none();
  }
  const key = input.key;
  if (focus.afterG) {
    const to = DESTINATIONS[key];
    return to ? found({ kind: 'go', to }) : none();
  }
  switch (key) {
    case 'g':
      return none(true);
    case 'j':
      return found({ kind: 'move', step: 1 });
    case 'k':
      return found({ kind: 'move', step: -1 });
    // Away from the posts the page keys scroll the page as usual.
    case 'PageDown':
      return focus.inPost ? found({ kind: 'move', step: 1 }) : none();
    case 'PageUp':
      return focus.inPost ? found({ kind: 'move', step: -1 }) : none();
    case 'Enter':
      return focus.onPost ? found({ kind: 'post', action: 'open' }) : none();
    case 'n':
      return found({ kind: 'newPost' });
    case '/':
      return found({ kind: 'search' });
    case '?':
      return found({ kind: 'help' });
  }
  const action = POST_KEYS[key];
  return action && focus.inPost ? found({ kind: 'post', action }) : none();
}

/** The keys as the help dialog lists them, in groups. */
export const SHORTCUT_HELP: readonly {
  group: 'reading' | 'post' | 'go';
  items: readonly { keys: readonly (readonly string[])[]; what: string }[];
}[] = [
  {
    group: 'reading',
    items: [
      { keys: [['j'], ['PageDown']], what: 'next' },
      { keys: [['k'], ['PageUp']], what: 'previous' },
      { keys: [['.']], what: 'show_new' },
      { keys: [['n'], ['Alt', 'N']], what: 'new_post' },
      { keys: [['/']], what: 'search' },
      { keys: [['?']], what: 'help' },
    ],
  },
  {
    group: 'post',
    items: [
      { keys: [['r']], what: 'reply' },
      { keys: [['f']], what: 'favourite' },
      { keys: [['b']], what: 'repeat' },
      { keys: [['Enter']], what: 'open' },
      { keys: [['x']], what: 'expand' },
      { keys: [['m']], what: 'menu' },
    ],
  },
  {
    group: 'go',
    items: [
      { keys: [['g', 'h']], what: 'home' },
      { keys: [['g', 'n']], what: 'notifications' },
      { keys: [['g', 'p']], what: 'public' },
    ],
  },
];
