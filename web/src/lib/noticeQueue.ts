/**
 * Global notices never bury the page (issue 10): a notice identical to one already shown (same
 * level, message and arguments) is merged into it with a count instead of stacking up, and at most
 * MAX_VISIBLE_NOTICES show at once, the newest ones; the rest wait until those are dismissed.
 */

export const MAX_VISIBLE_NOTICES = 3;

export interface QueuedNotice {
  id: number;
  level: string;
  messageKey: string;
  messageArgs: readonly (string | number)[];
  /** How many times this notice was raised; shown as "×N" when above 1. */
  count: number;
}

export function sameNotice(
  a: Pick<QueuedNotice, 'level' | 'messageKey' | 'messageArgs'>,
  b: Pick<QueuedNotice, 'level' | 'messageKey' | 'messageArgs'>,
): boolean {
  return (
    a.level === b.level &&
    a.messageKey === b.messageKey &&
    a.messageArgs.length === b.messageArgs.length &&
    a.messageArgs.every((arg, index) => arg === b.messageArgs[index])
  );
}

/**
 * The queue after `incoming` is raised, and the id it ended up under: a merge bumps the existing
 * notice's count and moves it to the end (it is the newest again).
 */
export function addNotice<N extends QueuedNotice>(
  queue: readonly N[],
  incoming: N,
): { queue: N[]; id: number; merged: boolean } {
  const existing = queue.find((notice) => sameNotice(notice, incoming));
  if (!existing) return { queue: [...queue, incoming], id: incoming.id, merged: false };
  const bumped = { ...existing, count: existing.count + incoming.count };
  return {
    queue: [...queue.filter((notice) => notice !== existing), bumped],
    id: existing.id,
    merged: true,
  };
}

/** The notices on screen: the newest few, oldest first. */
export function visibleNotices<N>(queue: readonly N[], max = MAX_VISIBLE_NOTICES): N[] {
  return queue.slice(Math.max(0, queue.length - max));
}
