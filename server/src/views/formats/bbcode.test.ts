import { describe, expect, it } from 'vitest';
import { bbcodeToHtml } from './bbcode.ts';

const bb = bbcodeToHtml;

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
    expect(bb('[color=red]x[/color] [b]open [/i] [*] [/b')).toBe(
      '[color=red]x[/color] [b]open [/i] [*] [/b',
    );
    expect(bb('[list][*]one[b]unclosed[/list]')).toBe('<ul><li>one[b]unclosed</li></ul>');
  });
});
