import { escapeHtml } from '../html.ts';
import { formatPlainText, type FormattedText, type MentionTarget } from '../text.ts';
import { bbcodeToHtml } from './bbcode.ts';
import { markdownToHtml } from './markdown.ts';
import { htmlToPlainText, sanitizeHtml } from './sanitize.ts';

/** The post formats the instance accepts (advertised as pleroma.metadata.post_formats). */
export const POST_FORMATS = ['text/plain', 'text/html', 'text/markdown', 'text/bbcode'] as const;
export type PostFormat = (typeof POST_FORMATS)[number];
export const DEFAULT_POST_FORMAT: PostFormat = 'text/plain';

export function isPostFormat(value: string): value is PostFormat {
  return (POST_FORMATS as readonly string[]).includes(value);
}

function richToHtml(text: string, format: Exclude<PostFormat, 'text/plain'>): string {
  if (format === 'text/markdown') return markdownToHtml(text);
  if (format === 'text/bbcode') return bbcodeToHtml(text);
  return text;
}

/**
 * Renders a post's source in its format to safe HTML. Every format ends in the same scrubber;
 * mentions (that resolve), hashtags and bare URLs are linked in text outside links and code,
 * exactly as in plain text. Custom emoji shortcodes stay as text.
 */
export function formatPost(
  source: string,
  format: PostFormat,
  resolveMention: (acct: string) => MentionTarget | undefined,
): FormattedText {
  const text = source.split('\u0001').join('');
  if (format === 'text/plain') {
    const plain = formatPlainText(text, resolveMention);
    return { ...plain, html: sanitizeHtml(plain.html, { trustOriginMarker: true }) };
  }
  const mentions = new Map<string, MentionTarget>();
  const tags = new Map<string, string>();
  const html = sanitizeHtml(richToHtml(text, format), {
    text: (value, plain) => {
      if (!plain) return escapeHtml(value);
      const linked = formatPlainText(value, resolveMention, { lineBreaks: false });
      for (const m of linked.mentions) mentions.set(m.id, m);
      for (const t of linked.tags) if (!tags.has(t.toLowerCase())) tags.set(t.toLowerCase(), t);
      return linked.html;
    },
  });
  return { html, mentions: [...mentions.values()], tags: [...tags.values()] };
}

/**
 * The plain text of a stored post, as Pleroma's `pleroma.content["text/plain"]`: the source itself
 * for plain text, the rendered HTML without its markup for the rich formats.
 */
export function postPlainText(source: string, html: string, format: string): string {
  return format === 'text/plain' || !isPostFormat(format) ? source : htmlToPlainText(html);
}
