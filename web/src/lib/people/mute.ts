/** Mute duration (spec part 2, §5): a number ≥ 0 and a unit; 0 means no expiry. */
export const MUTE_UNITS = ['minutes', 'hours', 'days'] as const;
export type MuteUnit = (typeof MUTE_UNITS)[number];

const SECONDS: Readonly<Record<MuteUnit, number>> = { minutes: 60, hours: 3600, days: 86400 };

export const DEFAULT_MUTE_AMOUNT = 0;
export const DEFAULT_MUTE_UNIT: MuteUnit = 'minutes';

/** expires_in in seconds (0: indefinite), or null when the amount is not a number ≥ 0. */
export function muteExpiresIn(amount: string | number, unit: MuteUnit): number | null {
  const text = String(amount).trim();
  if (text === '' || !/^\d+(\.\d+)?$/.test(text)) return null;
  return Math.round(Number(text) * SECONDS[unit]);
}
