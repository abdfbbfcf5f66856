import type { CustomEmoji, EmojiMapEntry } from '../types.ts';
import { logSkip } from '../log.ts';
import {
  bool,
  entitySchema,
  nstr,
  obj,
  opt,
  reject,
  report,
  strList,
  str,
  withReporter,
} from './fields.ts';
import { makeListParser, makeParser, type ParseOptions } from './parse.ts';

const raw = obj('CustomEmoji', {
  shortcode: str(),
  url: str(),
  static_url: str(),
  visible_in_picker: bool(true),
  category: opt(nstr()),
  tags: opt(strList()),
});

export const CustomEmojiSchema = entitySchema(raw, (r, ctx): CustomEmoji => {
  if (!r.shortcode || !r.url) return reject(ctx, 'custom emoji without shortcode or url');
  return {
    shortcode: r.shortcode,
    url: r.url,
    staticUrl: r.static_url || r.url,
    visibleInPicker: r.visible_in_picker,
    category: r.category,
    tags: r.tags,
  };
});

export const parseCustomEmoji = makeParser('CustomEmoji', CustomEmojiSchema);
export const parseCustomEmojiList = makeListParser('CustomEmoji', CustomEmojiSchema);

const mapEntry = obj('EmojiMap', {
  image_url: str(),
  tags: opt(strList()),
  // The OpenAPI example of Pleroma says "tag"; the controller says "tags".
  tag: opt(strList()),
});

/** Pleroma's GET /api/v1/pleroma/emoji (emoji.json): a map of shortcode -> {image_url, tags}. */
export function parseEmojiMap(raw: unknown, options?: ParseOptions): EmojiMapEntry[] {
  return withReporter(options?.onDefault, () => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      logSkip('EmojiMap', 'not an object', raw);
      report('EmojiMap');
      return [];
    }
    const out: EmojiMapEntry[] = [];
    for (const [shortcode, value] of Object.entries(raw)) {
      const parsed = mapEntry.safeParse(value);
      if (!parsed.success || !parsed.data.image_url) {
        logSkip('EmojiMap', `entry ${shortcode} has no image_url`, value);
        report('EmojiMap[]');
        continue;
      }
      const tags = parsed.data.tags.length ? parsed.data.tags : parsed.data.tag;
      out.push({ shortcode, imageUrl: parsed.data.image_url, tags });
    }
    return out;
  });
}
