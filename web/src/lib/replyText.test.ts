import { describe, expect, it } from 'vitest';
import { replyMentions, replySubject } from './replyText.ts';

describe('replyMentions', () => {
  it('names the author and every mentioned account once, never the one replying', () => {
    const text = replyMentions(
      {
        authorAcct: 'bob',
        mentionAccts: ['alice', 'kestrel@elsewhere.example', 'BOB'],
        spoilerText: '',
      },
      'alice',
    );
    expect(text).toBe('@bob @kestrel@elsewhere.example ');
  });

  it('is empty when replying to oneself alone', () => {
    expect(replyMentions({ authorAcct: 'alice', mentionAccts: [], spoilerText: '' }, 'alice')).toBe(
      '',
    );
  });
});

describe('replySubject', () => {
  it('follows the subject-line behaviour', () => {
    expect(replySubject('spoilers', 'noop')).toBe('');
    expect(replySubject('spoilers', 'masto')).toBe('spoilers');
    expect(replySubject('spoilers', 'email')).toBe('re: spoilers');
  });

  it('does not stack "re:" prefixes', () => {
    expect(replySubject('Re: spoilers', 'email')).toBe('Re: spoilers');
  });

  it('leaves an original without subject without one', () => {
    expect(replySubject('', 'email')).toBe('');
  });
});
