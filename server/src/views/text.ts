import { ORIGIN_MARKER, escapeHtml } from './html.ts';

/**
 * Turns a plain-text post or bio into Pleroma-style HTML: escaped text, <br/> for newlines,
 * links for URLs, @mentions (only those that resolve) and #hashtags. Custom emoji shortcodes stay
 * as text in the HTML; the `emojis` list next to it tells clients which images to show.
 */
export interface MentionTarget {
  id: string;
  nickname: string;
  acct: string;
  url: string;
}

export interface FormattedText {
  html: string;
  mentions: MentionTarget[];
  /** Hashtag names as written (case kept), without '#', deduplicated case-insensitively. */
  tags: string[];
}

const TOKEN = new RegExp(
  [
    String.raw`(?<url>https?:\/\/[^\s<>"']+)`,
    String.raw`(?<=^|[^\w@/.])@(?<mention>[A-Za-z0-9_]+(?:@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)?)`,
    String.raw`(?<=^|[^\w&/#])#(?<tag>[\p{L}\p{N}_]*[\p{L}_][\p{L}\p{N}_]*)`,
  ].join('|'),
  'gu',
);

export const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

function textToHtml(text: string, lineBreaks = true): string {
  const escaped = escapeHtml(text);
  return lineBreaks ? escaped.replace(/\r\n|\r|\n/g, '<br/>') : escaped;
}

/**
 * `lineBreaks: false` keeps newlines as they are: used for text nodes inside rich-text HTML,
 * whose renderer already placed its own line breaks.
 */
export function formatPlainText(
  source: string,
  resolveMention: (acct: string) => MentionTarget | undefined,
  options: { lineBreaks?: boolean } = {},
): FormattedText {
  const lineBreaks = options.lineBreaks ?? true;
  const text = source.split('\u0001').join('');
  const mentions = new Map<string, MentionTarget>();
  const tags = new Map<string, string>();
  let html = '';
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const groups = match.groups ?? {};
    let token = match[0];
    let replacement: string | null = null;
    if (groups.url) {
      token = groups.url.replace(TRAILING_PUNCTUATION, '');
      const href = escapeHtml(token);
      replacement = `<a href="${href}" rel="ugc">${href}</a>`;
    } else if (groups.mention) {
      const target = resolveMention(groups.mention);
      if (target) {
        mentions.set(target.id, target);
        replacement =
          `<span class="h-card"><a class="u-url mention" data-user="${escapeHtml(target.id)}" ` +
          `href="${escapeHtml(target.url)}" rel="ugc">@<span>${escapeHtml(target.nickname)}</span></a></span>`;
      }
    } else if (groups.tag) {
      const name = groups.tag;
      if (!tags.has(name.toLowerCase())) tags.set(name.toLowerCase(), name);
      replacement =
        `<a class="hashtag" data-tag="${escapeHtml(name.toLowerCase())}" ` +
        `href="${ORIGIN_MARKER}/tag/${encodeURIComponent(name.toLowerCase())}" rel="tag ugc">#${escapeHtml(name)}</a>`;
    }
    if (replacement === null) continue;
    const start = match.index ?? 0;
    html += textToHtml(text.slice(last, start), lineBreaks) + replacement;
    last = start + token.length;
  }
  html += textToHtml(text.slice(last), lineBreaks);
  return { html, mentions: [...mentions.values()], tags: [...tags.values()] };
}

/** Escapes and links URLs only (profile field values). */
export function linkifyPlain(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index ?? 0;
    const href = escapeHtml(url);
    html +=
      textToHtml(text.slice(last, start)) +
      `<a href="${href}" rel="me nofollow noopener noreferrer">${href}</a>`;
    last = start + url.length;
  }
  return html + textToHtml(text.slice(last));
}

const SHORTCODE = /:([A-Za-z0-9_+-]+):/g;

export function shortcodesIn(...texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(SHORTCODE)) found.add(m[1]!);
  return [...found];
}
