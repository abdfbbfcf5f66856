import { describe, expect, it } from 'vitest';
import { sharedText } from './shareTarget.ts';

const shared = (query: Record<string, string>) => sharedText(new URLSearchParams(query));

describe('what is shared with the installed app', () => {
  it('opens the composer with the text and the link on its own line', () => {
    expect(shared({ text: 'Look at this', url: 'https://example.com/a' })).toBe(
      'Look at this\nhttps://example.com/a',
    );
  });

  it('gives the link once when the text carries it already', () => {
    expect(shared({ text: 'Look https://example.com/a', url: 'https://example.com/a' })).toBe(
      'Look https://example.com/a',
    );
  });

  it('starts with the title when it is not part of the text', () => {
    expect(shared({ title: 'A page', url: 'https://example.com/a' })).toBe(
      'A page\nhttps://example.com/a',
    );
    expect(shared({ title: 'Look', text: 'Look at this' })).toBe('Look at this');
  });

  it('is empty when nothing was shared', () => {
    expect(shared({})).toBe('');
    expect(shared({ text: '   ' })).toBe('');
  });
});
