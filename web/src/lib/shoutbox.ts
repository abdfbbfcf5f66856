/** The shout box's numbers and rules (spec part 1, §9). */

/** Messages kept in view, as Pleroma's shout channel keeps about this many. */
export const SHOUT_KEEP = 19;
/** How long a sent message waits for the server before it counts as failed. */
export const SHOUT_PUSH_TIMEOUT_MS = 10_000;
/** The list follows new messages only when scrolled this close to its bottom. */
export const SHOUT_AUTO_SCROLL_SLACK_PX = 20;

/** The list after `added` arrive: no id twice, the newest SHOUT_KEEP kept, oldest first. */
export function keepLatestShouts<T extends { id: string }>(current: T[], added: T[]): T[] {
  const byId = new Map<string, T>();
  for (const message of [...current, ...added]) {
    byId.delete(message.id);
    byId.set(message.id, message);
  }
  return [...byId.values()].slice(-SHOUT_KEEP);
}

export interface ScrollBox {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** Whether the list is near enough its bottom to follow new messages. */
export function isNearBottom(box: ScrollBox, slack = SHOUT_AUTO_SCROLL_SLACK_PX): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= slack;
}
