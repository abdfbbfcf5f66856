/** Search screen rules (spec part 1, §2 Search, §3 Search result, §7 Search). */

export type SearchTab = 'statuses' | 'people' | 'hashtags';

export const SEARCH_TABS: readonly SearchTab[] = ['statuses', 'people', 'hashtags'];

/** Results asked for per page and tab; the spec leaves the size open, Mastodon's default is 20. */
export const SEARCH_PAGE_SIZE = 20;

/** How many recent queries this browser keeps and offers. */
export const RECENT_QUERIES_MAX = 5;

/**
 * A tab's count as shown beside its name: what has loaded, with a + while a full page
 * suggests more can load ("20+"), so a count never claims to be a total it does not know.
 */
export function tabCountText(loaded: number, mayHaveMore: boolean): string {
  return mayHaveMore && loaded > 0 ? `${loaded}+` : String(loaded);
}

/** A page that came back full may have a next one; a short page is the last. */
export function mayHaveMore(pageLength: number, pageSize = SEARCH_PAGE_SIZE): boolean {
  return pageLength >= pageSize;
}

/** The tab to open for fresh results: the first in order that found anything, else statuses. */
export function firstTabWithResults(counts: Readonly<Record<SearchTab, number>>): SearchTab {
  return SEARCH_TABS.find((tab) => counts[tab] > 0) ?? 'statuses';
}

/**
 * What remote content a query names, to resolve and open directly: a web address (a post or a
 * profile) or a full handle (user@domain, with or without the leading @). Plain words: null.
 */
export function resolvableQuery(query: string): 'url' | 'handle' | null {
  const text = query.trim();
  if (/^https?:\/\/\S+$/i.test(text)) {
    try {
      new URL(text);
      return 'url';
    } catch {
      return null;
    }
  }
  return /^@?[^@\s/]+@[^@\s/]+\.[^@\s/]+$/.test(text) ? 'handle' : null;
}

/** One day of a hashtag's use (as the api layer reads it: day in Unix seconds). */
export interface UsageDay {
  day: number;
  uses: number;
  accounts: number;
}

/** The latest day a hashtag's history covers (servers list it newest first, but need not). */
export function latestUsage(history: readonly UsageDay[]): UsageDay | null {
  let latest: UsageDay | null = null;
  for (const day of history) if (!latest || day.day > latest.day) latest = day;
  return latest;
}

export interface UsageBar {
  day: number;
  uses: number;
  accounts: number;
  /** From the chart's left edge and its bottom, in chart units. */
  x: number;
  height: number;
}

/**
 * Bars for a small week chart: the last `days` days, oldest at the left, heights scaled so the
 * busiest day fills `height` (a day with any use stays at least 1 unit tall, to be seen);
 * a week without use is all flat.
 */
export function usageBars(
  history: readonly UsageDay[],
  chart: { width: number; height: number; days?: number },
): UsageBar[] {
  const days = chart.days ?? 7;
  const week = [...history].sort((a, b) => a.day - b.day).slice(-days);
  const most = Math.max(0, ...week.map((day) => day.uses));
  const slot = chart.width / days;
  return week.map((day, index) => ({
    ...day,
    x: (days - week.length + index) * slot,
    height:
      most === 0 || day.uses <= 0 ? 0 : Math.max(1, Math.round((day.uses / most) * chart.height)),
  }));
}

/** The recent-queries list after a search: that query first, once (ignoring case), capped. */
export function withRecentQuery(recent: readonly string[], query: string): string[] {
  const text = query.trim();
  if (!text) return [...recent];
  const key = text.toLowerCase();
  return [text, ...recent.filter((item) => item.toLowerCase() !== key)].slice(
    0,
    RECENT_QUERIES_MAX,
  );
}

/** Ids of a loaded page added after those already shown, each once. */
export function appendIds(shown: readonly string[], page: readonly string[]): string[] {
  const seen = new Set(shown);
  return [...shown, ...page.filter((id) => !seen.has(id) && seen.add(id))];
}
