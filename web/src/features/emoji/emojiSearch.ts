import { MAX_SUGGESTIONS, scoreEmoji } from '../../lib/autocomplete.ts';
import type { InstanceEmoji } from '../../state/customEmoji.ts';
import type { UnicodeEmoji } from './emojiData.ts';

/** What a search box or a `:word` asks for: lower case, without surrounding colons. */
export function normalizeEmojiQuery(query: string): string {
  return query
    .trim()
    .toLowerCase()
    .replace(/^:+|:+$/g, '');
}

/** A custom emoji matches by shortcode or tag. */
export function customEmojiMatches(needle: string, emoji: InstanceEmoji): boolean {
  return (
    !needle ||
    emoji.shortcode.toLowerCase().includes(needle) ||
    emoji.tags.some((tag) => tag.toLowerCase().includes(needle))
  );
}

/** A unicode emoji matches by shortcode, annotation or keyword (in the loaded language). */
export function unicodeEmojiMatches(needle: string, emoji: UnicodeEmoji): boolean {
  return (
    !needle ||
    emoji.unicode === needle ||
    emoji.name.toLowerCase().includes(needle) ||
    emoji.shortcodes.some((code) => code.includes(needle)) ||
    emoji.keywords.some((word) => word.toLowerCase().includes(needle))
  );
}

export interface EmojiSuggestion {
  /** The name typed after the colon. */
  displayText: string;
  /** The custom emoji's image; null for unicode emoji. */
  imageUrl: string | null;
  /** What goes into the text: `:shortcode:` or the unicode character. */
  replacement: string;
  /** The annotation of a unicode emoji, for its accessible name. */
  description: string;
}

/** One candidate per custom shortcode and per unicode shortcode, for the `:word` autocomplete. */
export function emojiCandidates(
  custom: readonly InstanceEmoji[],
  unicode: readonly UnicodeEmoji[],
): EmojiSuggestion[] {
  return [
    ...custom.map((emoji) => ({
      displayText: emoji.shortcode,
      imageUrl: emoji.url,
      replacement: `:${emoji.shortcode}:`,
      description: `:${emoji.shortcode}:`,
    })),
    ...unicode.flatMap((emoji) =>
      emoji.shortcodes.map((code) => ({
        displayText: code,
        imageUrl: null,
        replacement: emoji.unicode,
        description: emoji.name,
      })),
    ),
  ];
}

/** The best few candidates for a query, each emoji once (a unicode emoji has several names). */
export function suggestEmoji(
  query: string,
  candidates: readonly EmojiSuggestion[],
  limit = MAX_SUGGESTIONS,
): EmojiSuggestion[] {
  const seen = new Set<string>();
  const out: EmojiSuggestion[] = [];
  for (const candidate of scoreEmoji(normalizeEmojiQuery(query), candidates)) {
    if (seen.has(candidate.replacement)) continue;
    seen.add(candidate.replacement);
    out.push(candidate);
    if (out.length >= limit) break;
  }
  return out;
}
