import { withRecentQuery } from '../../lib/search.ts';
import { readStored, writeStored } from '../../state/storage.ts';

/** Recent search queries, kept in this browser only. */
export const RECENT_QUERIES_KEY = 'starling:recent-searches';

export function readRecentQueries(): string[] {
  const stored = readStored<unknown>(RECENT_QUERIES_KEY);
  return Array.isArray(stored)
    ? stored.filter((item): item is string => typeof item === 'string')
    : [];
}

/** Remembers a query as the latest one; answers the new list. */
export function rememberQuery(query: string): string[] {
  const recent = withRecentQuery(readRecentQueries(), query);
  writeStored(RECENT_QUERIES_KEY, recent);
  return recent;
}
