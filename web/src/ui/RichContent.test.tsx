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
