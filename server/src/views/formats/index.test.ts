import { describe, expect, it } from 'vitest';
import { XSS_VECTORS } from '../../../../e2e/xss-vectors.ts';
import { ORIGIN_MARKER } from '../html.ts';
import { POST_FORMATS, formatPost } from './index.ts';
import { sanitizeHtml } from './sanitize.ts';

const ALLOWED_TAG = /^(p|br|a|span|em|strong|b|i|del|s|u|code|pre|blockquote|ul|ol|li|h[1-6])$/;
const ALLOWED_ATTRIBUTES = new Set(['href', 'rel', 'class', 'data-user', 'data-tag', 'start']);
const isSafeHref = (href: string) =>
  /^(https?:\/\/|mailto:)/.test(href) || href.startsWith(`${ORIGIN_MARKER}/`);
const PAYLOAD = '__xss.push(1)';

/** Every tag and attribute is allowed, every link safe, and nothing else looks like markup. */
function expectSafe(html: string, label: string) {
  for (const tag of html.matchAll(/<\/?([a-z0-9]+)([^>]*)>/g)) {
    expect(tag[1], label).toMatch(ALLOWED_TAG);
    for (const attr of tag[2]!.matchAll(/([a-z-]+)="([^"]*)"/g)) {
      expect(ALLOWED_ATTRIBUTES.has(attr[1]!), `${label}: ${attr[1]}`).toBe(true);
      if (attr[1] === 'href') expect(isSafeHref(attr[2]!), `${label}: ${attr[2]}`).toBe(true);
    }
  }
  const outsideTags = html.replace(/<\/?[a-z0-9]+(?: [a-z-]+="[^"<>]*")*\/?>/g, '');
  expect(outsideTags, label).not.toMatch(/[<>]/);
}

describe('formatPost on known XSS vectors', () => {
  it('neutralises every vector in every format, and the result scrubs to itself', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(100);
    for (const [n, vector] of XSS_VECTORS.entries()) {
      const source = vector.html(PAYLOAD);
      for (const format of POST_FORMATS) {
        const label = `vector ${n} (${vector.group}) as ${format}`;
        const { html } = formatPost(source, format, () => undefined);
        expectSafe(html, label);
        expect(sanitizeHtml(html, { trustOriginMarker: true }), label).toBe(html);
      }
    }
  });
});

describe('formatPost', () => {
  it('shows raw HTML in Markdown as text, and links mentions, tags and URLs around it', () => {
    const { html, tags } = formatPost(
      '**hi** <b onclick="x()">#bold</b> https://x.example/a_b_c @nobody',
      'text/markdown',
      () => undefined,
    );
    expect(html).toBe(
      '<p><strong>hi</strong> &lt;b onclick=&quot;x()&quot;&gt;' +
        `<a class="hashtag" data-tag="bold" href="${ORIGIN_MARKER}/tag/bold" rel="tag ugc">#bold</a>` +
        '&lt;/b&gt; <a href="https://x.example/a_b_c" rel="ugc">https://x.example/a_b_c</a> @nobody</p>',
    );
    expect(tags).toEqual(['bold']);
  });

  it('never links inside links or code, in HTML, Markdown or BBCode', () => {
    const inLink = formatPost(
      '<a href="https://a.example"><em>#tag https://b.example</em></a>',
      'text/html',
      () => undefined,
    );
    expect(inLink.html).toBe(
      '<a href="https://a.example" rel="ugc"><em>#tag https://b.example</em></a>',
    );
    expect(inLink.tags).toEqual([]);
    expect(formatPost('`#tag` [#x](https://a.example)', 'text/markdown', () => undefined)).toEqual({
      html: '<p><code>#tag</code> <a href="https://a.example" rel="ugc">#x</a></p>',
      mentions: [],
      tags: [],
    });
    expect(formatPost('[code]#tag[/code]', 'text/bbcode', () => undefined).tags).toEqual([]);
  });
});
