/**
 * The instance's look from its configuration (spec part 1, §7 display options): the page
 * background and how the logo is drawn. Pure: components turn these into style props.
 */
import { safeMediaUrl } from './safeUrl.ts';

/** A CSS url() for an address: quoted, with the characters that could end it escaped. */
export function cssUrl(url: string): string {
  return `url("${url.replace(/["\\\n\r\f]/g, (character) => `\\${character.charCodeAt(0).toString(16)} `)}")`;
}

/** The page background: the instance's image, fixed and covering; nothing for a bad address. */
export function backgroundStyle(background: string): Record<string, string> | undefined {
  const url = safeMediaUrl(background);
  if (!url) return undefined;
  return {
    backgroundImage: cssUrl(url),
    backgroundSize: 'cover',
    backgroundPosition: 'center',
  };
}

export interface LogoLook {
  /** null: no usable logo. */
  src: string | null;
  /** logoMask: the logo is a mask filled with the text colour instead of its own colours. */
  mask: boolean;
  style: Record<string, string>;
}

/** A CSS length the admin typed: numbers with a unit (or 0), nothing else reaches a style. */
const CSS_LENGTH = /^-?(?:\d+|\d*\.\d+)(?:em|rem|px|%|ex|ch|vh|vw)?$/;

export function logoLook(logo: string, logoMask: boolean, logoMargin: string): LogoLook {
  const src = safeMediaUrl(logo);
  const margin = CSS_LENGTH.test(logoMargin.trim()) ? logoMargin.trim() : '0';
  const style: Record<string, string> = { marginTop: margin, marginBottom: margin };
  if (src && logoMask) {
    const image = cssUrl(src);
    Object.assign(style, {
      maskImage: image,
      WebkitMaskImage: image,
      maskSize: 'contain',
      WebkitMaskSize: 'contain',
      maskRepeat: 'no-repeat',
      WebkitMaskRepeat: 'no-repeat',
      maskPosition: 'center',
      WebkitMaskPosition: 'center',
    });
  }
  return { src, mask: logoMask, style };
}
