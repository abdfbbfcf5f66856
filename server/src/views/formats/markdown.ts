import { escapeHtml } from '../html.ts';
import { TRAILING_PUNCTUATION } from '../text.ts';

/**
 * A compact Markdown renderer for posts: paragraphs (a single newline is a line break, as
 * Pleroma renders posts), emphasis, strong, strikethrough, inline code, fenced code blocks, links,
 * autolinks, blockquotes, lists and ATX headings. Raw HTML is shown as text. Bare URLs, mentions
 * and hashtags are left as text for the post formatter to link. The result still goes through
 * the scrubber.
 */

/** Blockquotes and lists nested deeper than this render as plain paragraphs. */
const MAX_BLOCK_DEPTH = 16;
/** Emphasis nested deeper than this stays literal. */
const MAX_INLINE_DEPTH = 24;

const FENCE = /^ {0,3}(`{3,}|~{3,})[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?:[ \t]+(.*))?$/;
const BLANK = /^\s*$/;

interface Block {
  paragraph: boolean;
  html: string;
}

export function markdownToHtml(source: string): string {
  return joinBlocks(blocks(source.replace(/\r\n?/g, '\n').split('\n'), 0), false);
}

/** In a tight list item paragraphs lose their <p>; two in a row are kept apart by a break. */
function joinBlocks(list: Block[], tight: boolean): string {
  if (!tight) return list.map((b) => (b.paragraph ? `<p>${b.html}</p>` : b.html)).join('');
  return list
    .map((b, k) => (b.paragraph && list[k - 1]?.paragraph ? `<br/>${b.html}` : b.html))
    .join('');
}

function startsBlock(line: string, depth: number): boolean {
  if (FENCE.test(line) || isHeading(line)) return true;
  if (depth >= MAX_BLOCK_DEPTH) return false;
  if (QUOTE.test(line)) return true;
  const item = ITEM.exec(line);
  // Only bullets and lists starting at 1 may interrupt a paragraph (as in CommonMark).
  return (
    item !== null && item[3] !== undefined && (/^[-*+]$/.test(item[2]!) || /^1\D/.test(item[2]!))
  );
}

function isHeading(line: string): boolean {
  const m = HEADING.exec(line);
  return m !== null && m[2]!.trim() !== '';
}

function blocks(lines: string[], depth: number): Block[] {
  const out: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (BLANK.test(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      i++;
      while (i < lines.length) {
        const close = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(lines[i]!);
        if (close && close[1]![0] === marker[0] && close[1]!.length >= marker.length) break;
        body.push(lines[i]!);
        i++;
      }
      i++;
      out.push({
        paragraph: false,
        html: `<pre><code>${escapeHtml(body.join('\n'))}</code></pre>`,
      });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading && heading[2]!.trim() !== '') {
      const level = heading[1]!.length;
      out.push({
        paragraph: false,
        html: `<h${level}>${inline(heading[2]!.trim(), 0)}</h${level}>`,
      });
      i++;
      continue;
    }
    if (depth < MAX_BLOCK_DEPTH && QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) {
        inner.push(lines[i]!.replace(QUOTE, ''));
        i++;
      }
      out.push({
        paragraph: false,
        html: `<blockquote>${joinBlocks(blocks(inner, depth + 1), false)}</blockquote>`,
      });
      continue;
    }
    const item = ITEM.exec(line);
    if (depth < MAX_BLOCK_DEPTH && item && item[3] !== undefined) {
      const parsed = list(lines, i, depth);
      out.push({ paragraph: false, html: parsed.html });
      i = parsed.next;
      continue;
    }
    const paragraph: string[] = [line];
    i++;
    while (i < lines.length && !BLANK.test(lines[i]!) && !startsBlock(lines[i]!, depth)) {
      paragraph.push(lines[i]!);
      i++;
    }
    out.push({ paragraph: true, html: inline(paragraph.map((l) => l.trim()).join('\n'), 0) });
  }
  return out;
}

/** A list starting at lines[start]: its items, their indented continuation lines, nested blocks. */
function list(lines: string[], start: number, depth: number): { html: string; next: number } {
  const first = ITEM.exec(lines[start]!)!;
  const ordered = /\d/.test(first[2]!);
  const baseIndent = first[1]!.length;
  const items: string[][] = [];
  let loose = false;
  let i = start;
  let pendingBlank = false;
  while (i < lines.length) {
    const line = lines[i]!;
    if (BLANK.test(line)) {
      pendingBlank = true;
      i++;
      continue;
    }
    const item = ITEM.exec(line);
    const sameKind = item && item[3] !== undefined && /\d/.test(item[2]!) === ordered;
    if (sameKind && item[1]!.length <= baseIndent + 1) {
      if (pendingBlank && items.length > 0) loose = true;
      items.push([item[3]!]);
      pendingBlank = false;
      i++;
      continue;
    }
    const indented = /^( {2,}|\t)/.test(line);
    if (indented) {
      if (pendingBlank) {
        loose = true;
        items[items.length - 1]!.push('');
      }
      items[items.length - 1]!.push(line.replace(/^( {2,4}|\t)/, ''));
      pendingBlank = false;
      i++;
      continue;
    }
    if (pendingBlank || startsBlock(line, depth)) break;
    items[items.length - 1]!.push(line); // lazy continuation of the item's paragraph
    i++;
  }
  const startNumber = ordered ? parseInt(first[2]!, 10) : 1;
  const tag = ordered ? 'ol' : 'ul';
  const open = ordered && startNumber !== 1 ? `<ol start="${startNumber}">` : `<${tag}>`;
  const body = items
    .map((itemLines) => `<li>${joinBlocks(blocks(itemLines, depth + 1), !loose)}</li>`)
    .join('');
  return { html: `${open}${body}</${tag}>`, next: i };
}

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}_]/u;
const BARE_URL = /^https?:\/\/[^\s<>"']+/;
const SHORTCODE = /^:[A-Za-z0-9_+-]+:/;
const MAX_SHORTCODE_LENGTH = 128;

function isSpace(ch: string | undefined): boolean {
  return ch === undefined || /\s/.test(ch);
}

/**
 * The closing delimiter for an opener at `from`, or -1. A closer is not preceded by a space; an
 * underscore closer is not followed by a word character (no intraword emphasis with `_`).
 */
function findCloser(text: string, delim: string, from: number): number {
  const single = delim.length === 1;
  let j = text.indexOf(delim, from);
  while (j >= 0) {
    if (single && text[j + 1] === delim) {
      // Part of a double delimiter: skip the whole run.
      let end = j;
      while (text[end] === delim) end++;
      j = text.indexOf(delim, end);
      continue;
    }
    let at = j;
    // For a double delimiter inside a longer run (`***`), close at the run's end.
    if (!single) while (text[at + delim.length] === delim[0]) at++;
    const before = text[at - 1];
    const after = text[at + delim.length];
    const flankingOk = !isSpace(before) && !(delim[0] === '_' && after && WORD.test(after));
    if (flankingOk && at > from) return at;
    j = text.indexOf(delim, at + 1);
  }
  return -1;
}

/** `[text](url "title")` at text[i]: the parts and the index after it, or null. */
function linkAt(text: string, i: number): { label: string; href: string; end: number } | null {
  let depth = 0;
  let j = i;
  for (; j < text.length; j++) {
    const ch = text[j];
    if (ch === '\\') {
      j++;
      continue;
    }
    if (ch === '[') depth++;
    else if (ch === ']' && --depth === 0) break;
  }
  if (j >= text.length || text[j + 1] !== '(') return null;
  const label = text.slice(i + 1, j);
  let k = j + 2;
  while (text[k] === ' ') k++;
  let href = '';
  if (text[k] === '<') {
    const close = text.indexOf('>', k);
    if (close < 0) return null;
    href = text.slice(k + 1, close);
    k = close + 1;
  } else {
    let parens = 0;
    const begin = k;
    for (; k < text.length; k++) {
      const ch = text[k]!;
      if (/\s/.test(ch)) break;
      if (ch === '(') parens++;
      else if (ch === ')') {
        if (parens === 0) break;
        parens--;
      }
    }
    href = text.slice(begin, k);
  }
  while (text[k] === ' ') k++;
  const quote = text[k];
  if (quote === '"' || quote === "'") {
    const close = text.indexOf(quote, k + 1);
    if (close < 0) return null;
    k = close + 1;
    while (text[k] === ' ') k++;
  }
  if (text[k] !== ')') return null;
  return { label, href, end: k + 1 };
}

function inline(text: string, depth: number): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    const prev = text[i - 1];
    if (ch === '\\' && i + 1 < text.length && PUNCTUATION.test(text[i + 1]!)) {
      out += escapeHtml(text[i + 1]!);
      i += 2;
      continue;
    }
    if (ch === '\\' && text[i + 1] === '\n') {
      out += '<br/>';
      i += 2;
      continue;
    }
    if (ch === '\n') {
      out += '<br/>';
      i++;
      continue;
    }
    if (ch === '`') {
      let run = 0;
      while (text[i + run] === '`') run++;
      const fence = '`'.repeat(run);
      let close = text.indexOf(fence, i + run);
      while (close >= 0 && text[close + run] === '`') {
        let end = close;
        while (text[end] === '`') end++;
        close = text.indexOf(fence, end);
      }
      if (close >= 0) {
        let code = text.slice(i + run, close).replace(/\n/g, ' ');
        if (/^ .* $/.test(code) && code.trim() !== '') code = code.slice(1, -1);
        out += `<code>${escapeHtml(code)}</code>`;
        i = close + run;
        continue;
      }
      out += escapeHtml(fence);
      i += run;
      continue;
    }
    if ((ch === 'h' || ch === 'H') && !(prev && WORD.test(prev))) {
      const url = BARE_URL.exec(text.slice(i));
      if (url) {
        const kept = url[0].replace(TRAILING_PUNCTUATION, '');
        out += escapeHtml(kept);
        i += kept.length;
        continue;
      }
    }
    if (ch === ':') {
      // A custom emoji shortcode stays whole, underscores and all.
      const shortcode = SHORTCODE.exec(text.slice(i, i + MAX_SHORTCODE_LENGTH));
      if (shortcode) {
        out += escapeHtml(shortcode[0]);
        i += shortcode[0].length;
        continue;
      }
    }
    if (ch === '<') {
      const auto = /^<((?:https?:\/\/|mailto:)[^\s<>]+)>/i.exec(text.slice(i));
      if (auto) {
        const href = escapeHtml(auto[1]!);
        out += `<a href="${href}" rel="ugc">${href}</a>`;
        i += auto[0].length;
        continue;
      }
    }
    const image = ch === '!' && text[i + 1] === '[';
    if ((ch === '[' || image) && depth < MAX_INLINE_DEPTH) {
      const link = linkAt(text, image ? i + 1 : i);
      if (link) {
        const label = inline(link.label, depth + 1) || escapeHtml(link.href);
        out += `<a href="${escapeHtml(link.href)}" rel="ugc">${label}</a>`;
        i = link.end;
        continue;
      }
    }
    if ((ch === '*' || ch === '_' || ch === '~') && depth < MAX_INLINE_DEPTH) {
      const double = text[i + 1] === ch;
      const opener = !(ch === '_' && prev && WORD.test(prev));
      if (double && opener && !isSpace(text[i + 2])) {
        const close = findCloser(text, ch + ch, i + 2);
        if (close > i + 2) {
          const tag = ch === '~' ? 'del' : 'strong';
          out += `<${tag}>${inline(text.slice(i + 2, close), depth + 1)}</${tag}>`;
          i = close + 2;
          continue;
        }
      }
      if (!double && ch !== '~' && opener && !isSpace(text[i + 1])) {
        const close = findCloser(text, ch, i + 1);
        if (close > i + 1) {
          out += `<em>${inline(text.slice(i + 1, close), depth + 1)}</em>`;
          i = close + 1;
          continue;
        }
      }
      // Not emphasis: keep the whole delimiter run literal.
      let run = 0;
      while (text[i + run] === ch) run++;
      out += escapeHtml(ch.repeat(run));
      i += run;
      continue;
    }
    out += escapeHtml(ch);
    i++;
  }
  return out;
}
