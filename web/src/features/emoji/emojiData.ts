import type { InstanceEmoji } from '../../state/customEmoji.ts';

/**
 * Emoji data for the picker and the autocomplete (spec part 2, §3). Unicode emoji and their
 * annotations come from emojibase and are loaded on demand, in chunks of their own, never with the
 * start-up bundle; a failure to load them is only logged (§8).
 */

export const UNICODE_GROUPS = [
  'smileys-and-emotion',
  'people-and-body',
  'animals-and-nature',
  'food-and-drink',
  'travel-and-places',
  'activities',
  'objects',
  'symbols',
  'flags',
] as const;

export type UnicodeGroupKey = (typeof UNICODE_GROUPS)[number];

/** emojibase's group numbers; 2 (skin-tone and hair components) is left out. */
const EMOJIBASE_GROUPS: Record<number, UnicodeGroupKey> = {
  0: 'smileys-and-emotion',
  1: 'people-and-body',
  3: 'animals-and-nature',
  4: 'food-and-drink',
  5: 'travel-and-places',
  6: 'activities',
  7: 'objects',
  8: 'symbols',
  9: 'flags',
};

export interface UnicodeEmoji {
  unicode: string;
  /** The emoji's annotation (CLDR name) in the loaded language. */
  name: string;
  /** Names to type after a colon, without colons (English, whatever the interface language). */
  shortcodes: string[];
  /** Search keywords in the loaded language. */
  keywords: string[];
  group: UnicodeGroupKey;
}

/** The one emojibase row shape read here (its compact.json). */
interface CompactRow {
  hexcode: string;
  label: string;
  unicode: string;
  group?: number;
  order?: number;
  tags?: string[];
}

type ShortcodeMap = Record<string, string | string[]>;
type Loader<T> = () => Promise<T>;

const FALLBACK_LANGUAGE = 'en';

// One lazy loader per emojibase language; Vite turns each into its own chunk.
const COMPACT_DATA = import.meta.glob<unknown>(
  '../../../../node_modules/emojibase-data/*/compact.json',
  { import: 'default', exhaustive: true },
);

const loadShortcodes: Loader<unknown> = () =>
  import('emojibase-data/en/shortcodes/emojibase.json').then((module) => module.default);

function loaderFor(language: string): Loader<unknown> | undefined {
  return COMPACT_DATA[`../../../../node_modules/emojibase-data/${language}/compact.json`];
}

/**
 * The emojibase language for an interface language: 'zh_Hant' -> 'zh-hant', 'pt-BR' -> 'pt',
 * 'ja_easy' -> 'ja'; anything unknown -> 'en'.
 */
export function emojibaseLanguage(language: string): string {
  const normalized = language.trim().toLowerCase().replace(/_/g, '-');
  if (loaderFor(normalized)) return normalized;
  const base = normalized.split('-')[0] ?? '';
  return loaderFor(base) ? base : FALLBACK_LANGUAGE;
}

/** The interface language as the document states it (the shell sets <html lang>). */
export function interfaceLanguage(): string {
  return (typeof document !== 'undefined' && document.documentElement.lang) || FALLBACK_LANGUAGE;
}

function isCompactRow(row: unknown): row is CompactRow {
  if (!row || typeof row !== 'object') return false;
  const r = row as Record<string, unknown>;
  return typeof r.hexcode === 'string' && typeof r.unicode === 'string';
}

function asList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * The fully-qualified form Pleroma keys reactions by: emojibase adds U+FE0F even after characters
 * that are emoji-style already (😐️); only text-style ones keep it (☺️, ❤️).
 */
export function fullyQualified(unicode: string): string {
  return unicode.replace(/(\p{Emoji_Presentation})\uFE0F/gu, '$1');
}

/** Turns emojibase rows into picker emoji: components, skin tones and ungrouped rows dropped. */
export function toUnicodeEmoji(rows: unknown, shortcodes: ShortcodeMap): UnicodeEmoji[] {
  if (!Array.isArray(rows)) return [];
  return rows
    .filter(isCompactRow)
    .filter((row) => row.group !== undefined && EMOJIBASE_GROUPS[row.group])
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((row) => ({
      unicode: fullyQualified(row.unicode),
      name: typeof row.label === 'string' ? row.label : '',
      shortcodes: asList(shortcodes[row.hexcode]),
      keywords: Array.isArray(row.tags) ? row.tags.filter((tag) => typeof tag === 'string') : [],
      group: EMOJIBASE_GROUPS[row.group ?? -1] as UnicodeGroupKey,
    }));
}

let shortcodesPromise: Promise<ShortcodeMap> | null = null;

function shortcodeMap(): Promise<ShortcodeMap> {
  shortcodesPromise ??= loadShortcodes().then(
    (data) => (data && typeof data === 'object' ? (data as ShortcodeMap) : {}),
    (error: unknown) => {
      shortcodesPromise = null;
      console.warn('emoji shortcodes could not be loaded', error);
      return {};
    },
  );
  return shortcodesPromise;
}

const cache = new Map<string, Promise<UnicodeEmoji[]>>();

/**
 * Every unicode emoji with its annotations in the given language (falling back to English),
 * loaded once per language. Never rejects: a failure is logged and gives English, or nothing.
 */
export function loadUnicodeEmoji(language: string): Promise<UnicodeEmoji[]> {
  const resolved = emojibaseLanguage(language);
  const cached = cache.get(resolved);
  if (cached) return cached;
  const loader = loaderFor(resolved);
  const promise = Promise.all([loader ? loader() : Promise.resolve([]), shortcodeMap()]).then(
    ([rows, shortcodes]) => toUnicodeEmoji(rows, shortcodes),
    (error: unknown) => {
      cache.delete(resolved);
      console.warn(`emoji annotations for ${resolved} could not be loaded`, error);
      return resolved === FALLBACK_LANGUAGE ? [] : loadUnicodeEmoji(FALLBACK_LANGUAGE);
    },
  );
  cache.set(resolved, promise);
  return promise;
}

export interface CustomEmojiGroup {
  /** Stable id for keys and element ids. */
  id: string;
  /** The pack (or category) name; null for custom emoji without one ("Custom"). */
  pack: string | null;
  emojis: InstanceEmoji[];
}

const PACK_TAG = 'pack:';

/** A custom emoji's pack: its first `pack:` tag, else its first tag (a category), else none. */
function packOf(emoji: InstanceEmoji): string | null {
  const packTag = emoji.tags.find((tag) => tag.startsWith(PACK_TAG));
  if (packTag) return packTag.slice(PACK_TAG.length) || null;
  return emoji.tags.find((tag) => tag.trim() !== '') ?? null;
}

/** Custom emoji grouped by pack, in the order packs first appear; unpacked ones last. */
export function customEmojiGroups(emojis: readonly InstanceEmoji[]): CustomEmojiGroup[] {
  const groups = new Map<string | null, InstanceEmoji[]>();
  for (const emoji of emojis) {
    const pack = packOf(emoji);
    const list = groups.get(pack);
    if (list) list.push(emoji);
    else groups.set(pack, [emoji]);
  }
  const named = [...groups].filter(([pack]) => pack !== null);
  const unpacked = groups.get(null);
  return [
    ...named.map(([pack, list]) => ({ id: `custom-${pack}`, pack, emojis: list })),
    ...(unpacked ? [{ id: 'custom', pack: null, emojis: unpacked }] : []),
  ];
}
