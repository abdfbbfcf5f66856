import { t } from '../../i18n/index.ts';
import { safeMediaUrl } from '../../lib/gallery.ts';
import type { InstanceEmoji } from '../../state/customEmoji.ts';
import {
  customEmojiGroups,
  UNICODE_GROUPS,
  type UnicodeEmoji,
  type UnicodeGroupKey,
} from './emojiData.ts';
import { customEmojiMatches, unicodeEmojiMatches } from './emojiSearch.ts';

/** One emoji button in the picker. */
export interface PickerCell {
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

function customCell(emoji: InstanceEmoji): PickerCell {
  const name = `:${emoji.shortcode}:`;
  return { key: name, text: name, label: name, imageUrl: safeMediaUrl(emoji.url) };
}

function unicodeCell(emoji: UnicodeEmoji): PickerCell {
  return {
    key: emoji.unicode,
    text: emoji.unicode,
    label: emoji.name || emoji.unicode,
    imageUrl: null,
  };
}

/**
 * The picker's groups for a search: custom emoji groups first, then the nine unicode groups
 * (empty while their data loads). `needle` is a normalized query ('' shows everything).
 */
export function pickerSections(
  needle: string,
  custom: readonly InstanceEmoji[],
  unicode: readonly UnicodeEmoji[] | null,
): PickerSection[] {
  const customSections = customEmojiGroups(
    custom.filter((emoji) => customEmojiMatches(needle, emoji)),
  ).map((group) => ({
    id: group.id,
    label: group.pack ?? t('emoji.custom'),
    icon: { imageUrl: safeMediaUrl(group.emojis[0]?.url) },
    cells: group.emojis.map(customCell),
  }));
  const byGroup = new Map<UnicodeGroupKey, PickerCell[]>(UNICODE_GROUPS.map((key) => [key, []]));
  for (const emoji of unicode ?? []) {
    if (unicodeEmojiMatches(needle, emoji)) byGroup.get(emoji.group)?.push(unicodeCell(emoji));
  }
  const unicodeSections = UNICODE_GROUPS.map((key) => ({
    id: key,
    label: t(`emoji.groups.${key}`),
    icon: { glyph: GROUP_ICONS[key] },
    cells: byGroup.get(key) ?? [],
  }));
  return [...customSections, ...unicodeSections];
}
