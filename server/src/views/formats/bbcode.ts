import { escapeHtml } from '../html.ts';

/**
 * BBCode for posts: [b] [i] [u] [s] [url] [url=...] [code] [quote] [list] [list=1] [*].
 * Unknown or unbalanced tags stay as written; newlines become line breaks (except in code and
 * between list items). The result still goes through the scrubber.
 */

const TAG = /\[(\/?)([A-Za-z]+|\*)(?:=([^\]\n]*))?\]/g;
const KNOWN = new Set(['b', 'i', 'u', 's', 'url', 'code', 'quote', 'list', '*']);
const BLOCKS = new Set(['quote', 'list', '*']);
const MAX_NESTING = 32;

interface Node {
  tag: string;
  arg: string | undefined;
  /** The opening tag as written, shown when the tag is never closed. */
  raw: string;
  children: (Node | string)[];
  closed: boolean;
}

function parse(source: string): Node {
  const root: Node = { tag: '', arg: undefined, raw: '', children: [], closed: true };
  const stack: Node[] = [root];
  const top = () => stack[stack.length - 1]!;
  let last = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(source); m; m = TAG.exec(source)) {
    const [raw, slash, rawName, arg] = m;
    const name = rawName!.toLowerCase();
    const before = source.slice(last, m.index);
    if (before) top().children.push(before);
    last = m.index + raw.length;
    if (!KNOWN.has(name)) {
      top().children.push(raw);
      continue;
    }
    if (slash) {
      const index = stack.findLastIndex((n) => n.tag === name);
      if (index <= 0 || name === '*') {
        top().children.push(raw);
        continue;
      }
      while (stack.length > index) {
        const node = stack.pop()!;
        // Only the tag named (and list items inside a list) count as closed.
        node.closed = node.tag === name || node.tag === '*';
      }
      continue;
    }
    if (name === 'code') {
      const close = source.toLowerCase().indexOf('[/code]', last);
      if (close < 0) {
        top().children.push(raw);
        continue;
      }
      top().children.push({
        tag: 'code',
        arg: undefined,
        raw,
        children: [source.slice(last, close)],
        closed: true,
      });
      last = close + '[/code]'.length;
      TAG.lastIndex = last;
      continue;
    }
    if (name === '*') {
      if (top().tag === '*') {
        stack.pop()!.closed = true;
      }
      if (top().tag !== 'list') {
        top().children.push(raw);
        continue;
      }
    }
    if (stack.length > MAX_NESTING) {
      top().children.push(raw);
      continue;
    }
    const node: Node = { tag: name, arg, raw, children: [], closed: false };
    top().children.push(node);
    stack.push(node);
  }
  const rest = source.slice(last);
  if (rest) top().children.push(rest);
  while (stack.length > 1) {
    const node = stack.pop()!;
    if (node.tag === '*') node.closed = true;
  }
  return root;
}

function textOf(node: Node): string {
  return node.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
}

function text(value: string): string {
  return escapeHtml(value).replace(/\n/g, '<br/>');
}

function renderChildren(children: (Node | string)[]): string {
  let out = '';
  children.forEach((child, k) => {
    if (typeof child !== 'string') {
      out += render(child);
      return;
    }
    let value = child;
    const previous = children[k - 1];
    const next = children[k + 1];
    // A newline right after or before a block tag belongs to the tag, not to the text.
    if (previous && typeof previous !== 'string' && BLOCKS.has(previous.tag) && previous.closed)
      value = value.replace(/^\n/, '');
    if (next && typeof next !== 'string' && BLOCKS.has(next.tag)) value = value.replace(/\n$/, '');
    out += text(value);
  });
  return out;
}

/** Drops the newline that follows an opening block tag and the one before its closing tag. */
function trimNewlines(children: (Node | string)[]): (Node | string)[] {
  const out = [...children];
  const first = out[0];
  if (typeof first === 'string') out[0] = first.replace(/^[ \t]*\n/, '');
  const lastIndex = out.length - 1;
  const last = out[lastIndex];
  if (typeof last === 'string') out[lastIndex] = last.replace(/\n[ \t]*$/, '');
  return out.filter((c) => c !== '');
}

function render(node: Node): string {
  if (!node.closed) return text(node.raw) + renderChildren(node.children);
  switch (node.tag) {
    case 'b':
      return `<strong>${renderChildren(node.children)}</strong>`;
    case 'i':
      return `<em>${renderChildren(node.children)}</em>`;
    case 'u':
      return `<u>${renderChildren(node.children)}</u>`;
    case 's':
      return `<del>${renderChildren(node.children)}</del>`;
    case 'url': {
      const href = (node.arg ?? textOf(node)).trim();
      const label = node.arg === undefined ? text(textOf(node)) : renderChildren(node.children);
      return `<a href="${escapeHtml(href)}" rel="ugc">${label}</a>`;
    }
    case 'code': {
      const code = textOf(node);
      return code.includes('\n')
        ? `<pre><code>${escapeHtml(code.replace(/^\n|\n$/g, ''))}</code></pre>`
        : `<code>${escapeHtml(code)}</code>`;
    }
    case 'quote':
      return `<blockquote>${renderChildren(trimNewlines(node.children))}</blockquote>`;
    case 'list': {
      const tag = node.arg !== undefined && /^\d+$/.test(node.arg.trim()) ? 'ol' : 'ul';
      const items = node.children
        .filter((c) => typeof c !== 'string' || c.trim() !== '')
        .map((c) =>
          typeof c !== 'string' && c.tag === '*'
            ? `<li>${renderChildren(trimNewlines(c.children))}</li>`
            : `<li>${typeof c === 'string' ? text(c.trim()) : render(c)}</li>`,
        );
      return `<${tag}>${items.join('')}</${tag}>`;
    }
    default:
      return renderChildren(node.children);
  }
}

export function bbcodeToHtml(source: string): string {
  return renderChildren(parse(source.replace(/\r\n?/g, '\n')).children);
}
