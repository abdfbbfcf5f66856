/**
 * A small, forgiving HTML tokenizer for the post scrubber: text, start tags (with attributes) and
 * end tags. Comments, doctypes and processing instructions are dropped; the content of raw-text
 * elements (script, style, ...) is skipped whole, so it can never surface as text.
 */

export type HtmlToken =
  | { kind: 'text'; text: string }
  | { kind: 'open'; name: string; attrs: [string, string][]; selfClosing: boolean }
  | { kind: 'close'; name: string };

/** Elements whose content is raw text up to their end tag. */
const RAW_TEXT = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
]);

const NAME_START = /[A-Za-z]/;
const NAME_CHAR = /[A-Za-z0-9-]/;
const SPACE = /[\s]/;

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Decodes numeric references and the few named ones posts use; others stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z]{2,8});?/g, (whole, body) => {
    const ref = body as string;
    if (ref.startsWith('#')) {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (
        !Number.isFinite(code) ||
        code <= 0 ||
        code > 0x10ffff ||
        (code >= 0xd800 && code < 0xe000)
      )
        return '\ufffd';
      return String.fromCodePoint(code);
    }
    const named = NAMED[ref.toLowerCase()];
    return named ?? whole;
  });
}

interface Cursor {
  html: string;
  i: number;
}

function readName(c: Cursor): string {
  const start = c.i;
  while (c.i < c.html.length && NAME_CHAR.test(c.html[c.i]!)) c.i++;
  return c.html.slice(start, c.i).toLowerCase();
}

function skipSpace(c: Cursor): void {
  while (c.i < c.html.length && SPACE.test(c.html[c.i]!)) c.i++;
}

/** Reads attributes up to `>`; null when the tag never closes (then it is plain text). */
function readAttributes(c: Cursor): { attrs: [string, string][]; selfClosing: boolean } | null {
  const attrs: [string, string][] = [];
  const { html } = c;
  for (;;) {
    skipSpace(c);
    if (c.i >= html.length) return null;
    const ch = html[c.i]!;
    if (ch === '>') {
      c.i++;
      return { attrs, selfClosing: false };
    }
    if (ch === '/' && html[c.i + 1] === '>') {
      c.i += 2;
      return { attrs, selfClosing: true };
    }
    if (ch === '/') {
      c.i++;
      continue;
    }
    const start = c.i;
    while (c.i < html.length && !/[\s/>=]/.test(html[c.i]!)) c.i++;
    if (c.i === start) c.i++; // a stray '=' : skip it
    const name = html.slice(start, c.i).toLowerCase();
    skipSpace(c);
    let value = '';
    if (html[c.i] === '=') {
      c.i++;
      skipSpace(c);
      const quote = html[c.i];
      if (quote === '"' || quote === "'") {
        const end = html.indexOf(quote, c.i + 1);
        if (end < 0) return null;
        value = html.slice(c.i + 1, end);
        c.i = end + 1;
      } else {
        const begin = c.i;
        while (c.i < html.length && !/[\s>]/.test(html[c.i]!)) c.i++;
        value = html.slice(begin, c.i);
      }
    }
    if (name) attrs.push([name, decodeEntities(value)]);
  }
}

export function tokenizeHtml(html: string): HtmlToken[] {
  const tokens: HtmlToken[] = [];
  const c: Cursor = { html, i: 0 };
  let text = '';
  const flush = () => {
    if (text) tokens.push({ kind: 'text', text: decodeEntities(text) });
    text = '';
  };
  while (c.i < html.length) {
    const lt = html.indexOf('<', c.i);
    if (lt < 0) {
      text += html.slice(c.i);
      break;
    }
    text += html.slice(c.i, lt);
    c.i = lt;
    const next = html[lt + 1] ?? '';
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      c.i = end < 0 ? html.length : end + 3;
      continue;
    }
    if (next === '!' || next === '?') {
      const end = html.indexOf('>', lt);
      c.i = end < 0 ? html.length : end + 1;
      continue;
    }
    if (next === '/' && NAME_START.test(html[lt + 2] ?? '')) {
      c.i = lt + 2;
      const name = readName(c);
      const end = html.indexOf('>', c.i);
      c.i = end < 0 ? html.length : end + 1;
      flush();
      tokens.push({ kind: 'close', name });
      continue;
    }
    if (NAME_START.test(next)) {
      c.i = lt + 1;
      const name = readName(c);
      const rest = readAttributes(c);
      if (!rest) {
        // An unterminated tag: the '<' was text after all.
        text += '<';
        c.i = lt + 1;
        continue;
      }
      flush();
      if (RAW_TEXT.has(name) && !rest.selfClosing) {
        const closing = html.toLowerCase().indexOf(`</${name}`, c.i);
        if (closing < 0) {
          c.i = html.length;
        } else {
          const end = html.indexOf('>', closing);
          c.i = end < 0 ? html.length : end + 1;
        }
        continue;
      }
      tokens.push({ kind: 'open', name, attrs: rest.attrs, selfClosing: rest.selfClosing });
      continue;
    }
    text += '<';
    c.i = lt + 1;
  }
  flush();
  return tokens;
}
