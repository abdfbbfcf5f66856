import { describe, expect, it } from 'vitest';
import { nameWithCount, pollName, postName, shownCount, textStart } from './accessibleNames.ts';

describe('nameWithCount', () => {
  it('adds the count the control shows', () => {
    expect(nameWithCount('Favorite', 1)).toBe('Favorite 1');
    expect(nameWithCount('Reply', 12)).toBe('Reply 12');
  });
  it('leaves the label alone when no count shows', () => {
    expect(nameWithCount('Favorite', null)).toBe('Favorite');
    expect(nameWithCount('Favorite', undefined)).toBe('Favorite');
  });
});

describe('shownCount', () => {
  it('is the count when there is one and stats are shown', () => {
    expect(shownCount(3, false)).toBe(3);
  });
  it('is nothing for zero or hidden stats', () => {
    expect(shownCount(0, false)).toBeNull();
    expect(shownCount(3, true)).toBeNull();
  });
});

describe('textStart', () => {
  it('keeps a short text whole, with its spaces folded', () => {
    expect(textStart('  Hello\n\nworld ')).toBe('Hello world');
  });
  it('cuts a long text at a word and marks the cut', () => {
    const text = 'word '.repeat(40);
    const start = textStart(text, 22);
    expect(start).toBe('word word word word…');
  });
  it('cuts inside a word when there is no space late enough', () => {
    expect(textStart('a'.repeat(30), 10)).toBe(`${'a'.repeat(10)}…`);
  });
});

describe('postName', () => {
  it('reads author, time and the start of the text', () => {
    expect(postName({ author: 'Alice', time: '5 minutes ago', text: 'Starlings at dusk' })).toBe(
      'Alice, 5 minutes ago, Starlings at dusk',
    );
  });
  it('reads the content warning instead of the hidden text', () => {
    expect(
      postName({
        author: 'Bob',
        time: '1 hour ago',
        text: 'spoiler',
        contentWarning: 'Film ending',
      }),
    ).toBe('Bob, 1 hour ago, Film ending');
  });
  it('leaves out an empty text', () => {
    expect(postName({ author: 'Carol', time: 'now', text: '' })).toBe('Carol, now');
  });
});

describe('pollName', () => {
  it('tells polls apart by their options', () => {
    expect(pollName('Poll', ['Yes', 'No'])).toBe('Poll: Yes / No');
    expect(pollName('Poll', ['Tea', 'Coffee'])).not.toBe(pollName('Poll', ['Yes', 'No']));
  });
});
