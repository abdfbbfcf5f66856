import { ORIGIN_MARKER, escapeHtml } from '../html.ts';
import { tokenizeHtml, type HtmlToken } from './html-tokens.ts';

/**
 * The one allow-list scrubber every post format ends in. Tags outside the list are unwrapped
 * (their text kept), a few (svg, object, ...) are dropped with their content, every attribute
 * outside the list is dropped, links keep only http(s) and mailto targets, and class keeps only
 * the microformat names Pleroma keeps. The output is well-formed: every tag it opens it closes.
 */

const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'a',
  'span',
  'em',
  'strong',
  'b',
  'i',
  'del',
  's',
  'u',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);

/** Dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  'svg',
  'math',
  'template',
  'object',
  'applet',
  'select',
  'head',
  'audio',
  'video',
  'canvas',
  'map',
]);

const VOID_TAGS = new Set(['br']);

const ALLOWED_CLASSES = new Set(['h-card', 'mention', 'hashtag', 'u-url', 'greentext', 'cyantext']);
const ALLOWED_REL = new Set(['ugc', 'tag', 'nofollow', 'noopener', 'noreferrer', 'me']);
const SAFE_URL = /^(https?:\/\/|mailto:)/i;

/** Text inside these is never turned into links, mentions or hashtags. */
const NO_LINKIFY = new Set(['a', 'code', 'pre']);

/** Deeper nesting than this is flattened (tags unwrapped), keeping the output small and flat. */
const MAX_NESTING = 48;

export interface SanitizeOptions {
  /**
   * Renders a text node (already entity-decoded). `plain` is true when the text is not inside a
   * link or code, i.e. where mentions, hashtags and URLs may be linked. Default: escaped text.
   */
  text?: (text: string, plain: boolean) => string;
  /**
   * Accept links to the instance's own origin marker. Only for HTML the server generated itself
   * (the plain-text formatter); user input never carries the marker.
   */
  trustOriginMarker?: boolean;
}

function safeHref(value: string, trustOriginMarker: boolean): boolean {
  if (trustOriginMarker && value.startsWith(`${ORIGIN_MARKER}/`)) return true;
  if (!SAFE_URL.test(value)) return false;
  for (let i = 0; i < value.length; i++) if (value.charCodeAt(i) < 0x20) return false;
  return true;
}

function attributesFor(
  tag: string,
  attrs: [string, string][],
  trustOriginMarker: boolean,
): string | null {
  const kept: string[] = [];
  let hasHref = false;
  let hasRel = false;
  for (const [name, value] of attrs) {
    if (name === 'class' && (tag === 'a' || tag === 'span')) {
      const classes = value.split(/\s+/).filter((c) => ALLOWED_CLASSES.has(c));
      if (classes.length > 0) kept.push(`class="${escapeHtml(classes.join(' '))}"`);
    } else if (tag === 'a' && name === 'href') {
      if (hasHref || !safeHref(value, trustOriginMarker)) continue;
      hasHref = true;
      kept.push(`href="${escapeHtml(value)}"`);
    } else if (tag === 'a' && name === 'rel') {
      const rel = value.split(/\s+/).filter((r) => ALLOWED_REL.has(r.toLowerCase()));
      if (rel.length > 0) {
        hasRel = true;
        kept.push(`rel="${escapeHtml(rel.join(' ').toLowerCase())}"`);
      }
    } else if (tag === 'a' && (name === 'data-user' || name === 'data-tag')) {
      kept.push(`${name}="${escapeHtml(value)}"`);
    } else if (tag === 'ol' && name === 'start' && /^\d{1,9}$/.test(value)) {
      kept.push(`start="${value}"`);
    }
  }
  if (tag === 'a') {
    if (!hasHref) return null;
    if (!hasRel) kept.push('rel="ugc"');
  }
  return kept.length > 0 ? ` ${kept.join(' ')}` : '';
}

interface OpenTag {
  name: string;
  emitted: boolean;
}

export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  const trust = options.trustOriginMarker ?? false;
  const source = trust ? html : html.split('\u0001').join('');
  const renderText = options.text ?? ((text: string) => escapeHtml(text));
  const stack: OpenTag[] = [];
  let dropping: { name: string; depth: number } | null = null;
  let noLinkify = 0;
  let out = '';

  const close = (entry: OpenTag) => {
    if (!entry.emitted) return;
    out += `</${entry.name}>`;
    if (NO_LINKIFY.has(entry.name)) noLinkify--;
  };

  for (const token of tokenizeHtml(source) as HtmlToken[]) {
    if (dropping) {
      if (token.kind === 'open' && token.name === dropping.name && !token.selfClosing)
        dropping.depth++;
      if (token.kind === 'close' && token.name === dropping.name && --dropping.depth === 0)
        dropping = null;
      continue;
    }
    if (token.kind === 'text') {
      out += renderText(token.text, noLinkify === 0);
      continue;
    }
    if (token.kind === 'open') {
      const { name } = token;
      if (DROPPED_WITH_CONTENT.has(name)) {
        if (!token.selfClosing) dropping = { name, depth: 1 };
        continue;
      }
      if (!ALLOWED_TAGS.has(name)) continue;
      if (VOID_TAGS.has(name)) {
        out += `<${name}/>`;
        continue;
      }
      if (token.selfClosing) continue;
      const nestedLink = name === 'a' && stack.some((e) => e.name === 'a' && e.emitted);
      const attrs =
        nestedLink || stack.length >= MAX_NESTING ? null : attributesFor(name, token.attrs, trust);
      const entry: OpenTag = { name, emitted: attrs !== null };
      stack.push(entry);
      if (entry.emitted) {
        out += `<${name}${attrs}>`;
        if (NO_LINKIFY.has(name)) noLinkify++;
      }
      continue;
    }
    // A closing tag closes its nearest open match and whatever was left open inside it.
    let index = -1;
    for (let k = stack.length - 1; k >= 0; k--) {
      if (stack[k]!.name === token.name) {
        index = k;
        break;
      }
    }
    if (index < 0) continue;
    while (stack.length > index) close(stack.pop()!);
  }
  while (stack.length > 0) close(stack.pop()!);
  return out;
}

const BLOCK_ENDS = new Set(['p', 'li', 'blockquote', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** The text a reader sees: tags removed, line breaks and paragraph ends as newlines. */
export function htmlToPlainText(html: string): string {
  let out = '';
  for (const token of tokenizeHtml(html.split('\u0001').join(''))) {
    if (token.kind === 'text') out += token.text;
    else if (token.kind === 'open' && token.name === 'br') out += '\n';
    else if (token.kind === 'close' && BLOCK_ENDS.has(token.name)) out += '\n\n';
  }
  return out.replace(/\n{3,}/g, '\n\n').trim();
}
