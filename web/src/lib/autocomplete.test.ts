import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  insertAtCaret,
  isRemoteMentionQuery,
  MAX_USER_MATCHES,
  parseTrigger,
  replaceWord,
  scoreEmoji,
  scoreUsers,
  wordAtCaret,
} from './autocomplete.ts';

describe('wordAtCaret', () => {
  it('finds the whitespace-delimited word touching the caret', () => {
    expect(wordAtCaret('hello @ali there', 10)).toEqual({ word: '@ali', start: 6, end: 10 });
    expect(wordAtCaret('hello @ali there', 6)).toEqual({ word: '@ali', start: 6, end: 10 });
    expect(wordAtCaret('hello @ali there', 8)).toEqual({ word: '@ali', start: 6, end: 10 });
    expect(wordAtCaret('line\n:blob', 10)).toEqual({ word: ':blob', start: 5, end: 10 });
  });

  it('is null when the caret touches no word', () => {
    expect(wordAtCaret('', 0)).toBeNull();
    expect(wordAtCaret('a  b', 2)).toBeNull();
    expect(wordAtCaret('word ', 5)).toBeNull();
  });

  it('always returns a slice of the text without whitespace that contains the caret', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), (text, rawCaret) => {
        const caret = rawCaret % (text.length + 1);
        const found = wordAtCaret(text, caret);
        if (!found) return;
        expect(text.slice(found.start, found.end)).toBe(found.word);
        expect(found.word).not.toMatch(/\s/);
        expect(found.start).toBeLessThanOrEqual(caret);
        expect(found.end).toBeGreaterThanOrEqual(caret);
      }),
    );
  });
});

describe('parseTrigger', () => {
  it('starts only once the word is longer than one character', () => {
    expect(parseTrigger('@')).toBeNull();
    expect(parseTrigger(':')).toBeNull();
    expect(parseTrigger('@a')).toEqual({ kind: 'user', query: 'a' });
    expect(parseTrigger(':bl')).toEqual({ kind: 'emoji', query: 'bl' });
    expect(parseTrigger('#ta')).toEqual({ kind: 'hashtag', query: 'ta' });
  });

  it('ignores words without a trigger character and a closing colon of a shortcode', () => {
    expect(parseTrigger('hello')).toBeNull();
    expect(parseTrigger('a@b')).toBeNull();
    expect(parseTrigger(':blob:')).toEqual({ kind: 'emoji', query: 'blob' });
    expect(parseTrigger('::')).toBeNull();
  });

  it('tells remote mention queries apart', () => {
    expect(isRemoteMentionQuery('alice@example.com')).toBe(true);
    expect(isRemoteMentionQuery('alice')).toBe(false);
  });
});

describe('scoreUsers', () => {
  const alice = { screenName: 'alice', name: 'Alice' };
  const bob = { screenName: 'bob', name: 'Alice Bob' };
  const alf = { screenName: 'alf@remote.example', name: 'Zed' };
  const carol = { screenName: 'carol', name: 'Carol' };

  it('ranks screen-name and name prefix matches and drops the rest', () => {
    expect(scoreUsers('al', [carol, bob, alf, alice])).toEqual([alice, alf, bob]);
  });

  it('is case-insensitive and accepts the @', () => {
    expect(scoreUsers('@AL', [alice])).toEqual([alice]);
  });

  it('breaks ties by name', () => {
    const users = [
      { screenName: 'x2', name: 'Beta' },
      { screenName: 'x1', name: 'Alpha' },
    ];
    expect(scoreUsers('x', users).map((u) => u.name)).toEqual(['Alpha', 'Beta']);
  });

  it(`keeps at most ${MAX_USER_MATCHES}`, () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ screenName: `u${i}`, name: `U ${i}` }));
    expect(scoreUsers('u', many)).toHaveLength(MAX_USER_MATCHES);
  });
});

describe('scoreEmoji', () => {
  const blob = { displayText: 'blob', imageUrl: '/emoji/blob.png' };
  const blobcat = { displayText: 'blobcat', imageUrl: '/emoji/blobcat.png' };
  const cryblob = { displayText: 'cryblob', imageUrl: '/emoji/cryblob.png' };
  const unicodeBlob = { displayText: 'blob' };
  const smile = { displayText: 'smile' };

  it('keeps only emoji containing the query', () => {
    expect(scoreEmoji('blob', [smile, cryblob])).toEqual([cryblob]);
  });

  it('puts the exact name first, then images, prefixes and shorter names', () => {
    expect(scoreEmoji('blob', [cryblob, blobcat, unicodeBlob, blob])).toEqual([
      blob,
      unicodeBlob,
      blobcat,
      cryblob,
    ]);
  });

  it('prefers a custom emoji over a unicode one of the same kind of match', () => {
    const grin = { displayText: 'grinning' };
    const grinCustom = { displayText: 'grinning_blob', imageUrl: '/g.png' };
    expect(scoreEmoji('grin', [grin, grinCustom])).toEqual([grinCustom, grin]);
  });

  it('ignores case and colons', () => {
    expect(scoreEmoji(':BLOB:', [blob])).toEqual([blob]);
  });
});

describe('replaceWord', () => {
  it('replaces the word, adds a space and puts the caret after it', () => {
    expect(replaceWord('hi @al', 3, 6, '@alice@example.com')).toEqual({
      text: 'hi @alice@example.com ',
      caret: 22,
    });
  });

  it('does not double a space that already follows', () => {
    expect(replaceWord(':bl and more', 0, 3, ':blob:')).toEqual({
      text: ':blob: and more',
      caret: 7,
    });
  });

  it('keeps the text around the word', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (before, after, replacement) => {
        const text = `${before}#x${after}`;
        const result = replaceWord(text, before.length, before.length + 2, replacement);
        expect(result.text.startsWith(before + replacement)).toBe(true);
        expect(result.text.endsWith(after)).toBe(true);
        expect(result.text.charAt(before.length + replacement.length)).toMatch(/\s/);
        expect(result.caret).toBe(before.length + replacement.length + 1);
      }),
    );
  });
});

describe('insertAtCaret', () => {
  const caretAt = (at: number) => ({ selectionStart: at, selectionEnd: at });

  it('inserts at the caret or in place of the selection', () => {
    expect(insertAtCaret(caretAt(2), 'abcd', '😀')).toEqual({ value: 'ab😀cd', caret: 4 });
    expect(insertAtCaret({ selectionStart: 1, selectionEnd: 3 }, 'abcd', 'X')).toEqual({
      value: 'aXd',
      caret: 2,
    });
  });

  it('appends when there is no selection', () => {
    expect(insertAtCaret(null, 'abc', 'X')).toEqual({ value: 'abcX', caret: 4 });
  });

  it('pads with spaces only where the neighbours are not spaces', () => {
    expect(insertAtCaret(caretAt(2), 'abcd', ':blob:', { pad: true })).toEqual({
      value: 'ab :blob: cd',
      caret: 10,
    });
    expect(insertAtCaret(caretAt(3), 'ab cd', ':blob:', { pad: true })).toEqual({
      value: 'ab :blob: cd',
      caret: 10,
    });
    expect(insertAtCaret(caretAt(0), '', ':blob:', { pad: true })).toEqual({
      value: ':blob: ',
      caret: 7,
    });
  });

  it('keeps the text on both sides for any selection', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(), fc.nat(), fc.string(), (value, a, b, insert) => {
        const start = Math.min(a, b) % (value.length + 1);
        const end = Math.max(start, Math.max(a, b) % (value.length + 1));
        const result = insertAtCaret({ selectionStart: start, selectionEnd: end }, value, insert);
        expect(result.value).toBe(value.slice(0, start) + insert + value.slice(end));
        expect(result.caret).toBe(start + insert.length);
      }),
    );
  });
});
