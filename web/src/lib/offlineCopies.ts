/**
 * Offline reading (issue 26): what is kept of each account's timelines and conversations, and
 * what is dropped. Pure rules; features/offline/offlineStore.ts applies them to IndexedDB.
 */

/** What one kept copy costs: its statuses and its size as stored (JSON characters). */
export interface KeptCopy {
  id: string;
  savedAt: number;
  statusCount: number;
  bytes: number;
}

export interface OfflineLimits {
  /** Statuses kept per account, over all its copies. */
  maxStatuses: number;
  /** Stored size per account, over all its copies. */
  maxBytes: number;
  /** Statuses kept of one timeline page or conversation. */
  maxPerCopy: number;
}

export const OFFLINE_LIMITS: OfflineLimits = {
  maxStatuses: 400,
  maxBytes: 3_000_000,
  maxPerCopy: 40,
};

/**
 * The copies to drop so that an account's copies fit the limits: the newest are kept while they
 * fit together, the rest, oldest first, go. A copy too big to fit even alone is dropped as well.
 */
export function copiesToDrop(
  copies: readonly KeptCopy[],
  limits: Pick<OfflineLimits, 'maxStatuses' | 'maxBytes'> = OFFLINE_LIMITS,
): string[] {
  const newestFirst = [...copies].sort((a, b) => b.savedAt - a.savedAt);
  const drop: string[] = [];
  let statuses = 0;
  let bytes = 0;
  let full = false;
  for (const copy of newestFirst) {
    if (
      !full &&
      statuses + copy.statusCount <= limits.maxStatuses &&
      bytes + copy.bytes <= limits.maxBytes
    ) {
      statuses += copy.statusCount;
      bytes += copy.bytes;
      continue;
    }
    // Once one does not fit, every older copy goes too: nothing older outlives something newer.
    full = true;
    drop.push(copy.id);
  }
  return drop;
}

/** The part of a page or conversation that is kept: its first (newest) statuses. */
export function trimForKeeping<T>(
  statuses: readonly T[],
  limits: OfflineLimits = OFFLINE_LIMITS,
): T[] {
  return statuses.slice(0, limits.maxPerCopy);
}

/** A copy's id: one per account and timeline (or conversation), so a newer copy replaces it. */
export function copyId(account: string, kind: 'timeline' | 'conversation', key: string): string {
  return `${account}|${kind}|${key}`;
}
