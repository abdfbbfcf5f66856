import type { Notification, NotificationType, ReportState } from '../api/types.ts';
import { compareIds } from './timelineQueue.ts';
import {
  DEFAULT_NOTIFICATION_VISIBILITY,
  type NotificationVisibility,
} from './notificationVisibility.ts';

export { DEFAULT_NOTIFICATION_VISIBILITY, type NotificationVisibility };

/**
 * Notification rules (spec part 1 §4, §5, §9; part 2 §4, §9). Pure: the store and the panel pass
 * the facts in.
 */

/** Seen notifications shown at first, and how many more each "load older" shows. */
export const INITIAL_SEEN_SHOWN = 30;
export const SEEN_SHOWN_STEP = 20;
/** Relative times in the notifications refresh this often. */
export const NOTIFICATION_TIME_REFRESH_MS = 240_000;
/** A desktop notification closes by itself after this long. */
export const DESKTOP_NOTIFICATION_CLOSE_MS = 5000;
/** The screen-reader announcement is cleared after this long, so the next one is read again. */
export const ANNOUNCEMENT_CLEAR_MS = 1000;

/** The visibility switch a type answers to; null: always shown (reports, chat mentions...). */
export function visibilityKeyOf(type: NotificationType): keyof NotificationVisibility | null {
  switch (type) {
    case 'like':
      return 'likes';
    case 'repeat':
      return 'repeats';
    case 'follow':
    case 'follow_request':
      return 'follows';
    case 'mention':
    case 'status':
      return 'mentions';
    case 'pleroma:emoji_reaction':
      return 'emojiReactions';
    case 'move':
      return 'moves';
    case 'poll':
      return 'polls';
    default:
      return null;
  }
}

export interface ShownContext {
  visibility: NotificationVisibility;
  /** Accounts the user mutes, as known here: unmuting locally shows them again at once. */
  mutedIds: ReadonlySet<string>;
  /** reports_manage_reports: report notifications are for moderators only. */
  canManageReports: boolean;
}

export function isNotificationShown(notification: Notification, context: ShownContext): boolean {
  if (notification.type === 'pleroma:report' && !context.canManageReports) return false;
  const key = visibilityKeyOf(notification.type);
  if (key && !context.visibility[key]) return false;
  return !context.mutedIds.has(notification.account.id);
}

/** Newest first. */
export function sortNotifications(list: readonly Notification[]): Notification[] {
  return [...list].sort((a, b) => compareIds(b.id, a.id));
}

/** What a row shows of a notification itself (its post lives in the entity store). */
function sameNotification(a: Notification, b: Notification): boolean {
  return (
    a.type === b.type &&
    a.seen === b.seen &&
    a.report?.state === b.report?.state &&
    a.account.avatar === b.account.avatar &&
    a.account.displayName === b.account.displayName
  );
}

/** Known notifications plus incoming ones (which replace a known one of the same id), newest first. */
export function mergeNotifications(
  known: readonly Notification[],
  incoming: readonly Notification[],
): Notification[] {
  const byId = new Map(known.map((n) => [n.id, n]));
  for (const received of incoming) {
    const current = byId.get(received.id);
    // Seen is for good: a copy the server sent before it heard of the reading (a poll or an
    // event crossing the read call) does not make a notification unseen again.
    const n = current?.seen && !received.seen ? { ...received, seen: true } : received;
    // An unchanged copy (every poll brings the newest page again) keeps the known object, so
    // its row does not render again.
    if (!current || !sameNotification(current, n)) byId.set(n.id, n);
  }
  return sortNotifications([...byId.values()]);
}

/**
 * What the panel lists: every unseen notification's worth plus `seenShown` more, newest first
 * (spec: "initial seen 30, load 20 more").
 */
export function displayedNotifications(
  shown: readonly Notification[],
  seenShown: number,
): Notification[] {
  const unseen = shown.filter((n) => !n.seen).length;
  return shown.slice(0, unseen + Math.max(0, seenShown));
}

/**
 * How "mark all as seen" reaches the server: Pleroma's read call where the server declares its
 * API, Mastodon's notifications read marker elsewhere (and wherever Pleroma's call is missing).
 */
export type SeenApi = 'pleroma' | 'markers';

export const seenApiOf = (features: readonly string[]): SeenApi =>
  features.includes('pleroma_api') ? 'pleroma' : 'markers';

/** Notifications up to the read marker are seen: a server without a seen flag keeps only that. */
export function seenUpTo(list: readonly Notification[], readUpTo: string | null): Notification[] {
  if (!readUpTo) return [...list];
  return list.map((n) => (!n.seen && compareIds(n.id, readUpTo) <= 0 ? { ...n, seen: true } : n));
}

/** Whether "load older" must ask the server (everything known is already displayed). */
export function needsOlderFromServer(displayedCount: number, shownCount: number): boolean {
  return displayedCount >= shownCount;
}

/**
 * The unseen badge follows the server's count (it knows about notifications not loaded here),
 * and grows as unseen notifications arrive that the count did not include yet.
 */
export function unseenAfterArrival(
  count: number,
  known: ReadonlySet<string>,
  arrived: readonly Notification[],
): number {
  const fresh = new Set(arrived.filter((n) => !n.seen && !known.has(n.id)).map((n) => n.id));
  return Math.max(0, count) + fresh.size;
}

/** New to this session and unseen: what the desktop notification and the announcement tell. */
export function newArrivals(
  known: ReadonlySet<string>,
  arrived: readonly Notification[],
): Notification[] {
  return arrived.filter((n) => !n.seen && !known.has(n.id));
}

/** Approving a follow request turns its notification into a seen follow notification. */
export function approvedFollowRequest(notification: Notification): Notification {
  return { ...notification, type: 'follow', seen: true };
}

/** A report notification with its report in another state (the optimistic change). */
export function withReportState(notification: Notification, state: ReportState): Notification {
  if (!notification.report) return notification;
  return { ...notification, report: { ...notification.report, state } };
}

/** The i18n key of a notification's one-line summary ("liked your post"...). */
export function summaryKeyOf(type: NotificationType): string {
  return `notifications.summary.${type.replace('pleroma:', '')}`;
}

/** The interactions screen's tabs (spec part 1 §2) and the types each one lists. */
export type InteractionsTab =
  'mentions' | 'likes_repeats' | 'follows' | 'reactions' | 'reports' | 'moves';

export const INTERACTIONS_TAB_TYPES: Record<InteractionsTab, readonly NotificationType[]> = {
  mentions: ['mention', 'status'],
  likes_repeats: ['like', 'repeat'],
  follows: ['follow', 'follow_request'],
  reactions: ['pleroma:emoji_reaction'],
  reports: ['pleroma:report'],
  moves: ['move'],
};

/** Reports only with the privilege; moves only when the user does not auto-allow following moves. */
export function interactionsTabs(options: {
  canManageReports: boolean;
  allowFollowingMove: boolean;
}): InteractionsTab[] {
  const tabs: InteractionsTab[] = ['mentions', 'likes_repeats', 'follows', 'reactions'];
  if (options.canManageReports) tabs.push('reports');
  if (!options.allowFollowingMove) tabs.push('moves');
  return tabs;
}

const LISTED_TYPES: readonly NotificationType[] = [
  'mention',
  'status',
  'like',
  'repeat',
  'follow',
  'follow_request',
  'move',
  'poll',
  'update',
  'pleroma:emoji_reaction',
  'pleroma:chat_mention',
];

/** Reports are opt-in on the server: asked for only by those who may act on them. */
export function requestedTypes(canManageReports: boolean): NotificationType[] {
  return canManageReports ? [...LISTED_TYPES, 'pleroma:report'] : [...LISTED_TYPES];
}

export function canManageReports(privileges: readonly string[]): boolean {
  return privileges.includes('reports_manage_reports');
}

/** The types a user's lists ask the server for, from their privileges. */
export function requestedTypesFor(privileges: readonly string[] | undefined): NotificationType[] {
  return requestedTypes(canManageReports(privileges ?? []));
}

/**
 * Spec part 1 §4: the burst a fresh socket brings stays silent for 10 s after streaming starts.
 * When the app polls instead (streaming off or broken) there is no burst and nothing is silenced.
 */
export function desktopNotificationsSilenced(
  socketStatus: string,
  silenceNotLiftedYet: boolean,
): boolean {
  const streaming =
    socketStatus === 'starting-initial' || socketStatus === 'starting' || socketStatus === 'joined';
  return streaming && silenceNotLiftedYet;
}

/** What a desktop notification says: the sender, and the post's text unless contents are hidden. */
export function desktopNotificationBody(
  notification: Notification,
  statusText: string,
  hideContents: boolean,
): string {
  if (hideContents) return '';
  if (notification.type === 'move' && notification.target) return `@${notification.target.acct}`;
  if (notification.type === 'pleroma:emoji_reaction' && notification.emoji) {
    return `${notification.emoji} ${statusText}`.trim();
  }
  return statusText;
}
