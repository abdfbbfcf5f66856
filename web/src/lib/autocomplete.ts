/**
 * Autocomplete at the caret for the composer (spec part 2, §5 and §9): mentions, emoji shortcodes
 * and hashtags. Pure functions; the component lives in features/emoji/AutocompleteTextarea.
 */

/** Autocomplete starts only when the word at the caret is longer than one character. */
export const AUTOCOMPLETE_MIN_LENGTH = 2;
export const MAX_SUGGESTIONS = 5;
export const MAX_USER_MATCHES = 20;
export const USER_SEARCH_DEBOUNCE_MS = 300;
/** Hashtag search asks the server like the user search does, so it waits as long. */
export const HASHTAG_SEARCH_DEBOUNCE_MS = USER_SEARCH_DEBOUNCE_MS;
export const EMOJI_SEARCH_DEBOUNCE_MS = 500;
export const BLUR_HIDE_DELAY_MS = 200;

const USER_SCREEN_NAME_PREFIX_SCORE = 2;
const USER_NAME_PREFIX_SCORE = 1;
const EMOJI_EXACT_SCORE = 200;
const EMOJI_IMAGE_SCORE = 100;
const EMOJI_PREFIX_SCORE = 10;

const SPACE = /\s/;

export interface CaretWord {
  word: string;
  start: number;
  end: number;
}

/** The whitespace-delimited word touching the caret, or null when the caret touches none. */
export function wordAtCaret(text: string, caret: number): CaretWord | null {
  const at = Math.max(0, Math.min(caret, text.length));
  let start = at;
  while (start > 0 && !SPACE.test(text.charAt(start - 1))) start -= 1;
  let end = at;
  while (end < text.length && !SPACE.test(text.charAt(end))) end += 1;
  if (start === end) return null;
  return { word: text.slice(start, end), start, end };
}

export type TriggerKind = 'emoji' | 'user' | 'hashtag';

export interface Trigger {
  kind: TriggerKind;
  /** The word without its trigger character (and, for emoji, without a closing colon). */
  query: string;
}

const TRIGGERS: Record<string, TriggerKind> = { ':': 'emoji', '@': 'user', '#': 'hashtag' };

/** What a word asks to complete: `:smi` emoji, `@al` users, `#ta` hashtags; null otherwise. */
export function parseTrigger(word: string): Trigger | null {
  if (word.length < AUTOCOMPLETE_MIN_LENGTH) return null;
  const kind = TRIGGERS[word.charAt(0)];
  if (!kind) return null;
  let query = word.slice(1);
  if (kind === 'emoji' && query.endsWith(':')) query = query.slice(0, -1);
  return query ? { kind, query } : null;
}

/** A mention query naming a host (`name@host`) is matched only among users already known. */
export function isRemoteMentionQuery(query: string): boolean {
  return query.includes('@');
}

export interface ScorableUser {
  screenName: string;
  name: string;
}

/**
 * Users whose screen name or name starts with the query: a screen-name match scores 2, a name
 * match 1; ties go by name, then screen name. At most MAX_USER_MATCHES.
 */
export function scoreUsers<T extends ScorableUser>(query: string, users: readonly T[]): T[] {
  const needle = query.toLowerCase().replace(/^@/, '');
  const scored: { user: T; score: number }[] = [];
  for (const user of users) {
    const score =
      (user.screenName.toLowerCase().startsWith(needle) ? USER_SCREEN_NAME_PREFIX_SCORE : 0) +
      (user.name.toLowerCase().startsWith(needle) ? USER_NAME_PREFIX_SCORE : 0);
    if (score > 0) scored.push({ user, score });
  }
  return scored
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.user.name.localeCompare(b.user.name) ||
        a.user.screenName.localeCompare(b.user.screenName),
    )
    .slice(0, MAX_USER_MATCHES)
    .map(({ user }) => user);
}

export interface ScorableEmoji {
  /** The shortcode (custom emoji) or one of the names (unicode emoji), without colons. */
  displayText: string;
  imageUrl?: string | null;
}

/**
 * The spec's emoji score for one name against a lower-case needle: an exact name +200, having
 * an image (custom emoji) +100, a prefix match +10, minus the name's length.
 */
export function emojiScore(needle: string, name: string, hasImage: boolean): number {
  const text = name.toLowerCase();
  return (
    (text === needle ? EMOJI_EXACT_SCORE : 0) +
    (hasImage ? EMOJI_IMAGE_SCORE : 0) +
    (text.startsWith(needle) ? EMOJI_PREFIX_SCORE : 0) -
    text.length
  );
}

/** Emoji whose text contains the query (case-insensitive), best first by emojiScore. */
export function scoreEmoji<T extends ScorableEmoji>(query: string, emoji: readonly T[]): T[] {
  const needle = query.toLowerCase().replace(/^:|:$/g, '');
  const scored: { item: T; score: number }[] = [];
  for (const item of emoji) {
    const text = item.displayText.toLowerCase();
    if (!text.includes(needle)) continue;
    scored.push({ item, score: emojiScore(needle, text, Boolean(item.imageUrl)) });
  }
  return scored.sort((a, b) => b.score - a.score).map(({ item }) => item);
}

export interface TextWithCaret {
  text: string;
  caret: number;
}

/**
 * Replaces text[start, end) with the replacement followed by a space (unless a space already
 * follows) and puts the caret after that space, ready for the next word.
 */
export function replaceWord(
  text: string,
  start: number,
  end: number,
  replacement: string,
): TextWithCaret {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const spaced = SPACE.test(after.charAt(0)) ? replacement : `${replacement} `;
  // Either way one whitespace character follows the replacement; the caret goes past it.
  return { text: before + spaced + after, caret: before.length + replacement.length + 1 };
}

export interface CaretSelection {
  selectionStart: number | null;
  selectionEnd: number | null;
}

/**
 * Inserts text in place of the selection (at the end when there is none, e.g. the field was never
 * focused). With `pad` (the padEmoji preference, for custom emoji) a space is added on either side
 * where the neighbouring text is not already a space.
 */
export function insertAtCaret(
  selection: CaretSelection | null | undefined,
  value: string,
  insert: string,
  { pad = false }: { pad?: boolean } = {},
): { value: string; caret: number } {
  const start = clamp(selection?.selectionStart ?? value.length, value.length);
  const end = Math.max(start, clamp(selection?.selectionEnd ?? start, value.length));
  const before = value.slice(0, start);
  const after = value.slice(end);
  const spaceBefore = pad && before.length > 0 && !SPACE.test(before.slice(-1)) ? ' ' : '';
  const spaceAfter = pad && !SPACE.test(after.charAt(0)) ? ' ' : '';
  const inserted = spaceBefore + insert + spaceAfter;
  return { value: before + inserted + after, caret: before.length + inserted.length };
}

function clamp(position: number, length: number): number {
  return Math.max(0, Math.min(position, length));
}
