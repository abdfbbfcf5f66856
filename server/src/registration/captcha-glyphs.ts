/**
 * The captcha's letters, drawn as strokes of our own rather than with SVG text, so the image needs
 * no font on the machine. Each glyph is an SVG path in a box 10 wide and 16 high (y down, the
 * baseline at 16), stroked with round ends.
 *
 * The alphabet leaves out look-alikes (0 O Q D, 1 I L, 2 Z, 5 S, 8 B, G 6): a distorted letter
 * should still read as only one thing.
 */
export const CAPTCHA_GLYPHS: Readonly<Record<string, string>> = {
  A: 'M0 16 L5 0 L10 16 M2.2 10 L7.8 10',
  C: 'M10 3 C8 0 2 -1 1 5 C0.4 8 0.4 9 1 11 C2 17 8 16 10 13',
  E: 'M10 0 L1 0 L1 16 L10 16 M1 8 L7.5 8',
  F: 'M10 0 L1 0 L1 16 M1 7.5 L7.5 7.5',
  H: 'M1 0 L1 16 M9 0 L9 16 M1 8 L9 8',
  J: 'M9 0 L9 11 C9 17 1 17 1 12',
  K: 'M1 0 L1 16 M10 0 L1 10 M4 7 L10 16',
  M: 'M0 16 L1 0 L5 10 L9 0 L10 16',
  N: 'M1 16 L1 0 L9 16 L9 0',
  P: 'M1 16 L1 0 L6 0 C11 0 11 8 6 8 L1 8',
  R: 'M1 16 L1 0 L6 0 C11 0 11 8 6 8 L1 8 M5 8 L10 16',
  T: 'M0 0 L10 0 M5 0 L5 16',
  U: 'M1 0 L1 11 C1 17 9 17 9 11 L9 0',
  V: 'M0 0 L5 16 L10 0',
  W: 'M0 0 L2 16 L5 6 L8 16 L10 0',
  X: 'M0 0 L10 16 M10 0 L0 16',
  Y: 'M0 0 L5 8 L10 0 M5 8 L5 16',
  '3': 'M1 2 C3 -1 9 -0.5 9 4 C9 7 6 8 4 8 C7 8 10 9 10 12 C10 16.5 3 17 1 14',
  '4': 'M7 16 L7 0 L0 11 L10 11',
  '7': 'M0 0 L10 0 L4 16',
  '9': 'M2 15.5 C6 17 9 12 9 6 C9 -1 0.5 -1 0.5 5 C0.5 10 7.5 10 9 6',
};

export const CAPTCHA_ALPHABET = Object.keys(CAPTCHA_GLYPHS).join('');
