import type { Account } from '../../api/types.ts';

export interface CardBirthday {
  /** YYYY-MM-DD, as the server keeps it. */
  date: string;
  /** The owner looking at their own birthday, which others do not see (show_birthday off). */
  onlyYou: boolean;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The birthday a user card shows. Pleroma sends it to others only when its owner shows it, and
 * always to the owner: on their own card a hidden one is marked as seen by them alone.
 */
export function cardBirthday(
  account: Pick<Account, 'birthday' | 'source'>,
  own: boolean,
): CardBirthday | null {
  const date = account.birthday?.slice(0, 10) ?? '';
  if (!DATE_ONLY.test(date)) return null;
  return { date, onlyYou: own && account.source?.showBirthday === false };
}

/** A calendar date, the same day in every time zone (a birthday has no time of day). */
export function formatBirthday(date: string, locale?: string): string {
  const match = DATE_ONLY.exec(date);
  if (!match) return '';
  const utc = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(utc.getTime()) ? '' : utc.toLocaleDateString(locale, { timeZone: 'UTC' });
}
