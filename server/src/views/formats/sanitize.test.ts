import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORIGIN_MARKER } from '../html.ts';
import { htmlToPlainText, sanitizeHtml } from './sanitize.ts';

describe('sanitizeHtml', () => {
  it('keeps the allowed tags and drops every attribute but the safe ones', () => {
    expect(
      sanitizeHtml(
        '<p style="color:red" onclick="x()">Hi <strong id="s">bold</strong> <em>it</em> <code>c</code></p>' +
          '<blockquote><ul><li>one</li></ul><ol start="3"><li>three</li></ol></blockquote>' +
          '<h2 class="title">Head</h2><pre>pre</pre><del>gone</del> <s>s</s> <u>u</u><br>',
      ),
    ).toBe(
      '<p>Hi <strong>bold</strong> <em>it</em> <code>c</code></p>' +
        '<blockquote><ul><li>one</li></ul><ol start="3"><li>three</li></ol></blockquote>' +
        '<h2>Head</h2><pre>pre</pre><del>gone</del> <s>s</s> <u>u</u><br/>',
    );
  });

  it('removes scripts, styles, frames and svg with their content, and event handlers', () => {
    const html = sanitizeHtml(
      'a<script>alert(1)</script>b<style>*{}</style>c<iframe src="https://x.example">d</iframe>' +
        '<svg onload="alert(1)"><a href="https://x.example">in svg</a></svg>e' +
        '<img src=x onerror=alert(1)><object data="x">f</object><!-- comment -->g' +
        '<SCRIPT>alert(2)</SCRIPT >h<textarea><b>i</b></textarea>j',
    );
    expect(html).toBe('abcegh' + 'j');
  });

  it('keeps links only to http, https and mailto, and never a javascript: one', () => {
    const links = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java&#115;cript:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '/relative',
      '//evil.example',
      `${ORIGIN_MARKER}/users/x`,
    ];
    for (const href of links) {
      const html = sanitizeHtml(`<a href="${href}">x</a>`);
      expect(html, href).toBe('x');
    }
    expect(sanitizeHtml('<a href="https://ok.example/?a=1&amp;b=2" target="_blank">ok</a>')).toBe(
      '<a href="https://ok.example/?a=1&amp;b=2" rel="ugc">ok</a>',
    );
    expect(sanitizeHtml('<a href="mailto:me@example.org" rel="me nofollow evil">mail</a>')).toBe(
      '<a href="mailto:me@example.org" rel="me nofollow">mail</a>',
    );
  });

  it('keeps only the microformat classes Pleroma keeps', () => {
    expect(
      sanitizeHtml(
        '<span class="h-card evil"><a class="u-url mention big" href="https://x.example">@x</a></span>' +
          '<span class="greentext cyantext">&gt;t</span><p class="hashtag">p</p>',
      ),
    ).toBe(
      '<span class="h-card"><a class="u-url mention" href="https://x.example" rel="ugc">@x</a></span>' +
        '<span class="greentext cyantext">&gt;t</span><p>p</p>',
    );
  });

  it('escapes text and balances tags whatever the input', () => {
    expect(sanitizeHtml('1 < 2 & 3 > 2 "q" <b>open <i>both')).toBe(
      '1 &lt; 2 &amp; 3 &gt; 2 &quot;q&quot; <b>open <i>both</i></b>',
    );
    expect(sanitizeHtml('</p>stray</em><em>x</p>y')).toBe('stray<em>xy</em>');
    expect(
      sanitizeHtml('<a href="https://a.example">outer <a href="https://b.example">inner</a></a>'),
    ).toBe('<a href="https://a.example" rel="ugc">outer inner</a>');
    // An unterminated tag at the very end is dropped, as a browser drops it.
    expect(sanitizeHtml('text <a href="https://x.example" unterminated')).toBe('text ');
  });

  it('never lets the origin marker in from user input', () => {
    expect(sanitizeHtml(`<a href="${ORIGIN_MARKER}/tag/x">t</a>`)).toBe('t');
    expect(
      sanitizeHtml(`<a href="${ORIGIN_MARKER}/tag/x">t</a>`, { trustOriginMarker: true }),
    ).toBe(`<a href="${ORIGIN_MARKER}/tag/x" rel="ugc">t</a>`);
  });

  it('hands text outside links and code to the text renderer', () => {
    const seen: [string, boolean][] = [];
    sanitizeHtml('a<a href="https://x.example">b</a><code>c</code><pre>d</pre><em>e</em>', {
      text: (text, plain) => {
        seen.push([text, plain]);
        return text;
      },
    });
    expect(seen).toEqual([
      ['a', true],
      ['b', false],
      ['c', false],
      ['d', false],
      ['e', true],
    ]);
  });
});

describe('sanitizeHtml on arbitrary input', () => {
  const FRAGMENTS = [
    '<',
    '>',
    '/',
    '"',
    "'",
    '=',
    ' ',
    '&',
    '#',
    ';',
    'a',
    'p',
    'script',
    'svg',
    'style',
    'img',
    'href',
    'onerror',
    'javascript:',
    'https://x.example',
    '<!--',
    '-->',
    'class',
    'mention',
    'x',
  ];
  const ALLOWED_ATTRIBUTES = new Set(['href', 'rel', 'class', 'data-user', 'data-tag', 'start']);

  it('only ever emits allowed tags and attributes, and safe links', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 60 }), (parts) => {
        const html = sanitizeHtml(parts.join(''));
        for (const tag of html.matchAll(/<\/?([a-z0-9]+)([^>]*)>/g)) {
          expect(tag[1]).toMatch(
            /^(p|br|a|span|em|strong|b|i|del|s|u|code|pre|blockquote|ul|ol|li|h[1-6])$/,
          );
          for (const attr of tag[2]!.matchAll(/([a-z-]+)="([^"]*)"/g)) {
            expect(ALLOWED_ATTRIBUTES.has(attr[1]!)).toBe(true);
            if (attr[1] === 'href') expect(attr[2]).toMatch(/^(https?:\/\/|mailto:)/);
          }
        }
        // Nothing that looks like markup survives outside the tags the scrubber wrote.
        expect(html.replace(/<\/?[a-z0-9]+(?: [a-z-]+="[^"<>]*")*\/?>/g, '')).not.toMatch(/[<>]/);
      }),
      { numRuns: 400 },
    );
  });
});

describe('htmlToPlainText', () => {
  it('turns breaks and block ends into newlines and decodes entities', () => {
    expect(
      htmlToPlainText(
        '<p>One &amp; <strong>two</strong><br/>three</p><ul><li>a</li><li>b</li></ul>',
      ),
    ).toBe('One & two\nthree\n\na\n\nb');
  });
});
