import { describe, expect, it } from 'vitest';
import { canAnimateOnHover, isGifImage, needsFrozenFrame, shownImageUrl } from './stillImages.ts';

describe('shownImageUrl', () => {
  it('shows the still picture with stopGifs until hovered', () => {
    expect(shownImageUrl('/a.gif', '/a.png', true, false)).toBe('/a.png');
    expect(shownImageUrl('/a.gif', '/a.png', true, true)).toBe('/a.gif');
  });

  it('shows the original with stopGifs off or without a still picture', () => {
    expect(shownImageUrl('/a.gif', '/a.png', false, false)).toBe('/a.gif');
    expect(shownImageUrl('/a.gif', '', true, false)).toBe('/a.gif');
    expect(shownImageUrl('/a.gif', null, true, false)).toBe('/a.gif');
  });
});

describe('canAnimateOnHover', () => {
  it('only when the still picture differs and stopGifs is on', () => {
    expect(canAnimateOnHover('/a.gif', '/a.png', true)).toBe(true);
    expect(canAnimateOnHover('/a.png', '/a.png', true)).toBe(false);
    expect(canAnimateOnHover('/a.gif', '/a.png', false)).toBe(false);
    expect(canAnimateOnHover('/a.jpg', undefined, true)).toBe(false);
  });
});

describe('needsFrozenFrame', () => {
  it('freezes an animatable picture that has no distinct still version (as Pleroma serves)', () => {
    expect(needsFrozenFrame('/a.gif', '/a.gif', true)).toBe(true);
    expect(needsFrozenFrame('/a.webp?v=2', null, true)).toBe(true);
    expect(canAnimateOnHover('/a.gif', '/a.gif', true)).toBe(true);
  });

  it('leaves alone pictures with a still version, formats that cannot animate, and stopGifs off', () => {
    expect(needsFrozenFrame('/a.gif', '/a.png', true)).toBe(false);
    expect(needsFrozenFrame('/a.jpg', '/a.jpg', true)).toBe(false);
    expect(needsFrozenFrame('/gif/a.png', null, true)).toBe(false);
    expect(needsFrozenFrame('/a.gif', '/a.gif', false)).toBe(false);
  });
});

describe('isGifImage', () => {
  it('goes by the declared type, or by the address when there is none', () => {
    expect(isGifImage('image/gif', '/media/abc')).toBe(true);
    expect(isGifImage('image/png', '/media/a.gif')).toBe(false);
    expect(isGifImage(null, '/media/a.GIF?x=1')).toBe(true);
    expect(isGifImage(null, '/media/a.png')).toBe(false);
  });
});
