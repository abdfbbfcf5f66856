import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  htmlToPlainText,
  isGreentextLine,
  isLongSubject,
  isTallPost,
  LONG_SUBJECT_CHARS,
  MENTIONS_SHOWN,
  paragraphAndBreakCount,
  shortenSubject,
  splitMentions,
} from './statusText.ts';

describe('tall posts', () => {
  it('counts paragraphs and breaks but not other tags starting with p or br', () => {
    expect(paragraphAndBreakCount('<p>a</p><p class="x">b<br>c<br/>d</p><pre>e</pre>')).toBe(4);
  });

  it('is tall only when paragraphs and breaks plus length / 80 exceed 20', () => {
    const breaks = (n: number) => `<p>${'x<br>'.repeat(n)}</p>`;
    // 1 paragraph + 19 breaks = 20, plus 0 chars: not over 20.
    expect(isTallPost(breaks(19), '')).toBe(false);
    // 1 + 19 = 20, plus 1/80: over.
    expect(isTallPost(breaks(19), 'x')).toBe(true);
    // Length alone: 1600 chars = 20, not over; 1601 is.
    expect(isTallPost('', 'a'.repeat(1600))).toBe(false);
    expect(isTallPost('', 'a'.repeat(1601))).toBe(true);
    // Mixed: 10 breaks + 800 chars = 20; one more character tips it.
    expect(isTallPost('<br>'.repeat(10), 'a'.repeat(800))).toBe(false);
    expect(isTallPost('<br>'.repeat(10), 'a'.repeat(801))).toBe(true);
  });
});

describe('long subjects', () => {
  it('leaves a subject of 240 characters alone and shortens one of 241', () => {
    const exact = 'a'.repeat(LONG_SUBJECT_CHARS);
    expect(isLongSubject(exact)).toBe(false);
    expect(shortenSubject(exact)).toBe(exact);
    const long = `${exact}b`;
    expect(isLongSubject(long)).toBe(true);
    expect(shortenSubject(long)).toBe(`${exact}…`);
  });

  it('never cuts a character in half and never grows past 241 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (subject) => {
        const short = [...shortenSubject(subject)];
        expect(short.length).toBeLessThanOrEqual(LONG_SUBJECT_CHARS + 1);
        if (!isLongSubject(subject)) expect(short.join('')).toBe(subject);
        else expect(subject.startsWith(short.slice(0, -1).join(''))).toBe(true);
      }),
    );
  });
});

describe('mentions line', () => {
  const mentions = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
  it('shows five and counts the rest behind plus-more', () => {
    expect(splitMentions(mentions, false)).toEqual({ shown: mentions.slice(0, 5), more: 2 });
  });
  it('shows them all when expanded or when five or fewer', () => {
    expect(splitMentions(mentions, true)).toEqual({ shown: mentions, more: 0 });
    expect(splitMentions(mentions.slice(0, MENTIONS_SHOWN), false).more).toBe(0);
    expect(splitMentions([], false)).toEqual({ shown: [], more: 0 });
  });
});

describe('greentext and plain text', () => {
  it('recognises lines starting with >', () => {
    expect(isGreentextLine('>implying')).toBe(true);
    expect(isGreentextLine('  > quoted')).toBe(true);
    expect(isGreentextLine('a > b')).toBe(false);
  });
  it('turns HTML into text with line breaks and decoded entities', () => {
    expect(htmlToPlainText('<p>Fish &amp; chips<br>&gt;tasty &#x1F41F;</p><p>bye</p>')).toBe(
      'Fish & chips\n>tasty 🐟\n\nbye',
    );
  });
});
