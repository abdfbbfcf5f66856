import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown.ts';
import { sanitizeHtml } from './sanitize.ts';

/** As stored: rendered, then scrubbed. */
const md = (source: string) => sanitizeHtml(markdownToHtml(source));

describe('markdownToHtml', () => {
  it('makes paragraphs, and a single newline a line break', () => {
    expect(md('one\ntwo\n\nthree')).toBe('<p>one<br/>two</p><p>three</p>');
    expect(md('  padded  \n\n\n')).toBe('<p>padded</p>');
  });

  it('renders emphasis, strong, strikethrough and inline code', () => {
    expect(md('*em* _em_ **strong** __strong__ ~~del~~ `a <b> *c*`')).toBe(
      '<p><em>em</em> <em>em</em> <strong>strong</strong> <strong>strong</strong> <del>del</del> ' +
        '<code>a &lt;b&gt; *c*</code></p>',
    );
    expect(md('***both*** and **bold *inner* bold**')).toBe(
      '<p><em><strong>both</strong></em> and <strong>bold <em>inner</em> bold</strong></p>',
    );
  });

  it('leaves lone and intraword delimiters alone', () => {
    expect(md('2 * 3 * 4, snake_case_name, a** b, _open')).toBe(
      '<p>2 * 3 * 4, snake_case_name, a** b, _open</p>',
    );
    expect(md('\\*not em\\* and \\`not code\\`')).toBe('<p>*not em* and `not code`</p>');
  });

  it('keeps bare URLs, mentions, hashtags and emoji as text for the formatter', () => {
    expect(md('see https://x.example/_a_/*b* @some_user #snake_tag :_blob_: _em_')).toBe(
      '<p>see https://x.example/_a_/*b* @some_user #snake_tag :_blob_: <em>em</em></p>',
    );
  });

  it('renders links and autolinks, escaping their targets', () => {
    expect(md('[the site](https://x.example/a?b=1&c=2 "title") <https://auto.example>')).toBe(
      '<p><a href="https://x.example/a?b=1&amp;c=2" rel="ugc">the site</a> ' +
        '<a href="https://auto.example" rel="ugc">https://auto.example</a></p>',
    );
    expect(md('[**bold** link](https://x.example/(paren))')).toBe(
      '<p><a href="https://x.example/(paren)" rel="ugc"><strong>bold</strong> link</a></p>',
    );
    expect(md('[not a link] (https://x.example)')).toBe('<p>[not a link] (https://x.example)</p>');
  });

  it('renders fenced code blocks verbatim', () => {
    expect(md('```js\nconst a = "<b>";\n\n*not em*\n```\nafter')).toBe(
      '<pre><code>const a = &quot;&lt;b&gt;&quot;;\n\n*not em*</code></pre><p>after</p>',
    );
    expect(md('~~~\nunclosed')).toBe('<pre><code>unclosed</code></pre>');
  });

  it('renders headings but not hashtags', () => {
    expect(md('# One\n## Two ##\n#tag at start\n###### Six')).toBe(
      '<h1>One</h1><h2>Two</h2><p>#tag at start</p><h6>Six</h6>',
    );
  });

  it('renders blockquotes, nested and holding other blocks', () => {
    expect(md('> quoted\n> still\n>\n> > deeper\n\nout')).toBe(
      '<blockquote><p>quoted<br/>still</p><blockquote><p>deeper</p></blockquote></blockquote><p>out</p>',
    );
  });

  it('renders bullet and ordered lists, tight, loose and nested', () => {
    expect(md('- one\n- two *em*\n  - nested\n- other')).toBe(
      '<ul><li>one</li><li>two <em>em</em><ul><li>nested</li></ul></li><li>other</li></ul>',
    );
    // Another bullet character starts another list (CommonMark).
    expect(md('- one\n* two')).toBe('<ul><li>one</li></ul><ul><li>two</li></ul>');
    expect(md('3. three\n4. four')).toBe('<ol start="3"><li>three</li><li>four</li></ol>');
    expect(md('- a\n\n- b')).toBe('<ul><li><p>a</p></li><li><p>b</p></li></ul>');
    expect(md('text\n- item')).toBe('<p>text</p><ul><li>item</li></ul>');
    expect(md('text\n2. not a list')).toBe('<p>text<br/>2. not a list</p>');
  });

  it('shows raw HTML as text, inline and as a block', () => {
    expect(md('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    expect(md('hi <img src=x onerror="alert(1)"> <b>b</b>')).toBe(
      '<p>hi &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &lt;b&gt;b&lt;/b&gt;</p>',
    );
    expect(md('<div>\n<a href="javascript:alert(1)">x</a>\n</div>')).toBe(
      '<p>&lt;div&gt;<br/>&lt;a href=&quot;javascript:alert(1)&quot;&gt;x&lt;/a&gt;<br/>&lt;/div&gt;</p>',
    );
  });

  it('never links a script or data URL', () => {
    expect(md('[x](javascript:alert(1)) [y](data:text/html,hi) <javascript:alert(2)>')).toBe(
      '<p>[x](javascript:alert(1)) [y](data:text/html,hi) &lt;javascript:alert(2)&gt;</p>',
    );
  });

  it('turns images into links and leaves tables and rules as written', () => {
    expect(md('![a bird](https://x.example/bird.png "title")')).toBe(
      '<p><a href="https://x.example/bird.png" rel="ugc">a bird</a></p>',
    );
    expect(md('| a | b |\n|---|---|\n| 1 | 2 |')).toBe(
      '<p>| a | b |<br/>|---|---|<br/>| 1 | 2 |</p>',
    );
    expect(md('above\n\n***\n\nbelow')).toBe('<p>above</p><p>***</p><p>below</p>');
  });

  it('stays fast and flat on pathological input', () => {
    const started = Date.now();
    md('*'.repeat(5000));
    md('> '.repeat(2000) + 'deep');
    md('['.repeat(2500) + ']('.repeat(1000));
    md('**a '.repeat(1200));
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
