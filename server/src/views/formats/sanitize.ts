import scrub from 'sanitize-html';
import { ORIGIN_MARKER, escapeHtml } from '../html.ts';

/**
 * The one allow-list scrubber every post format ends in, on sanitize-html. Tags outside the list
 * are unwrapped (their text kept), a few (script, svg, object, ...) are dropped with their
 * content, every attribute outside the list is dropped, links keep only http(s) and mailto
 * targets, and class keeps only the microformat names Pleroma keeps. The output is well-formed.
 */

const ALLOWED_TAGS = [
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
];

/** Dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'title',
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
];

const ALLOWED_CLASSES = ['h-card', 'mention', 'hashtag', 'u-url', 'greentext', 'cyantext'];
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

/** sanitize-html hands text over escaped (&, < and > only); this undoes exactly that. */
const ESCAPED = { '&amp;': '&', '&lt;': '<', '&gt;': '>' } as const;
function unescapeText(text: string): string {
  return text.replace(/&(?:amp|lt|gt);/g, (entity) => ESCAPED[entity as keyof typeof ESCAPED]);
}

type Attributes = Record<string, string>;

/**
 * A link keeps a safe href (else it is unwrapped), only the allowed rel values (rel="ugc" when
 * none is left), and never sits inside another link.
 */
function linkAttributes(attribs: Attributes, nested: boolean, trust: boolean): Attributes {
  const kept: Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (name === 'href') {
      if (!nested && safeHref(value, trust)) kept.href = value;
    } else if (name === 'rel') {
      const rel = value
        .toLowerCase()
        .split(/\s+/)
        .filter((r) => ALLOWED_REL.has(r));
      if (rel.length > 0) kept.rel = rel.join(' ');
    } else {
      kept[name] = value;
    }
  }
  if (kept.href !== undefined && kept.rel === undefined) kept.rel = 'ugc';
  return kept;
}

export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  const trust = options.trustOriginMarker ?? false;
  const source = trust ? html : html.split('\u0001').join('');
  const renderText = options.text ?? ((text: string) => escapeHtml(text));
  // Tags open in the input (kept or not), to know when text sits inside a link or code.
  const open: string[] = [];
  let noLinkify = 0;
  let openLinks = 0;
  const output = scrub(source, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ['href', 'rel', 'class', 'data-user', 'data-tag'],
      span: ['class'],
      ol: ['start'],
    },
    allowedClasses: { a: ALLOWED_CLASSES, span: ALLOWED_CLASSES },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    nonTextTags: DROPPED_WITH_CONTENT,
    nestingLimit: MAX_NESTING,
    disallowedTagsMode: 'discard',
    onOpenTag: (name) => {
      open.push(name);
      if (NO_LINKIFY.has(name)) noLinkify++;
      if (name === 'a') openLinks++;
    },
    onCloseTag: (name) => {
      const index = open.lastIndexOf(name);
      if (index < 0) return;
      for (const closed of open.splice(index)) {
        if (NO_LINKIFY.has(closed)) noLinkify--;
        if (closed === 'a') openLinks--;
      }
    },
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: linkAttributes(attribs, openLinks > 1, trust),
      }),
      ol: (tagName, attribs): { tagName: string; attribs: Attributes } => ({
        tagName,
        attribs: /^\d{1,9}$/.test(attribs.start ?? '') ? { start: attribs.start! } : {},
      }),
    },
    // A link without a (safe) href is unwrapped: its text stays, the tag goes.
    exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
    textFilter: (text) => renderText(unescapeText(text), noLinkify === 0),
  });
  // Breaks as Pleroma writes them; a stray </p> makes an empty paragraph, which shows nothing.
  return output.replace(/<br \/>/g, '<br/>').replace(/<p><\/p>/g, '');
}

const BLOCK_ENDS = new Set(['p', 'li', 'blockquote', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** The text a reader sees: tags removed, line breaks and paragraph ends as newlines. */
export function htmlToPlainText(html: string): string {
  let pending = '';
  const text = scrub(html.split('\u0001').join(''), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: DROPPED_WITH_CONTENT,
    onOpenTag: (name) => {
      if (name === 'br') pending += '\n';
    },
    onCloseTag: (name) => {
      if (BLOCK_ENDS.has(name)) pending += '\n\n';
    },
    textFilter: (value) => {
      const out = pending + unescapeText(value);
      pending = '';
      return out;
    },
  });
  return text.replace(/\n{3,}/g, '\n\n').trim();
}
