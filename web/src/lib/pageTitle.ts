/** The document title and favicon badge (spec part 1, section 9 "Page title"). */

/** The favicon badge is drawn on a canvas of this size (pixels, square). */
export const FAVICON_BADGE_CANVAS_PX = 128;

function count(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** What the title and favicon badge count: unseen notifications, unread chats and announcements. */
export function unreadTotal(
  unseenNotifications: number,
  unreadChats: number,
  unreadAnnouncements: number,
): number {
  return count(unseenNotifications) + count(unreadChats) + count(unreadAnnouncements);
}

/** "(N) base" while anything is unread, else just `base`. */
export function pageTitle(
  base: string,
  unseenNotifications: number,
  unreadChats: number,
  unreadAnnouncements: number,
): string {
  const total = unreadTotal(unseenNotifications, unreadChats, unreadAnnouncements);
  return total > 0 ? `(${total}) ${base}` : base;
}

/** The favicon shows its badge while anything is unread. */
export function showFaviconBadge(total: number): boolean {
  return count(total) > 0;
}

/**
 * A display name as plain text (a document title cannot draw images): the custom emoji shortcodes
 * it uses are left out and the spaces around them closed up.
 */
export function plainDisplayName(name: string, emojiShortcodes: readonly string[]): string {
  const codes = new Set(emojiShortcodes);
  return name
    .replace(/:([\w-]+):/g, (whole, code: string) => (codes.has(code) ? ' ' : whole))
    .replace(/\s+/g, ' ')
    .trim();
}
