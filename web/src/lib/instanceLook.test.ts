import { describe, expect, it } from 'vitest';
import { backgroundStyle, cssUrl, logoLook } from './instanceLook.ts';

describe('backgroundStyle', () => {
  it('covers the page with the instance image', () => {
    expect(backgroundStyle('/images/city.jpg')).toMatchObject({
      backgroundImage: 'url("/images/city.jpg")',
      backgroundSize: 'cover',
    });
    // Fixed to the window by the element it is drawn on: a fixed attachment repaints the whole
    // window on every frame of a scroll.
    expect(backgroundStyle('/images/city.jpg')).not.toHaveProperty('backgroundAttachment');
  });
  it('gives nothing for no image or an unsafe address', () => {
    expect(backgroundStyle('')).toBeUndefined();
    expect(backgroundStyle('javascript:alert(1)')).toBeUndefined();
    expect(backgroundStyle('/\\evil.example/x.png')).toBeUndefined();
  });
});

describe('cssUrl', () => {
  it('cannot be closed early by a quote in the address', () => {
    expect(cssUrl('/a").b{x:y}')).toBe('url("/a\\22 ).b{x:y}")');
  });
});

describe('logoLook', () => {
  it('masks the logo with the text colour when logoMask is on', () => {
    const look = logoLook('/logo.svg', true, '.1em');
    expect(look).toMatchObject({ src: '/logo.svg', mask: true });
    expect(look.style).toMatchObject({ maskImage: 'url("/logo.svg")', marginTop: '.1em' });
  });
  it('draws the logo as it is without the mask, and refuses margins that are not lengths', () => {
    const look = logoLook('/logo.svg', false, '1px; background: red');
    expect(look.mask).toBe(false);
    expect(look.style).toEqual({ marginTop: '0', marginBottom: '0' });
  });
});
