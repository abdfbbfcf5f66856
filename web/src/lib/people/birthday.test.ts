import { describe, expect, it } from 'vitest';
import type { AccountSource } from '../../api/types.ts';
import { cardBirthday, formatBirthday } from './birthday.ts';

const source = (showBirthday: boolean | null) => ({ showBirthday }) as AccountSource;

describe('cardBirthday', () => {
  it('shows what the server sent, and nothing when it sent none', () => {
    expect(cardBirthday({ birthday: '1990-05-01', source: null }, false)).toEqual({
      date: '1990-05-01',
      onlyYou: false,
    });
    expect(cardBirthday({ birthday: null, source: null }, false)).toBeNull();
    expect(cardBirthday({ birthday: '', source: source(true) }, true)).toBeNull();
    expect(cardBirthday({ birthday: 'soon', source: null }, false)).toBeNull();
  });

  it('marks the owner’s own hidden birthday as seen by them alone', () => {
    expect(cardBirthday({ birthday: '1990-05-01', source: source(false) }, true)?.onlyYou).toBe(
      true,
    );
    expect(cardBirthday({ birthday: '1990-05-01', source: source(true) }, true)?.onlyYou).toBe(
      false,
    );
    // A server that does not say keeps the plain display.
    expect(cardBirthday({ birthday: '1990-05-01', source: source(null) }, true)?.onlyYou).toBe(
      false,
    );
  });
});

describe('formatBirthday', () => {
  it('keeps the calendar day whatever the time zone', () => {
    expect(formatBirthday('1990-05-01', 'en-US')).toBe('5/1/1990');
    expect(formatBirthday('2000-12-31', 'en-GB')).toBe('31/12/2000');
    expect(formatBirthday('not a date')).toBe('');
  });
});
