import { describe, expect, it } from 'vitest';
import { bbcodeToHtml } from './bbcode.ts';
import { sanitizeHtml } from './sanitize.ts';

/** As stored: rendered, then scrubbed. */
const bb = (source: string) => sanitizeHtml(bbcodeToHtml(source));

describe('bbcodeToHtml', () => {
  it('renders the inline tags, case-insensitively', () => {
    expect(bb('[b]b[/b] [I]i[/I] [u]u[/u] [s]s[/s] [b][i]both[/i][/b]')).toBe(
      '<strong>b</strong> <em>i</em> <u>u</u> <del>s</del> <strong><em>both</em></strong>',
    );
  });

  it('renders links in both forms', () => {
    expect(
      bb('[url]https://a.example/?x=1&y=2[/url] [url=https://b.example]the [b]b[/b] site[/url]'),
    ).toBe(
      '<a href="https://a.example/?x=1&amp;y=2" rel="ugc">https://a.example/?x=1&amp;y=2</a> ' +
        '<a href="https://b.example" rel="ugc">the <strong>b</strong> site</a>',
    );
  });

  it('keeps code verbatim: inline, or as a block when it spans lines', () => {
    expect(bb('[code][b]not bold[/b] <x>[/code]')).toBe('<code>[b]not bold[/b] &lt;x&gt;</code>');
    expect(bb('[code]\nline 1\nline 2\n[/code]')).toBe('<pre><code>line 1\nline 2</code></pre>');
  });

  it('renders quotes and lists without stray line breaks', () => {
    expect(bb('before\n[quote]\nsaid\nthis\n[/quote]\nafter')).toBe(
      'before<blockquote>said<br/>this</blockquote>after',
    );
    expect(bb('[list]\n[*]one\n[*]two [b]bold[/b]\n[/list]')).toBe(
      '<ul><li>one</li><li>two <strong>bold</strong></li></ul>',
    );
    expect(bb('[list=1][*]first[*]second[/list]')).toBe('<ol><li>first</li><li>second</li></ol>');
  });

  it('turns newlines into breaks and escapes text', () => {
    expect(bb('a <b> & c\nd')).toBe('a &lt;b&gt; &amp; c<br/>d');
  });

  it('leaves unknown, unclosed and stray tags as written', () => {
    // The parser writes an unknown tag's argument back in quotes.
    expect(bb('[color=red]x[/color] [b]open [/i] [*] [/b')).toBe(
      '[color=&quot;red&quot;]x[/color] [b]open [/i] [*] [/b',
    );
    expect(bb('[list][*]one[b]unclosed[/list]')).toBe('<ul><li>one[b]unclosed</li></ul>');
  });

  it('never lets markup or script links through', () => {
    expect(bb('<script>alert(1)</script> [b]<img src=x onerror=alert(1)>[/b]')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; <strong>&lt;img src=x onerror=alert(1)&gt;</strong>',
    );
    expect(bb('[url]javascript:alert(1)[/url] [url=javascript:alert(2)]two[/url]')).toBe(
      'javascript:alert(1) two',
    );
    expect(bb('[url=https://x.example/" onmouseover="alert(1)]x[/url]')).not.toMatch(
      /onmouseover="/,
    );
    expect(bb('[code]</code><script>alert(1)</script>[/code]')).toBe(
      '<code>&lt;/code&gt;&lt;script&gt;alert(1)&lt;/script&gt;</code>',
    );
  });
});
