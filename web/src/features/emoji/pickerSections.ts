import '../../i18n/parts/emoji.ts';
import { t } from '../../i18n/index.ts';
import { emojiScore } from '../../lib/autocomplete.ts';
import { safeMediaUrl } from '../../lib/gallery.ts';
import type { InstanceEmoji } from '../../state/customEmoji.ts';
import type { RecentEmoji } from '../../state/recentEmoji.ts';
import {
  customEmojiGroups,
  UNICODE_GROUPS,
  type UnicodeEmoji,
  type UnicodeGroupKey,
} from './emojiData.ts';
import { customEmojiMatches, unicodeEmojiMatches } from './emojiSearch.ts';

/** One emoji button in the picker. */
export interface PickerCell {
  /** Search score (spec part 2, §9 emoji scoring); 0 when there is no search. */
  score?: number;
  key: string;
  /** What picking inserts: the unicode character or `:shortcode:`. */
  text: string;
  /** Accessible name: the annotation, or `:shortcode:`. */
  label: string;
  imageUrl: string | null;
}

export interface PickerSection {
  id: string;
  label: string;
  /** A unicode character or an image standing for the group on its navigation button. */
  icon: { glyph: string } | { imageUrl: string | null };
  cells: PickerCell[];
}

const GROUP_ICONS: Record<UnicodeGroupKey, string> = {
  'smileys-and-emotion': '😀',
  'people-and-body': '👋',
  'animals-and-nature': '🐻',
  'food-and-drink': '🍔',
  'travel-and-places': '🚗',
  activities: '⚽',
  objects: '💡',
  symbols: '🔣',
  flags: '🏁',
};

function customCell(emoji: InstanceEmoji, needle: string): PickerCell {
  const name = `:${emoji.shortcode}:`;
  const imageUrl = safeMediaUrl(emoji.url);
  const score = needle ? emojiScore(needle, emoji.shortcode, true) : 0;
  return { key: name, text: name, label: name, imageUrl, score };
}

function unicodeCell(emoji: UnicodeEmoji, needle: string): PickerCell {
  const names = [...emoji.shortcodes, emoji.name];
  const score = needle
    ? Math.max(...names.filter(Boolean).map((name) => emojiScore(needle, name, false)))
    : 0;
  return {
    key: emoji.unicode,
    text: emoji.unicode,
    label: emoji.name || emoji.unicode,
    imageUrl: null,
    score,
  };
}

/** Best first while searching; the data's own order otherwise (the sort is stable). */
const byScore = (cells: PickerCell[]) => cells.sort((a, b) => (b.score ?? 0) - (a.score ?? 0));

/**
 * The picker's groups for a search: custom emoji groups first, then the nine unicode groups
 * (empty while their data loads). `needle` is a normalized query ('' shows everything).
 */
export function pickerSections(
  needle: string,
  custom: readonly InstanceEmoji[],
  unicode: readonly UnicodeEmoji[] | null,
  recent: readonly RecentEmoji[] = [],
): PickerSection[] {
  const customSections = customEmojiGroups(
    custom.filter((emoji) => customEmojiMatches(needle, emoji)),
  ).map((group) => ({
    id: group.id,
    label: group.pack ?? t('emoji.custom'),
    icon: { imageUrl: safeMediaUrl(group.emojis[0]?.url) },
    cells: byScore(group.emojis.map((emoji) => customCell(emoji, needle))),
  }));
  const byGroup = new Map<UnicodeGroupKey, PickerCell[]>(UNICODE_GROUPS.map((key) => [key, []]));
  for (const emoji of unicode ?? []) {
    if (unicodeEmojiMatches(needle, emoji))
      byGroup.get(emoji.group)?.push(unicodeCell(emoji, needle));
  }
  const unicodeSections = UNICODE_GROUPS.map((key) => ({
    id: key,
    label: t(`emoji.groups.${key}`),
    icon: { glyph: GROUP_ICONS[key] },
    cells: byScore(byGroup.get(key) ?? []),
  }));
  // While searching, the custom group holding the best match comes first.
  const best = (section: PickerSection) => Math.max(...section.cells.map((c) => c.score ?? 0));
  if (needle) customSections.sort((a, b) => best(b) - best(a));
  // Recently used come first when not searching, as cells of the same grid as every other group.
  const recentSections: PickerSection[] =
    !needle && recent.length > 0
      ? [
          {
            id: 'recent',
            label: t('emoji.recent'),
            icon: { glyph: '🕘' },
            cells: recent.map((emoji) => ({ ...emoji, key: `recent:${emoji.text}` })),
          },
        ]
      : [];
  return [...recentSections, ...customSections, ...unicodeSections];
}
