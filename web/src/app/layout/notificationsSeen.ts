/**
 * What "mark notifications seen" does when the notification drawer's close button is used.
 * The notifications feature installs the real action; until then it does nothing.
 */
let markSeen: () => void = () => {};

export function setMarkNotificationsSeen(action: () => void): void {
  markSeen = action;
}

export function markNotificationsSeen(): void {
  markSeen();
}
