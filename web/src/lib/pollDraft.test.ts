import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addOption,
  availableExpiryUnits,
  canAddOption,
  clampExpiry,
  convertExpiry,
  DEFAULT_POLL_LIMITS,
  EXPIRY_UNIT_SECONDS,
  EXPIRY_UNITS,
  expiresInSeconds,
  MIN_POLL_OPTIONS,
  newPollDraft,
  normalizePollDraft,
  pollDraftError,
  pollPayload,
  removeOption,
  setExpiry,
  setOptionText,
  type ExpiryUnit,
  type PollDraftState,
  type PollLimits,
} from './pollDraft.ts';

const limits = DEFAULT_POLL_LIMITS;
const draft = (over: Partial<PollDraftState> = {}): PollDraftState => ({
  ...newPollDraft(),
  ...over,
});

const limitsArb: fc.Arbitrary<PollLimits> = fc
  .record({
    maxOptions: fc.integer({ min: 2, max: 20 }),
    maxOptionChars: fc.integer({ min: 1, max: 300 }),
    minExpiration: fc.integer({ min: 0, max: 100_000 }),
    span: fc.integer({ min: 0, max: 31_536_000 }),
  })
  .map(({ span, ...rest }) => ({
    ...rest,
    maxExpiration: Math.max(rest.minExpiration, EXPIRY_UNIT_SECONDS.minutes) + span,
  }));
const unitArb = fc.constantFrom<ExpiryUnit>(...EXPIRY_UNITS);
const amountArb = fc.oneof(
  fc.integer({ min: -1000, max: 100_000 }),
  fc.double({ noNaN: false }),
  fc.constant(Number.NaN),
);
const draftArb: fc.Arbitrary<PollDraftState> = fc.record({
  options: fc.array(fc.oneof(fc.string(), fc.constantFrom('', ' ', 'yes', ' yes ', 'no')), {
    maxLength: 25,
  }),
  multiple: fc.boolean(),
  expiryAmount: amountArb,
  expiryUnit: unitArb,
});

/** Whether some whole amount of the unit fits between the limits. */
const fits = (unit: ExpiryUnit, l: PollLimits) =>
  Math.floor(l.maxExpiration / EXPIRY_UNIT_SECONDS[unit]) >=
  Math.max(1, Math.ceil(l.minExpiration / EXPIRY_UNIT_SECONDS[unit]));

describe('newPollDraft', () => {
  it('starts with two blank options, single choice, 10 minutes', () => {
    expect(newPollDraft()).toEqual({
      options: ['', ''],
      multiple: false,
      expiryAmount: 10,
      expiryUnit: 'minutes',
    });
    expect(expiresInSeconds(newPollDraft())).toBe(600);
  });
});

describe('availableExpiryUnits', () => {
  it('offers only the units whose one step is not above the maximum', () => {
    expect(availableExpiryUnits(limits)).toEqual(['minutes', 'hours', 'days']);
    expect(availableExpiryUnits({ ...limits, maxExpiration: 86399 })).toEqual(['minutes', 'hours']);
    expect(availableExpiryUnits({ ...limits, maxExpiration: 600 })).toEqual(['minutes']);
  });

  it('keeps minutes even when the maximum is below a minute', () => {
    expect(availableExpiryUnits({ ...limits, maxExpiration: 30 })).toEqual(['minutes']);
  });
});

describe('clampExpiry', () => {
  it('keeps amounts inside the limits as they are', () => {
    expect(clampExpiry(10, 'minutes', limits)).toBe(10);
    expect(clampExpiry(24, 'hours', limits)).toBe(24);
  });

  it('raises amounts below the minimum and lowers those above the maximum', () => {
    expect(clampExpiry(0, 'minutes', limits)).toBe(1);
    expect(clampExpiry(-4, 'minutes', limits)).toBe(1);
    expect(clampExpiry(2000, 'minutes', limits)).toBe(1440);
    expect(clampExpiry(30, 'hours', limits)).toBe(24);
    expect(clampExpiry(3, 'days', limits)).toBe(1);
    expect(clampExpiry(1, 'minutes', { ...limits, minExpiration: 300 })).toBe(5);
  });

  it('rounds to a whole amount and reads a blank amount as the minimum', () => {
    expect(clampExpiry(2.4, 'hours', limits)).toBe(2);
    expect(clampExpiry(2.6, 'hours', limits)).toBe(3);
    expect(clampExpiry(Number.NaN, 'minutes', { ...limits, minExpiration: 120 })).toBe(2);
  });

  it('property: a whole amount at least 1, within the limits when one fits, and stable', () => {
    fc.assert(
      fc.property(amountArb, unitArb, limitsArb, (amount, unit, l) => {
        const clamped = clampExpiry(amount, unit, l);
        expect(Number.isInteger(clamped)).toBe(true);
        expect(clamped).toBeGreaterThanOrEqual(1);
        if (fits(unit, l)) {
          const seconds = clamped * EXPIRY_UNIT_SECONDS[unit];
          expect(seconds).toBeGreaterThanOrEqual(l.minExpiration);
          expect(seconds).toBeLessThanOrEqual(l.maxExpiration);
        }
        expect(clampExpiry(clamped, unit, l)).toBe(clamped);
      }),
    );
  });
});

describe('convertExpiry', () => {
  it('keeps the duration when the unit changes', () => {
    expect(convertExpiry(120, 'minutes', 'hours', limits)).toBe(2);
    expect(convertExpiry(1, 'days', 'hours', limits)).toBe(24);
    expect(convertExpiry(3, 'hours', 'minutes', limits)).toBe(180);
  });

  it('clamps the converted amount', () => {
    expect(convertExpiry(10, 'minutes', 'hours', limits)).toBe(1);
    expect(convertExpiry(10, 'hours', 'days', limits)).toBe(1);
  });

  it('property: an in-range duration that is a whole number of the target unit survives', () => {
    fc.assert(
      fc.property(unitArb, unitArb, fc.integer({ min: 1, max: 1440 }), (from, to, n) => {
        const wide = { ...limits, minExpiration: 0, maxExpiration: 10 ** 9 };
        const amount = (n * EXPIRY_UNIT_SECONDS[to]) / EXPIRY_UNIT_SECONDS[from];
        expect(convertExpiry(amount, from, to, wide)).toBe(n);
      }),
    );
  });
});

describe('setExpiry', () => {
  it('clamps a new amount in the same unit and converts on a unit switch', () => {
    expect(setExpiry(draft(), 5000, 'minutes', limits)).toMatchObject({
      expiryAmount: 1440,
      expiryUnit: 'minutes',
    });
    expect(setExpiry(draft({ expiryAmount: 180 }), 180, 'hours', limits)).toMatchObject({
      expiryAmount: 3,
      expiryUnit: 'hours',
    });
  });
});

describe('options', () => {
  it('caps an option at the instance length, counting emoji as one character', () => {
    const l = { ...limits, maxOptionChars: 3 };
    expect(setOptionText(draft(), 0, 'abcdef', l).options).toEqual(['abc', '']);
    expect(setOptionText(draft(), 1, '😀😀😀😀', l).options).toEqual(['', '😀😀😀']);
  });

  it('ignores an index out of range', () => {
    const d = draft();
    expect(setOptionText(d, 5, 'x', limits)).toBe(d);
  });

  it('adds options up to the maximum', () => {
    let d = draft();
    for (let i = 0; i < 10; i += 1) d = addOption(d, limits);
    expect(d.options).toHaveLength(4);
    expect(canAddOption(d, limits)).toBe(false);
    expect(canAddOption(draft(), limits)).toBe(true);
  });

  it('removes options but never below two', () => {
    const d = draft({ options: ['a', 'b', 'c'] });
    expect(removeOption(d, 1).options).toEqual(['a', 'c']);
    expect(removeOption(removeOption(d, 0), 0).options).toEqual(['b', 'c']);
  });
});

describe('normalizePollDraft', () => {
  it('fits a restored draft into tighter limits', () => {
    const tight: PollLimits = {
      maxOptions: 3,
      maxOptionChars: 2,
      minExpiration: 60,
      maxExpiration: 3600,
    };
    expect(
      normalizePollDraft(
        { options: ['abc', 'de', 'f', 'g'], multiple: true, expiryAmount: 2, expiryUnit: 'days' },
        tight,
      ),
    ).toEqual({ options: ['ab', 'de', 'f'], multiple: true, expiryAmount: 1, expiryUnit: 'hours' });
    expect(normalizePollDraft({ ...newPollDraft(), options: [] }, tight).options).toEqual(['', '']);
  });

  it('property: options, unit and amount always fit, and normalising twice changes nothing', () => {
    fc.assert(
      fc.property(draftArb, limitsArb, (d, l) => {
        const n = normalizePollDraft(d, l);
        expect(n.options.length).toBeGreaterThanOrEqual(MIN_POLL_OPTIONS);
        expect(n.options.length).toBeLessThanOrEqual(Math.max(MIN_POLL_OPTIONS, l.maxOptions));
        for (const option of n.options)
          expect([...option].length).toBeLessThanOrEqual(l.maxOptionChars);
        expect(availableExpiryUnits(l)).toContain(n.expiryUnit);
        expect(n.expiryAmount).toBe(clampExpiry(n.expiryAmount, n.expiryUnit, l));
        expect(normalizePollDraft(n, l)).toEqual(n);
      }),
    );
  });
});

describe('pollPayload', () => {
  it('sends trimmed options without blanks or duplicates, and the expiry in seconds', () => {
    expect(
      pollPayload(
        draft({
          options: [' yes ', '', 'no', 'yes', '  '],
          multiple: true,
          expiryAmount: 2,
          expiryUnit: 'hours',
        }),
        limits,
      ),
    ).toEqual({ options: ['yes', 'no'], expiresIn: 7200, multiple: true });
  });

  it('sends no poll when every option is blank', () => {
    expect(pollPayload(draft({ options: ['', '   '] }), limits)).toBeNull();
  });

  it('property: what is sent always satisfies the limits the server checks', () => {
    fc.assert(
      fc.property(draftArb, limitsArb, (d, l) => {
        const payload = pollPayload(d, l);
        const nonBlank = d.options.some((o) => o.trim() !== '');
        expect(payload === null).toBe(!nonBlank);
        if (!payload) return;
        expect(new Set(payload.options).size).toBe(payload.options.length);
        expect(payload.options.length).toBeLessThanOrEqual(l.maxOptions);
        for (const option of payload.options) {
          expect(option).toBe(option.trim());
          expect(option).not.toBe('');
          expect([...option].length).toBeLessThanOrEqual(l.maxOptionChars);
        }
        expect(Number.isInteger(payload.expiresIn)).toBe(true);
        expect(payload.expiresIn).toBeGreaterThanOrEqual(l.minExpiration);
        expect(payload.expiresIn).toBeLessThanOrEqual(l.maxExpiration);
      }),
    );
  });
});

describe('pollDraftError', () => {
  it('blocks a poll with fewer than two different non-blank options', () => {
    expect(pollDraftError(draft())).toBe('polls.not_enough_options');
    expect(pollDraftError(draft({ options: ['yes', ''] }))).toBe('polls.not_enough_options');
    expect(pollDraftError(draft({ options: ['yes', ' yes '] }))).toBe('polls.not_enough_options');
    expect(pollDraftError(draft({ options: ['yes', 'no'] }))).toBeNull();
  });
});
