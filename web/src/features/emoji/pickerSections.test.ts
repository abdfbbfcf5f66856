import { describe, expect, it } from 'vitest';
import { emojiScore } from '../../lib/autocomplete.ts';
import { pickerSections } from './pickerSections.ts';

describe('emojiScore (spec: exact +200, image +100, prefix +10, minus length)', () => {
  it('adds the parts of the rule', () => {
    expect(emojiScore('starling', 'starling', true)).toBe(200 + 100 + 10 - 8);
    expect(emojiScore('starling', 'blobstarling', true)).toBe(100 - 12);
    expect(emojiScore('star', 'starling', false)).toBe(10 - 8);
    expect(emojiScore('star', 'STAR', false)).toBe(200 + 10 - 4);
  });
});

describe('pickerSections search order', () => {
  const emoji = (shortcode: string) => ({ shortcode, url: `/emoji/${shortcode}.png`, tags: [] });

  it('puts the exact name before longer names containing it', () => {
    const sections = pickerSections(
      'starling',
      [emoji('blobstarling'), emoji('starling_happy'), emoji('starling')],
      [],
    );
    const cells = sections.flatMap((section) => section.cells.map((cell) => cell.text));
    expect(cells).toEqual([':starling:', ':starling_happy:', ':blobstarling:']);
  });

  it('keeps the instance order when not searching', () => {
    const sections = pickerSections('', [emoji('b'), emoji('a')], []);
    expect(sections.flatMap((section) => section.cells.map((cell) => cell.text))).toEqual([
      ':b:',
      ':a:',
    ]);
  });
});
