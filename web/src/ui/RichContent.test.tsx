// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichContent } from './RichContent.tsx';

describe('RichContent', () => {
  it('drops scripts, event handlers and javascript: links but keeps the text', () => {
    const { container } = render(
      <RichContent
        html={
          '<p>hello <script>window.pwned=1</script><img src="x" onerror="window.pwned=1">' +
          '<a href="javascript:alert(1)">click</a> <b onclick="x()">bold</b></p>'
        }
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|onclick|javascript:/i);
    expect(container.textContent).toContain('hello');
    expect(container.querySelector('b')?.textContent).toBe('bold');
  });

  it('opens server links in a new tab without handing over the opener', () => {
    const { container } = render(<RichContent html='<a href="https://example.org/x">x</a>' />);
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.org/x');
    expect(link?.getAttribute('rel')).toContain('noopener');
  });

  it('turns known :shortcodes: into emoji images and leaves unknown ones as text', () => {
    const { container } = render(
      <RichContent
        html="<p>hi :blob: and :nope:</p>"
        emojis={[{ shortcode: 'blob', url: '/emoji/custom/blob.png' }]}
      />,
    );
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe('/emoji/custom/blob.png');
    expect(image?.getAttribute('alt')).toBe(':blob:');
    expect(container.textContent).toContain(':nope:');
  });
});

describe('RichContent with plain text', () => {
  it('never interprets markup in plain text such as display names', () => {
    const { container } = render(
      <RichContent
        inline
        text="<b>not bold</b> :blob:"
        emojis={[{ shortcode: 'blob', url: '/b.png' }]}
      />,
    );
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b>not bold</b>');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/b.png');
  });
});

describe('RichContent links and greentext', () => {
  it('links known mentions to the profile and hashtags to the tag timeline, in the app', () => {
    const { container } = render(
      <RichContent
        html={
          '<p><a class="mention" href="https://x.example/users/bob">@bob</a> ' +
          '<a class="hashtag" href="https://x.example/tag/Birds">#Birds</a> ' +
          '<a href="https://x.example/tag/known">#known</a> <a href="https://x.example/other">other</a></p>'
        }
        mentions={[{ id: '42', url: 'https://x.example/users/bob' }]}
        tags={[{ name: 'known', url: 'https://x.example/tag/known' }]}
      />,
    );
    const hrefs = Array.from(container.querySelectorAll('a'), (a) => [
      a.getAttribute('href'),
      a.getAttribute('target'),
    ]);
    expect(hrefs).toEqual([
      ['/users/42', null],
      ['/tag/Birds', null],
      ['/tag/known', null],
      ['https://x.example/other', '_blank'],
    ]);
  });

  it('marks lines starting with > as greentext only when asked', () => {
    const html = '<p>&gt;be me<br>normal line<br>  &gt;<b>bold</b> quote</p>';
    const on = render(<RichContent html={html} greentext />).container;
    const marked = Array.from(on.querySelectorAll('.greentext'), (span) => span.textContent);
    expect(marked).toEqual(['>be me', '  >bold quote']);
    const off = render(<RichContent html={html} />).container;
    expect(off.querySelector('.greentext')).toBeNull();
  });

  it('marks greentext in plain-text posts whose lines are split by <br> only', () => {
    const html =
      '&gt;be me<br/>normal line &gt; not a quote<br/><a href="https://x.example/q">&gt;linked</a> quote';
    const { container } = render(<RichContent html={html} greentext />);
    expect(Array.from(container.querySelectorAll('.greentext'), (s) => s.textContent)).toEqual([
      '>be me',
      '>linked quote',
    ]);
  });

  it('marks greentext in paragraphs holding <br> lines, and never a > inside a line', () => {
    const html = '<p>first &gt; middle<br>&gt;quoted</p><p>&gt;next paragraph</p>';
    const { container } = render(<RichContent html={html} greentext />);
    expect(Array.from(container.querySelectorAll('.greentext'), (s) => s.textContent)).toEqual([
      '>quoted',
      '>next paragraph',
    ]);
  });

  it('marks lines starting with < as cyantext like greentext', () => {
    const html = '<p>&lt;cyan line<br>&gt;green line<br>plain</p>';
    const { container } = render(<RichContent html={html} greentext />);
    expect(Array.from(container.querySelectorAll('.cyantext'), (s) => s.textContent)).toEqual([
      '<cyan line',
    ]);
    expect(Array.from(container.querySelectorAll('.greentext'), (s) => s.textContent)).toEqual([
      '>green line',
    ]);
  });

  it('keeps only the greentext and cyantext classes of server HTML', () => {
    const { container } = render(
      <RichContent
        html={
          '<p><span class="greentext evil-overlay">g</span> <span class="cyantext">c</span> ' +
          '<span class="fixed-fullscreen">x</span> <a class="hashtag" href="https://x.example/tag/a">#a</a></p>'
        }
      />,
    );
    const classes = Array.from(container.querySelectorAll('p *'), (el) => el.getAttribute('class'));
    expect(classes).toEqual(['greentext', 'cyantext', null, null]);
  });
});

describe('RichContent sanitising', () => {
  it('drops dangerous elements with their content but keeps the text of harmless unknown ones', () => {
    const { container } = render(
      <RichContent
        html={
          '<div><p>kept <span>inside</span></p></div><svg><script>bad()</script></svg>' +
          '<style>body{}</style><iframe srcdoc="x"></iframe><math><mi>m</mi></math>'
        }
      />,
    );
    expect(container.textContent).toBe('kept inside');
    const root = container.firstElementChild;
    expect(root?.querySelector('svg, script, style, iframe, math, div')).toBeNull();
  });

  it('refuses obfuscated script URLs in links and images', () => {
    const { container } = render(
      <RichContent
        html={
          '<a href="java&#x09;script:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a>' +
          '<a href="data:text/html,x">c</a><img src="javascript:alert(1)"><a href="/tag/x">d</a>'
        }
      />,
    );
    const hrefs = Array.from(container.querySelectorAll('a'), (a) => a.getAttribute('href'));
    expect(hrefs).toEqual([null, null, null, '/tag/x']);
    expect(container.querySelector('img')).toBeNull();
  });
});

describe('RichContent custom emoji', () => {
  it('shows the shortcode as text when the emoji image URL is not safe', () => {
    const { container } = render(
      <RichContent text="hi :evil:" emojis={[{ shortcode: 'evil', url: 'javascript:alert(1)' }]} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('hi :evil:');
  });
});
