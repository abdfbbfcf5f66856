/**
 * The composer's poll form (spec part 2, §4 Poll draft, §5 Poll, §9): options, choice mode and
 * expiry, kept within the instance's poll limits, and the payload sent with the post. Pure.
 */

import type { PollLimits } from '../api/types.ts';

export type ExpiryUnit = 'minutes' | 'hours' | 'days';

export const EXPIRY_UNITS: readonly ExpiryUnit[] = ['minutes', 'hours', 'days'];

export const EXPIRY_UNIT_SECONDS: Record<ExpiryUnit, number> = {
  minutes: 60,
  hours: 60 * 60,
  days: 24 * 60 * 60,
};

/** The instance's poll limits; expirations are in seconds. */
export type { PollLimits };

export { DEFAULT_POLL_LIMITS } from './pollLimits.ts';

export interface PollDraftState {
  options: string[];
  multiple: boolean;
  expiryAmount: number;
  expiryUnit: ExpiryUnit;
}

export const MIN_POLL_OPTIONS = 2;
/** A new poll expires in 10 minutes (spec part 2, §4 Poll draft). */
export const DEFAULT_EXPIRY_AMOUNT = 10;
export const DEFAULT_EXPIRY_UNIT: ExpiryUnit = 'minutes';
/** The smallest expiry amount the form holds, whatever the instance's minimum. */
const MIN_EXPIRY_AMOUNT = 1;

export type PollDraftError = 'polls.not_enough_options';

export function newPollDraft(): PollDraftState {
  return {
    options: Array.from({ length: MIN_POLL_OPTIONS }, () => ''),
    multiple: false,
    expiryAmount: DEFAULT_EXPIRY_AMOUNT,
    expiryUnit: DEFAULT_EXPIRY_UNIT,
  };
}

/**
 * Units whose single step is not above the maximum expiration. Minutes always stay, so the form
 * has a unit even with a maximum below one minute.
 */
export function availableExpiryUnits(limits: PollLimits): ExpiryUnit[] {
  const units = EXPIRY_UNITS.filter((unit) => EXPIRY_UNIT_SECONDS[unit] <= limits.maxExpiration);
  return units.length > 0 ? units : [EXPIRY_UNITS[0]!];
}

/**
 * `amount` of `unit`, rounded to a whole number at least 1 and kept so that the duration lies
 * between the minimum and maximum expiration. When no whole amount of this unit fits (a unit the
 * form does not offer), the largest one not above the maximum, still at least 1, is answered;
 * `pollPayload` clamps the seconds it sends in any case.
 */
export function clampExpiry(amount: number, unit: ExpiryUnit, limits: PollLimits): number {
  const seconds = EXPIRY_UNIT_SECONDS[unit];
  const lowest = Math.max(MIN_EXPIRY_AMOUNT, Math.ceil(limits.minExpiration / seconds));
  const highest = Math.floor(limits.maxExpiration / seconds);
  if (highest < lowest) return Math.max(MIN_EXPIRY_AMOUNT, highest);
  if (Number.isNaN(amount)) return lowest;
  return Math.min(Math.max(Math.round(amount), lowest), highest);
}

/** The same duration in another unit (for a unit switch), rounded and clamped. */
export function convertExpiry(
  amount: number,
  from: ExpiryUnit,
  to: ExpiryUnit,
  limits: PollLimits,
): number {
  const converted = (amount * EXPIRY_UNIT_SECONDS[from]) / EXPIRY_UNIT_SECONDS[to];
  return clampExpiry(converted, to, limits);
}

/** The draft's expiry in seconds, as the form holds it (not clamped). */
export function expiresInSeconds(draft: PollDraftState): number {
  return draft.expiryAmount * EXPIRY_UNIT_SECONDS[draft.expiryUnit];
}

function capChars(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? chars.slice(0, Math.max(0, max)).join('') : text;
}

/** Replaces one option's text, cut to the instance's option length (in code points). */
export function setOptionText(
  draft: PollDraftState,
  index: number,
  text: string,
  limits: PollLimits,
): PollDraftState {
  if (index < 0 || index >= draft.options.length) return draft;
  const options = [...draft.options];
  options[index] = capChars(text, limits.maxOptionChars);
  return { ...draft, options };
}

export function canAddOption(draft: PollDraftState, limits: PollLimits): boolean {
  return draft.options.length < limits.maxOptions;
}

/** Appends a blank option, unless the instance's maximum is reached. */
export function addOption(draft: PollDraftState, limits: PollLimits): PollDraftState {
  if (!canAddOption(draft, limits)) return draft;
  return { ...draft, options: [...draft.options, ''] };
}

/** Removes one option; the last two always stay. */
export function removeOption(draft: PollDraftState, index: number): PollDraftState {
  if (draft.options.length <= MIN_POLL_OPTIONS) return draft;
  if (index < 0 || index >= draft.options.length) return draft;
  return { ...draft, options: draft.options.filter((_, i) => i !== index) };
}

/**
 * Switches the expiry unit keeping the duration (clamped), or sets a new amount in the current
 * unit when `unit` is the same: what the form calls on a unit change or an amount change.
 */
export function setExpiry(
  draft: PollDraftState,
  amount: number,
  unit: ExpiryUnit,
  limits: PollLimits,
): PollDraftState {
  const expiryAmount =
    unit === draft.expiryUnit
      ? clampExpiry(amount, unit, limits)
      : convertExpiry(amount, draft.expiryUnit, unit, limits);
  return { ...draft, expiryAmount, expiryUnit: unit };
}

/**
 * A draft made to fit the limits (a restored draft, or limits that changed): two to maxOptions
 * options, each cut to the option length, an offered unit and a clamped amount.
 */
export function normalizePollDraft(draft: PollDraftState, limits: PollLimits): PollDraftState {
  const maxOptions = Math.max(MIN_POLL_OPTIONS, limits.maxOptions);
  const options = draft.options
    .slice(0, maxOptions)
    .map((option) => capChars(option, limits.maxOptionChars));
  while (options.length < MIN_POLL_OPTIONS) options.push('');
  const units = availableExpiryUnits(limits);
  const expiryUnit = units.includes(draft.expiryUnit) ? draft.expiryUnit : units[units.length - 1]!;
  const expiryAmount = convertExpiry(draft.expiryAmount, draft.expiryUnit, expiryUnit, limits);
  return { options, multiple: draft.multiple, expiryAmount, expiryUnit };
}

/** Trimmed, non-empty, without duplicates, in the order written. */
function distinctOptions(options: readonly string[], maxChars = Infinity): string[] {
  const seen = new Set<string>();
  for (const option of options) {
    const text = capChars(option.trim(), maxChars).trim();
    if (text) seen.add(text);
  }
  return [...seen];
}

/**
 * What is sent as the post's poll: options trimmed, blank ones and duplicates dropped, at most
 * maxOptions, and the expiry in whole seconds within the limits. null when every option is blank:
 * then no poll is sent.
 */
export function pollPayload(
  draft: PollDraftState,
  limits: PollLimits,
): { options: string[]; expiresIn: number; multiple: boolean } | null {
  const options = distinctOptions(draft.options, limits.maxOptionChars).slice(
    0,
    Math.max(MIN_POLL_OPTIONS, limits.maxOptions),
  );
  if (options.length === 0) return null;
  const seconds = Math.round(expiresInSeconds(draft));
  const floor = Math.max(limits.minExpiration, 0);
  const expiresIn = Math.min(
    Math.max(Number.isNaN(seconds) ? floor : seconds, floor),
    Math.max(limits.maxExpiration, floor),
  );
  return { options, expiresIn, multiple: draft.multiple };
}

/** Posting is blocked while an open poll has fewer than two different non-blank options. */
export function pollDraftError(draft: PollDraftState): PollDraftError | null {
  return distinctOptions(draft.options).length < MIN_POLL_OPTIONS
    ? 'polls.not_enough_options'
    : null;
}
