// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, usePreferences } from '../state/preferences.ts';
import { RichContent } from './RichContent.tsx';
import { StillImage } from './StillImage.tsx';

beforeEach(() => usePreferences.setState(DEFAULT_PREFERENCES));
afterEach(cleanup);

/** As a browser does: mouseenter and mouseleave go to the element and each of its ancestors. */
const pointerEnters = (element: Element) => boundary(element, 'mouseenter');
const pointerLeaves = (element: Element) => boundary(element, 'mouseleave');
function boundary(element: Element, type: 'mouseenter' | 'mouseleave') {
  act(() => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      node.dispatchEvent(new MouseEvent(type));
    }
  });
}

describe('stopGifs', () => {
  it('keeps an animated avatar still until hovered (on by default)', () => {
    const { container } = render(<StillImage src="/a/anim.gif" stillSrc="/a/still.png" alt="" />);
    const image = container.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/a/still.png');
    pointerEnters(image);
    expect(image.getAttribute('src')).toBe('/a/anim.gif');
    pointerLeaves(image);
    expect(image.getAttribute('src')).toBe('/a/still.png');
  });

  it('animates while the button around it has keyboard focus', () => {
    const { container } = render(
      <button type="button">
        <StillImage src="/a/anim.gif" stillSrc="/a/still.png" alt="" />
      </button>,
    );
    const image = container.querySelector('img')!;
    act(() => container.querySelector('button')!.focus());
    expect(image.getAttribute('src')).toBe('/a/anim.gif');
    act(() => container.querySelector('button')!.blur());
    expect(image.getAttribute('src')).toBe('/a/still.png');
  });

  it('animates at once when the preference is turned off', () => {
    const { container } = render(<StillImage src="/a/anim.gif" stillSrc="/a/still.png" alt="" />);
    act(() => usePreferences.setState({ stopGifs: false }));
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/a/anim.gif');
  });

  it('keeps custom emoji in posts still until hovered', () => {
    const { container } = render(
      <RichContent
        html="<p>:party:</p>"
        emojis={[{ shortcode: 'party', url: '/e/party.gif', staticUrl: '/e/party.png' }]}
      />,
    );
    const emoji = container.querySelector('img')!;
    expect(emoji.getAttribute('src')).toBe('/e/party.png');
    pointerEnters(emoji);
    expect(emoji.getAttribute('src')).toBe('/e/party.gif');
  });

  it('shows the first frame of an animated avatar the server gives no still version of', () => {
    const { container } = render(
      <StillImage src="/a/anim.gif" stillSrc="/a/anim.gif" alt="Bob" width={48} height={48} />,
    );
    const frame = container.querySelector('canvas')!;
    expect(container.querySelector('img')).toBeNull();
    expect(frame.getAttribute('role')).toBe('img');
    expect(frame.getAttribute('aria-label')).toBe('Bob');
    pointerEnters(frame);
    const image = container.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/a/anim.gif');
    pointerLeaves(image);
    expect(container.querySelector('canvas')).not.toBeNull();
  });

  it('freezes again when the pointer leaves a picture swapped in under it', () => {
    const { container } = render(<StillImage src="/a/anim.gif" stillSrc={null} alt="" />);
    pointerEnters(container.querySelector('canvas')!);
    const image = container.querySelector('img')!;
    // The canvas was replaced under the pointer, so the browser hovers the wrapper now and sends
    // the leave there alone: no mouseout, and nothing on the image.
    pointerLeaves(image.parentElement!);
    expect(container.querySelector('canvas')).not.toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });

  it('leaves a still format as an image', () => {
    const { container } = render(<StillImage src="/a/photo.jpg" stillSrc="/a/photo.jpg" alt="" />);
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/a/photo.jpg');
  });
});
