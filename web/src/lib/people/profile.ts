/** Profile rules (spec part 1, §2 Profile, §8; part 2, §9). */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Posts per day: the count divided by the days since the account was made, those days rounded up
 * (a day-old account divides by 1, never 0), the result rounded to a whole number.
 */
export function dailyAverage(statusesCount: number, createdAt: string, now: number): number {
  const created = Date.parse(createdAt);
  if (!Number.isFinite(created) || statusesCount <= 0) return 0;
  const days = Math.max(1, Math.ceil((now - created) / DAY_MS));
  return Math.round(statusesCount / days);
}

/**
 * Where a profile lives: a local user with a plain nickname by name (/users/alice); remote users,
 * and nicknames the instance reserves for its own routes, by id.
 */
export function profilePathFor(
  account: { id: string; username: string; acct: string; isLocal: boolean },
  restrictedNicknames: readonly string[],
): string {
  const plainName =
    account.isLocal &&
    !account.acct.includes('@') &&
    /^[A-Za-z0-9_.-]+$/.test(account.username) &&
    !restrictedNicknames.some((name) => name.toLowerCase() === account.username.toLowerCase());
  return `/users/${encodeURIComponent(plainName ? account.username : account.id)}`;
}

export const PROFILE_DOES_NOT_EXIST = 'No user with such user_id';

export type ProfileError =
  | { key: 'user_profile.profile_does_not_exist' }
  | { key: 'user_profile.profile_loading_error' }
  | { text: string };

/**
 * What a failed profile load shows: Pleroma's 'No user with such user_id' (and a plain 404, the
 * same fact in Mastodon's words) becomes 'this profile does not exist'; any other error its own
 * text, or the generic message when it has none.
 */
export function profileErrorOf(status: number | undefined, text: string | undefined): ProfileError {
  if (text === PROFILE_DOES_NOT_EXIST || status === 404)
    return { key: 'user_profile.profile_does_not_exist' };
  if (text) return { text };
  return { key: 'user_profile.profile_loading_error' };
}

export const PROFILE_TABS = ['statuses', 'friends', 'followers', 'media', 'favorites'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/**
 * The tabs a profile shows: followees and followers unless hidden (one's own always), favourites
 * on one's own only.
 */
export function profileTabs(
  account: { hideFollows: boolean; hideFollowers: boolean },
  own: boolean,
): ProfileTab[] {
  return PROFILE_TABS.filter((tab) => {
    if (tab === 'friends') return own || !account.hideFollows;
    if (tab === 'followers') return own || !account.hideFollowers;
    if (tab === 'favorites') return own;
    return true;
  });
}

/** The `tab` query parameter, falling back to statuses when absent or not shown. */
export function activeProfileTab(query: string | null, shown: readonly ProfileTab[]): ProfileTab {
  const wanted = (query === 'followees' ? 'friends' : query) as ProfileTab | null;
  return wanted && shown.includes(wanted) ? wanted : 'statuses';
}
