import MarkdownIt, { type StateInline } from 'markdown-it';
import { escapeHtml } from '../html.ts';
import { TRAILING_PUNCTUATION } from '../text.ts';

/**
 * Markdown for posts, on markdown-it (CommonMark): a single newline is a line break, as Pleroma
 * renders posts; raw HTML is shown as text; images become links (the scrubber keeps no images);
 * tables and rules, which the scrubber would not keep either, stay as written. Bare URLs and
 * custom emoji shortcodes are kept whole (no emphasis inside them), and URLs, mentions and
 * hashtags are left as text for the post formatter to link. The result still goes through the
 * scrubber.
 */

const BARE_URL = /^https?:\/\/[^\s<>"']+/;
const SHORTCODE = /^:[A-Za-z0-9_+-]+:/;
const MAX_SHORTCODE_LENGTH = 128;
/** A scheme just before the colon, not glued to a preceding word. */
const PENDING_SCHEME = /(?:^|[^\p{L}\p{N}_])(https?)$/iu;
/** Blocks and emphasis nested deeper than this are left as text. */
const MAX_NESTING = 20;

/**
 * An inline rule at every ':' (where markdown-it's text rule stops): a custom emoji shortcode, or
 * the rest of a bare URL whose scheme is already pending, is taken as plain text.
 */
function keepWhole(state: StateInline, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x3a) return false;
  const shortcode = SHORTCODE.exec(src.slice(pos, pos + MAX_SHORTCODE_LENGTH));
  if (shortcode) {
    if (!silent) state.pending += shortcode[0];
    state.pos += shortcode[0].length;
    return true;
  }
  const scheme = PENDING_SCHEME.exec(state.pending)?.[1];
  if (!scheme) return false;
  const url = BARE_URL.exec(scheme + src.slice(pos, state.posMax))?.[0];
  if (!url) return false;
  const rest = url.replace(TRAILING_PUNCTUATION, '').slice(scheme.length);
  if (rest.length <= '://'.length) return false;
  if (!silent) state.pending += rest;
  state.pos += rest.length;
  return true;
}

const markdown = new MarkdownIt('default', {
  html: false,
  linkify: false,
  breaks: true,
  typographer: false,
  maxNesting: MAX_NESTING,
});
markdown.disable(['table', 'hr']);
markdown.inline.ruler.after('text', 'keep_whole', keepWhole);
// No newlines between blocks: stored HTML has none, as the other formats.
markdown.core.ruler.push('flat_blocks', (state) => {
  for (const token of state.tokens) token.block = false;
});

const rules = markdown.renderer.rules;
rules.softbreak = () => '<br/>';
rules.hardbreak = () => '<br/>';
rules.s_open = () => '<del>';
rules.s_close = () => '</del>';
rules.code_block = (tokens, idx) =>
  `<pre><code>${escapeHtml(tokens[idx]!.content.replace(/\n$/, ''))}</code></pre>`;
rules.fence = rules.code_block;
rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx]!;
  const href = String(token.attrGet('src') ?? '');
  const label = String(self.renderInlineAsText(token.children ?? [], options, env)) || href;
  return `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
};

export function markdownToHtml(source: string): string {
  return markdown.render(source);
}
