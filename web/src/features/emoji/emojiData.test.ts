import { describe, expect, it, vi } from 'vitest';
import {
  customEmojiGroups,
  emojibaseLanguage,
  fullyQualified,
  loadUnicodeEmoji,
  toUnicodeEmoji,
  UNICODE_GROUPS,
} from './emojiData.ts';
import { emojiCandidates, suggestEmoji } from './emojiSearch.ts';

describe('emojibaseLanguage', () => {
  it('maps interface languages to emojibase ones, falling back to English', () => {
    expect(emojibaseLanguage('de')).toBe('de');
    expect(emojibaseLanguage('zh_Hant')).toBe('zh-hant');
    expect(emojibaseLanguage('pt-BR')).toBe('pt');
    expect(emojibaseLanguage('ja_easy')).toBe('ja');
    expect(emojibaseLanguage('eo')).toBe('en');
  });
});

describe('fullyQualified', () => {
  it('drops U+FE0F after emoji-style characters and keeps it after text-style ones', () => {
    expect(fullyQualified('😐\uFE0F')).toBe('😐');
    expect(fullyQualified('👍\uFE0F')).toBe('👍');
    expect(fullyQualified('☺\uFE0F')).toBe('☺\uFE0F');
    expect(fullyQualified('❤\uFE0F')).toBe('❤\uFE0F');
    expect(fullyQualified('1\uFE0F\u20E3')).toBe('1\uFE0F\u20E3');
  });
});

describe('toUnicodeEmoji', () => {
  it('keeps the nine groups in order, dropping components and ungrouped rows', () => {
    const rows = [
      { hexcode: '1F44D', label: 'thumbs up', unicode: '👍', group: 1, order: 2, tags: ['+1'] },
      { hexcode: '1F600', label: 'grinning face', unicode: '😀', group: 0, order: 1, tags: [] },
      { hexcode: '1F3FB', label: 'light skin tone', unicode: '🏻', group: 2, order: 3 },
      { hexcode: '1F1E6', label: 'regional indicator A', unicode: '🇦' },
    ];
    const emoji = toUnicodeEmoji(rows, { '1F44D': ['+1', 'thumbsup'], '1F600': 'grinning' });
    expect(emoji).toEqual([
      {
        unicode: '😀',
        name: 'grinning face',
        shortcodes: ['grinning'],
        keywords: [],
        group: 'smileys-and-emotion',
      },
      {
        unicode: '👍',
        name: 'thumbs up',
        shortcodes: ['+1', 'thumbsup'],
        keywords: ['+1'],
        group: 'people-and-body',
      },
    ]);
  });
});

describe('loadUnicodeEmoji', () => {
  it('loads the real data on demand, with annotations in the asked language', async () => {
    const [english, german] = await Promise.all([loadUnicodeEmoji('en'), loadUnicodeEmoji('de')]);
    const grinning = english.find((emoji) => emoji.unicode === '😀');
    expect(grinning?.name).toBe('grinning face');
    expect(grinning?.shortcodes).toContain('grinning');
    expect(german.find((emoji) => emoji.unicode === '😀')?.name).toBe('grinsendes Gesicht');
    expect(new Set(english.map((emoji) => emoji.group))).toEqual(new Set(UNICODE_GROUPS));
    // Skin-tone variants are not separate emoji.
    expect(english.some((emoji) => emoji.unicode === '👍🏻')).toBe(false);
    // Cached per language.
    expect(loadUnicodeEmoji('en')).toBe(loadUnicodeEmoji('en'));
  });

  it('falls back to English for a language emojibase lacks', async () => {
    const emoji = await loadUnicodeEmoji('eo');
    expect(emoji.find((e) => e.unicode === '😀')?.name).toBe('grinning face');
  });

  it('lets the autocomplete find unicode emoji by shortcode, each once', async () => {
    const unicode = await loadUnicodeEmoji('en');
    const thumbsUp = unicode.find((emoji) => emoji.name === 'thumbs up')?.unicode;
    expect(thumbsUp).toBe('👍');
    const candidates = emojiCandidates(
      [{ shortcode: 'thumbsup_blob', url: '/emoji/t.png', tags: [] }],
      unicode,
    );
    const found = suggestEmoji('thumbsup', candidates);
    expect(found[0]?.replacement).toBe(thumbsUp);
    expect(found[1]?.replacement).toBe(':thumbsup_blob:');
    expect(found.filter((s) => s.replacement === thumbsUp)).toHaveLength(1);
  });
});

describe('customEmojiGroups', () => {
  it('groups by pack tag, then by first tag, with unpacked emoji last', () => {
    const blob = { shortcode: 'blob', url: '/b.png', tags: ['pack:blobs'] };
    const blobcat = { shortcode: 'blobcat', url: '/c.png', tags: ['cats', 'pack:blobs'] };
    const bird = { shortcode: 'bird', url: '/d.png', tags: ['Starling'] };
    const lone = { shortcode: 'lone', url: '/e.png', tags: [] };
    expect(customEmojiGroups([lone, blob, bird, blobcat])).toEqual([
      { id: 'custom-blobs', pack: 'blobs', emojis: [blob, blobcat] },
      { id: 'custom-Starling', pack: 'Starling', emojis: [bird] },
      { id: 'custom', pack: null, emojis: [lone] },
    ]);
  });
});

describe('failures', () => {
  it('are logged, never thrown', async () => {
    vi.resetModules();
    vi.doMock('emojibase-data/en/shortcodes/emojibase.json', () => {
      throw new Error('chunk failed');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fresh = await import('./emojiData.ts');
    const emoji = await fresh.loadUnicodeEmoji('en');
    expect(emoji.length).toBeGreaterThan(1000);
    expect(emoji[0]?.shortcodes).toEqual([]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
    vi.doUnmock('emojibase-data/en/shortcodes/emojibase.json');
  });
});
