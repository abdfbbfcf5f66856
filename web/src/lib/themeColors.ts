/**
 * Colour arithmetic for the theme engine: parsing, mixing, and WCAG 2 contrast (spec part 2, §5:
 * a text colour is adjusted until its contrast with its background is at least 4.5).
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export const MIN_CONTRAST = 4.5;

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB_FUNCTION =
  /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})(?:[\s,/]+[\d.]+%?)?\s*\)$/i;

/** `#rgb`, `#rrggbb`, `#rrggbbaa` (alpha ignored) or `rgb(r, g, b)`; anything else is null. */
export function parseColor(value: unknown): Rgb | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const hex = HEX.exec(text)?.[1];
  if (hex) {
    const full =
      hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex.slice(0, 6);
    return {
      r: parseInt(full.slice(0, 2), 16),
      g: parseInt(full.slice(2, 4), 16),
      b: parseInt(full.slice(4, 6), 16),
    };
  }
  const rgb = RGB_FUNCTION.exec(text);
  if (rgb) {
    const [r, g, b] = rgb.slice(1, 4).map(Number) as [number, number, number];
    if (r <= 255 && g <= 255 && b <= 255) return { r, g, b };
  }
  return null;
}

const clampByte = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((part) => clampByte(part).toString(16).padStart(2, '0')).join('')}`;
}

/** The colour `amount` (0..1) of the way from `from` to `to`. */
export function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return {
    r: from.r + (to.r - from.r) * amount,
    g: from.g + (to.g - from.g) * amount,
    b: from.b + (to.b - from.b) * amount,
  };
}

/** Relative luminance as WCAG 2 defines it (0 black .. 1 white). */
export function luminance({ r, g, b }: Rgb): number {
  const channel = (value: number) => {
    const s = clampByte(value) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio between two colours, 1..21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const isDark = (color: Rgb): boolean => luminance(color) < 0.18;

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const BLACK: Rgb = { r: 0, g: 0, b: 0 };

/** Rounded to hex and back, as the colour is applied. */
const settled = (color: Rgb): Rgb => parseColor(toHex(color)) as Rgb;

const worstRatio = (color: Rgb, backgrounds: readonly Rgb[]) =>
  Math.min(...backgrounds.map((background) => contrastRatio(settled(color), background)));

/**
 * `text`, lightened or darkened just enough that its contrast with every one of `backgrounds` is
 * at least `minimum`: of the two directions, the one that needs the smaller change. When neither
 * gets there (backgrounds far apart), the better of white and black.
 */
export function ensureContrast(
  text: Rgb,
  backgrounds: readonly Rgb[],
  minimum = MIN_CONTRAST,
): Rgb {
  if (backgrounds.length === 0 || worstRatio(text, backgrounds) >= minimum) return settled(text);
  let best: { amount: number; color: Rgb } | null = null;
  for (const target of [WHITE, BLACK]) {
    if (worstRatio(target, backgrounds) < minimum) continue;
    let low = 0;
    let high = 1;
    for (let step = 0; step < 20; step += 1) {
      const middle = (low + high) / 2;
      if (worstRatio(mix(text, target, middle), backgrounds) >= minimum) high = middle;
      else low = middle;
    }
    if (!best || high < best.amount)
      best = { amount: high, color: settled(mix(text, target, high)) };
  }
  if (best) {
    // Rounding to whole channels can land a hair short; one more nudge settles it.
    let color = best.color;
    const target = isDark(backgrounds[0] as Rgb) ? WHITE : BLACK;
    for (let guard = 0; guard < 8 && worstRatio(color, backgrounds) < minimum; guard += 1)
      color = settled(mix(color, target, 0.02));
    return color;
  }
  return worstRatio(WHITE, backgrounds) >= worstRatio(BLACK, backgrounds) ? WHITE : BLACK;
}

/** A colour moved `amount` towards white on a dark scheme, towards black on a light one. */
export function shift(color: Rgb, dark: boolean, amount: number): Rgb {
  return settled(mix(color, dark ? WHITE : BLACK, amount));
}
