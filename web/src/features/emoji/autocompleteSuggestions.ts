import { MAX_SUGGESTIONS, scoreUsers, type TriggerKind } from '../../lib/autocomplete.ts';
import { safeMediaUrl } from '../../lib/gallery.ts';
import { safeHttpUrl } from '../../lib/safeUrl.ts';
import { suggestEmoji, type EmojiSuggestion } from './emojiSearch.ts';

export interface SuggestedUser {
  id: string;
  /** The account handle: `name` for local users, `name@host` for remote ones. */
  screenName: string;
  name: string;
  avatar: string;
}

/** One row of the suggestion list. */
export interface Suggestion {
  key: string;
  replacement: string;
  primary: string;
  secondary: string | null;
  imageUrl: string | null;
  glyph: string | null;
}

export const withoutHash = (tag: string) => tag.replace(/^#/, '');

export interface SuggestionData {
  emojiList: readonly EmojiSuggestion[];
  knownUsers: readonly SuggestedUser[];
  hashtags: readonly string[];
}

/** The suggestions shown for a completed word: at most MAX_SUGGESTIONS, best first. */
export function suggestionsFor(
  kind: TriggerKind,
  query: string,
  { emojiList, knownUsers, hashtags }: SuggestionData,
): Suggestion[] {
  if (kind === 'emoji') {
    return suggestEmoji(query, emojiList).map((emoji) => ({
      key: `${emoji.replacement} ${emoji.displayText}`,
      replacement: emoji.replacement,
      primary: `:${emoji.displayText}:`,
      secondary: emoji.imageUrl ? null : emoji.description,
      imageUrl: emoji.imageUrl ? safeMediaUrl(emoji.imageUrl) : null,
      glyph: emoji.imageUrl ? null : emoji.replacement,
    }));
  }
  if (kind === 'user') {
    return scoreUsers(query, knownUsers)
      .slice(0, MAX_SUGGESTIONS)
      .map((user) => ({
        key: user.id,
        replacement: `@${user.screenName}`,
        primary: user.name || user.screenName,
        secondary: `@${user.screenName}`,
        imageUrl: safeHttpUrl(user.avatar),
        glyph: null,
      }));
  }
  const needle = query.toLowerCase();
  return hashtags
    .filter((tag) => tag.toLowerCase().startsWith(needle))
    .slice(0, MAX_SUGGESTIONS)
    .map((tag) => ({
      key: tag,
      replacement: `#${tag}`,
      primary: `#${tag}`,
      secondary: null,
      imageUrl: null,
      glyph: null,
    }));
}
