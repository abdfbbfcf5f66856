import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canVote,
  isPollExpired,
  largestUnit,
  optionPercentages,
  pollDeadline,
  pollMode,
  pollVoters,
  toggleChoice,
} from './polls.ts';

const NOW = Date.parse('2024-05-01T12:00:00Z');

describe('isPollExpired', () => {
  it('follows the server flag', () => {
    expect(isPollExpired({ expired: true, expiresAt: null }, NOW)).toBe(true);
  });
  it('is expired once expires_at is past, even when the server still said open', () => {
    expect(isPollExpired({ expired: false, expiresAt: '2024-05-01T11:59:59Z' }, NOW)).toBe(true);
    expect(isPollExpired({ expired: false, expiresAt: '2024-05-01T12:00:00Z' }, NOW)).toBe(true);
    expect(isPollExpired({ expired: false, expiresAt: '2024-05-01T12:00:01Z' }, NOW)).toBe(false);
  });
  it('never expires without an end time or with an unreadable one', () => {
    expect(isPollExpired({ expired: false, expiresAt: null }, NOW)).toBe(false);
    expect(isPollExpired({ expired: false, expiresAt: 'soon' }, NOW)).toBe(false);
  });
});

describe('pollMode', () => {
  it('votes only when signed in, not voted and not expired', () => {
    expect(pollMode({ signedIn: true, voted: false, expired: false })).toBe('vote');
    expect(pollMode({ signedIn: true, voted: true, expired: false })).toBe('results');
    expect(pollMode({ signedIn: true, voted: false, expired: true })).toBe('results');
    expect(pollMode({ signedIn: false, voted: false, expired: false })).toBe('results');
  });
});

describe('choices', () => {
  it('a single-choice poll keeps only the last click', () => {
    expect(toggleChoice([], 2, false)).toEqual([2]);
    expect(toggleChoice([2], 0, false)).toEqual([0]);
    expect(toggleChoice([2], 2, false)).toEqual([2]);
  });
  it('a multiple-choice poll toggles, sorted', () => {
    expect(toggleChoice([], 2, true)).toEqual([2]);
    expect(toggleChoice([2], 0, true)).toEqual([0, 2]);
    expect(toggleChoice([0, 2], 2, true)).toEqual([0]);
  });
  it('needs at least one choice to vote', () => {
    expect(canVote([])).toBe(false);
    expect(canVote([0])).toBe(true);
  });
  it('toggling twice in a multiple-choice poll gives the choices back', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(9)), fc.nat(9), (choices, index) => {
        const sorted = [...choices].sort((a, b) => a - b);
        expect(toggleChoice(toggleChoice(sorted, index, true), index, true)).toEqual(sorted);
      }),
    );
  });
});

describe('optionPercentages', () => {
  const options = (...counts: (number | null)[]) => counts.map((votesCount) => ({ votesCount }));
  it('rounds each share of the votes', () => {
    expect(
      optionPercentages({
        multiple: false,
        votesCount: 3,
        votersCount: 3,
        options: options(1, 2, 0),
      }),
    ).toEqual([33, 67, 0]);
  });
  it('gives 0 with no votes or hidden counts', () => {
    expect(
      optionPercentages({ multiple: false, votesCount: 0, votersCount: 0, options: options(0, 0) }),
    ).toEqual([0, 0]);
    expect(
      optionPercentages({
        multiple: false,
        votesCount: 4,
        votersCount: null,
        options: options(null),
      }),
    ).toEqual([0]);
  });
  it('measures a multiple-choice poll against voters', () => {
    expect(
      optionPercentages({ multiple: true, votesCount: 4, votersCount: 2, options: options(2, 2) }),
    ).toEqual([100, 100]);
    expect(
      optionPercentages({
        multiple: true,
        votesCount: 4,
        votersCount: null,
        options: options(2, 2),
      }),
    ).toEqual([50, 50]);
  });
  it('stays within 0..100 for any counts', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(fc.option(fc.nat(1000), { nil: null }), { maxLength: 6 }),
        fc.option(fc.nat(1000), { nil: null }),
        (multiple, counts, voters) => {
          const votes = counts.reduce<number>((sum, n) => sum + (n ?? 0), 0);
          const result = optionPercentages({
            multiple,
            votesCount: votes,
            votersCount: voters,
            options: options(...counts),
          });
          expect(result).toHaveLength(counts.length);
          for (const p of result) expect(p >= 0 && p <= 100 && Number.isInteger(p)).toBe(true);
        },
      ),
    );
  });
  it('counts people: voters when known, else votes', () => {
    expect(pollVoters({ votesCount: 5, votersCount: 3 })).toBe(3);
    expect(pollVoters({ votesCount: 5, votersCount: null })).toBe(5);
  });
});

describe('deadline', () => {
  it('reads the largest whole unit', () => {
    expect(largestUnit(59_000)).toEqual({ value: 59, unit: 'second' });
    expect(largestUnit(-90 * 60_000)).toEqual({ value: 1, unit: 'hour' });
    expect(largestUnit(3 * 24 * 3600_000 + 5)).toEqual({ value: 3, unit: 'day' });
    expect(largestUnit(500)).toEqual({ value: 0, unit: 'second' });
  });
  it('says open or closed', () => {
    expect(pollDeadline({ expired: false, expiresAt: '2024-05-01T12:10:00Z' }, NOW)).toEqual({
      state: 'open',
      value: 10,
      unit: 'minute',
    });
    expect(pollDeadline({ expired: false, expiresAt: '2024-04-29T12:00:00Z' }, NOW)).toEqual({
      state: 'closed',
      value: 2,
      unit: 'day',
    });
    expect(pollDeadline({ expired: false, expiresAt: null }, NOW)).toBeNull();
  });
});
