import { createElement, Fragment, type ReactNode } from 'react';
import { Link } from '../router/Link.tsx';
import { isCyantextLine, isGreentextLine } from '../lib/statusText.ts';
import { safeLinkUrl } from '../lib/safeUrl.ts';
import { MentionLink } from './MentionLink.tsx';
import styles from './RichContent.module.css';
import { StillImage } from './StillImage.tsx';

/** The one place server HTML becomes UI. Everything else passes strings through here. */

export interface RichContentEmoji {
  shortcode: string;
  url: string;
  /** The still version, shown instead while stopGifs is on and the emoji is not hovered. */
  staticUrl?: string;
}

interface RichContentProps {
  /** Server HTML (status bodies, bios). */
  html?: string;
  /** Plain text (display names, subjects): only :shortcodes: become images. */
  text?: string;
  emojis?: readonly RichContentEmoji[];
  className?: string;
  /** Render inline (display names) instead of as a block (status bodies, bios). */
  inline?: boolean;
  /** Accounts mentioned in the HTML: links to their profile URL become in-app profile links. */
  mentions?: readonly RichContentMention[];
  /** Hashtags of the HTML: their links become in-app tag-timeline links. */
  tags?: readonly RichContentTag[];
  /** Lines starting with '>' are marked as greentext, lines starting with '<' as cyantext. */
  greentext?: boolean;
}

export interface RichContentMention {
  id: string;
  url: string;
  /** With these the link follows the mention-link preferences; without, it keeps its text. */
  username?: string;
  acct?: string;
}

export interface RichContentTag {
  name: string;
  url: string;
}

interface RenderContext {
  emojis: Map<string, RichContentEmoji>;
  mentions: Map<string, RichContentMention>;
  tags: Map<string, string>;
  greentext: boolean;
}

const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'code',
  'del',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'u',
  'ul',
];
const ALLOWED_ATTR = ['href', 'title', 'alt', 'src', 'class', 'lang', 'start', 'reversed', 'value'];
const SHORTCODE = /:([\w+-]+):/g;
const ATTRIBUTE_TO_PROP: Record<string, string> = { class: 'className' };

/**
 * Elements dropped together with everything inside them: raw text, foreign content, embedded
 * content and form controls. Any other unknown element is unwrapped (its children are kept).
 */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'select',
  'option',
  'button',
  'input',
  'form',
  'head',
  'meta',
  'link',
  'base',
  'canvas',
  'audio',
  'video',
  'source',
  'track',
  'picture',
  'map',
  'area',
  'dialog',
  'portal',
  'slot',
]);
const URL_ATTRIBUTES = new Set(['href', 'src']);

/**
 * Parses server HTML into an inert document: a DOMParser document has no browsing context, so
 * nothing in it runs or loads. Its nodes are never inserted into the page; toReact() builds new
 * React elements from the allow-listed tags and attributes only, so there is no serialise-and-
 * reparse step for mutation XSS to exploit.
 */
function parseInert(html: string): Node {
  return new DOMParser().parseFromString(html, 'text/html').body;
}

function safeUrl(value: string): string | null {
  return safeLinkUrl(value);
}

function emojiImage(emoji: RichContentEmoji, key: string): ReactNode {
  const text = `:${emoji.shortcode}:`;
  const src = safeUrl(emoji.url);
  if (!src) return text;
  const still = emoji.staticUrl ? safeUrl(emoji.staticUrl) : null;
  return (
    <StillImage
      key={key}
      className={styles.emoji}
      src={src}
      stillSrc={still}
      alt={text}
      title={text}
    />
  );
}

function textWithEmoji(
  text: string,
  emojis: Map<string, RichContentEmoji>,
  key: string,
): ReactNode {
  if (emojis.size === 0 || !text.includes(':')) return text;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(SHORTCODE)) {
    const emoji = emojis.get(match[1] ?? '');
    if (!emoji) continue;
    parts.push(text.slice(last, match.index));
    parts.push(emojiImage(emoji, `${key}-e${match.index}`));
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(last));
  return <Fragment key={key}>{parts}</Fragment>;
}

function elementProps(element: Element, key: string): Record<string, string> {
  const props: Record<string, string> = { key };
  for (const attribute of Array.from(element.attributes)) {
    const name = attribute.name.toLowerCase();
    if (!ALLOWED_ATTR.includes(name)) continue;
    const value = URL_ATTRIBUTES.has(name)
      ? safeUrl(attribute.value)
      : name === 'class'
        ? keptClasses(attribute.value)
        : attribute.value;
    if (value !== null) props[ATTRIBUTE_TO_PROP[name] ?? name] = value;
  }
  if (element.tagName === 'A') {
    props.target = '_blank';
    props.rel = 'noopener noreferrer nofollow';
  }
  return props;
}

/** Server classes that mean something here (spec: only these two survive sanitising). */
const KEPT_CLASSES = new Set(['greentext', 'cyantext']);

function keptClasses(value: string): string | null {
  const kept = value.split(/\s+/).filter((name) => KEPT_CLASSES.has(name));
  return kept.length > 0 ? kept.join(' ') : null;
}

/** An in-app route for a mention or hashtag link, or null for any other link. */
function inAppRoute(element: Element, context: RenderContext): string | null {
  const href = element.getAttribute('href') ?? '';
  const accountId = context.mentions.get(href)?.id;
  if (accountId) return `/users/${encodeURIComponent(accountId)}`;
  const classes = (element.getAttribute('class') ?? '').split(/\s+/);
  const knownTag = context.tags.get(href);
  if (knownTag) return `/tag/${encodeURIComponent(knownTag)}`;
  if (classes.includes('hashtag')) {
    const name = (element.textContent ?? '').trim().replace(/^#/, '');
    if (name) return `/tag/${encodeURIComponent(name)}`;
  }
  return null;
}

const LINE_ENDS = new Set([
  'BR',
  'P',
  'BLOCKQUOTE',
  'PRE',
  'UL',
  'OL',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
]);
/** A break or a block element: it ends a line and is never part of one. */
const endsLine = (node: Node) =>
  node.nodeType === Node.ELEMENT_NODE && LINE_ENDS.has((node as Element).tagName);

/**
 * Elements whose children run as lines: a paragraph, and the parsed document's body, which holds
 * the lines of a plain-text post (split by <br> only, with no paragraph).
 */
const LINE_PARENTS = new Set(['P', 'BODY']);

/** Children of a paragraph (or of the root), with greentext lines wrapped when asked. */
function childrenToReact(parent: Node, context: RenderContext, key: string): ReactNode[] {
  const nodes = Array.from(parent.childNodes);
  const convert = (node: Node, index: number) => toReact(node, context, `${key}.${index}`);
  const isLineParent =
    parent.nodeType !== Node.ELEMENT_NODE || LINE_PARENTS.has((parent as Element).tagName);
  if (!context.greentext || !isLineParent) return nodes.map(convert);
  const out: ReactNode[] = [];
  let line: { node: Node; index: number }[] = [];
  const flush = () => {
    if (line.length === 0) return;
    const text = line.map(({ node }) => node.textContent ?? '').join('');
    const rendered = line.map(({ node, index }) => convert(node, index));
    const kind = isGreentextLine(text) ? 'greentext' : isCyantextLine(text) ? 'cyantext' : null;
    if (kind) {
      out.push(
        <span key={`${key}.g${line[0]!.index}`} className={`${kind} ${styles[kind]}`}>
          {rendered}
        </span>,
      );
    } else {
      out.push(...rendered);
    }
    line = [];
  };
  nodes.forEach((node, index) => {
    if (endsLine(node)) {
      flush();
      out.push(convert(node, index));
    } else {
      line.push({ node, index });
    }
  });
  flush();
  return out;
}

function toReact(node: Node, context: RenderContext, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) {
    return textWithEmoji(node.textContent ?? '', context.emojis, key);
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED_WITH_CONTENT.has(tag)) return null;
  if (!ALLOWED_TAGS.includes(tag)) {
    return <Fragment key={key}>{childrenToReact(element, context, key)}</Fragment>;
  }
  if (tag === 'br') return createElement(tag, { key });
  if (tag === 'img') {
    const props = elementProps(element, key);
    return props.src ? createElement(tag, props) : null;
  }
  const children = childrenToReact(element, context, key);
  if (tag === 'a') {
    const mention = context.mentions.get(element.getAttribute('href') ?? '');
    if (mention?.username) {
      return (
        <MentionLink
          key={key}
          id={mention.id}
          target={{ username: mention.username, acct: mention.acct ?? '', url: mention.url }}
          serverText={element.textContent ?? ''}
        />
      );
    }
    const route = inAppRoute(element, context);
    if (route) {
      const className = keptClasses(element.getAttribute('class') ?? '') ?? undefined;
      const title = element.getAttribute('title') ?? undefined;
      return (
        <Link key={key} to={route} className={className} title={title}>
          {children}
        </Link>
      );
    }
  }
  return createElement(tag, elementProps(element, key), ...children);
}

export function RichContent({
  html,
  text,
  emojis = [],
  className,
  inline = false,
  mentions = [],
  tags = [],
  greentext = false,
}: RichContentProps) {
  const emojiMap = new Map(emojis.map((emoji) => [emoji.shortcode, emoji]));
  const context: RenderContext = {
    emojis: emojiMap,
    mentions: new Map(mentions.filter((m) => m.url).map((m) => [m.url, m])),
    tags: new Map(tags.filter((tag) => tag.url).map((tag) => [tag.url, tag.name])),
    greentext,
  };
  const children =
    text !== undefined
      ? textWithEmoji(text, emojiMap, 't')
      : childrenToReact(parseInert(html ?? ''), context, 'r');
  const Tag = inline ? 'span' : 'div';
  return <Tag className={[styles.rich, className].filter(Boolean).join(' ')}>{children}</Tag>;
}
