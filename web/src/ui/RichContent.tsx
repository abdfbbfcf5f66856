import DOMPurify from 'dompurify';
import { createElement, Fragment, type ReactNode } from 'react';
import styles from './RichContent.module.css';

/** The one place server HTML becomes UI. Everything else passes strings through here. */

export interface RichContentEmoji {
  shortcode: string;
  url: string;
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
const SAFE_URL = /^(?:https?:|mailto:|\/(?!\/))/i;
const SHORTCODE = /:([\w+-]+):/g;
const ATTRIBUTE_TO_PROP: Record<string, string> = { class: 'className' };

function sanitise(html: string): DocumentFragment {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: SAFE_URL,
    RETURN_DOM_FRAGMENT: true,
  });
}

function emojiImage(emoji: RichContentEmoji, key: string): ReactNode {
  const text = `:${emoji.shortcode}:`;
  return <img key={key} className={styles.emoji} src={emoji.url} alt={text} title={text} />;
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
    props[ATTRIBUTE_TO_PROP[attribute.name] ?? attribute.name] = attribute.value;
  }
  if (element.tagName === 'A') {
    props.target = '_blank';
    props.rel = 'noopener noreferrer nofollow';
  }
  return props;
}

function toReact(node: Node, emojis: Map<string, RichContentEmoji>, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return textWithEmoji(node.textContent ?? '', emojis, key);
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (!ALLOWED_TAGS.includes(tag)) return null;
  const children = Array.from(element.childNodes, (child, index) =>
    toReact(child, emojis, `${key}.${index}`),
  );
  if (tag === 'br' || tag === 'img') return createElement(tag, elementProps(element, key));
  return createElement(tag, elementProps(element, key), ...children);
}

export function RichContent({
  html,
  text,
  emojis = [],
  className,
  inline = false,
}: RichContentProps) {
  const emojiMap = new Map(emojis.map((emoji) => [emoji.shortcode, emoji]));
  const children =
    text !== undefined
      ? textWithEmoji(text, emojiMap, 't')
      : Array.from(sanitise(html ?? '').childNodes, (node, index) =>
          toReact(node, emojiMap, String(index)),
        );
  const Tag = inline ? 'span' : 'div';
  return <Tag className={[styles.rich, className].filter(Boolean).join(' ')}>{children}</Tag>;
}
