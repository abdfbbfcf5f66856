import { describe, expect, it } from 'vitest';
import { emojiScore } from '../../lib/autocomplete.ts';
import { RECENT_EMOJI_MAX, withRecent } from '../../state/recentEmoji.ts';
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

describe('recently used emoji', () => {
  const blob = { text: ':blob:', label: ':blob:', imageUrl: '/emoji/blob.png' };
  const smile = { text: '😀', label: 'grinning face', imageUrl: null };

  it('come first as a group of ordinary cells, except while searching', () => {
    const sections = pickerSections('', [], [], [blob, smile]);
    expect(sections[0]?.id).toBe('recent');
    expect(sections[0]?.cells.map((cell) => cell.text)).toEqual([':blob:', '😀']);
    expect(sections[0]?.cells[0]).toMatchObject({ imageUrl: '/emoji/blob.png', label: ':blob:' });
    expect(pickerSections('blob', [], [], [blob])[0]?.id).not.toBe('recent');
  });

  it('keep the last pick first, once, and at most 18', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({
      text: `${i}`,
      label: `${i}`,
      imageUrl: null,
    }));
    const list = withRecent(many, { text: '5', label: '5', imageUrl: null });
    expect(list).toHaveLength(RECENT_EMOJI_MAX);
    expect(list[0]?.text).toBe('5');
    expect(list.filter((item) => item.text === '5')).toHaveLength(1);
  });
});
