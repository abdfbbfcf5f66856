import '../i18n/parts/notifications.ts';
import { create } from 'zustand';
import { ApiError, type ApiClient } from '../api/client.ts';
import { authorizeFollowRequest, rejectFollowRequest } from '../api/followRequests.ts';
import {
  dismissNotification,
  fetchNotifications,
  fetchNotificationsMarker,
  fetchUnreadCount,
  markNotificationSeen,
  markNotificationsSeen,
  NOTIFICATIONS_PAGE_LIMIT,
  setNotificationsMarker,
} from '../api/notifications.ts';
import { setReportState } from '../api/adminReports.ts';
import type { Notification, NotificationType, ReportState } from '../api/types.ts';
import {
  approvedFollowRequest,
  INITIAL_SEEN_SHOWN,
  mergeNotifications,
  newArrivals,
  SEEN_SHOWN_STEP,
  seenApiOf,
  seenUpTo,
  type SeenApi,
  unseenAfterArrival,
  withReportState,
} from '../lib/notifications.ts';
import { useEntities } from './entities.ts';
import { useFollowRequests } from './followRequests.ts';
import { useInstance, whenInstanceLoaded } from './instance.ts';
import { useNotices } from './notices.ts';
import { useUnseen } from './unseen.ts';
import { errorMessage } from '../lib/errorMessage.ts';

/**
 * The signed-in user's notifications (spec part 1 §4 Notifications). Statuses go to the entity
 * store, so a notification's post shows the same favourite, repeat or deletion as everywhere.
 */
export interface NotificationsState {
  /** Newest first. */
  list: Notification[];
  loaded: boolean;
  loading: boolean;
  /** The last failure to load older ones (the load-more area offers a retry). */
  error: string | null;
  bottomedOut: boolean;
  /** The oldest id the server sent, for the next older page. */
  oldestId: string | null;
  /** Seen notifications displayed below the unseen ones. */
  seenShown: number;
}

const INITIAL: NotificationsState = {
  list: [],
  loaded: false,
  loading: false,
  error: null,
  bottomedOut: false,
  oldestId: null,
  seenShown: INITIAL_SEEN_SHOWN,
};

export const useNotifications = create<NotificationsState>()(() => ({ ...INITIAL }));

/** Spec part 2 §8: a failed report state change shows the generic error for 5 s. */
export const REPORT_STATE_ERROR_KEY = 'notifications.generic_error';
export const REPORT_STATE_ERROR_MS = 5000;

type ArrivalListener = (arrived: Notification[]) => void;
const arrivalListeners = new Set<ArrivalListener>();

/** Called with notifications new to this session (live or by polling), after the first load. */
export function onNotificationsArrived(listener: ArrivalListener): () => void {
  arrivalListeners.add(listener);
  return () => arrivalListeners.delete(listener);
}

const set = (partial: Partial<NotificationsState>) => useNotifications.setState(partial);

/** Set once Pleroma's read call answered 404: the read marker serves from then on. */
let pleromaReadMissing = false;
/** The notifications read marker (Mastodon's "seen up to"), as read at sign-in and set here. */
let readUpTo: string | null = null;

const seenApi = (): SeenApi =>
  pleromaReadMissing ? 'markers' : seenApiOf(useInstance.getState().config.features);
const get = () => useNotifications.getState();
/** Counts every change made here to the unseen count: see refreshUnseenCount. */
let unseenChanges = 0;
const setUnseen = (count: number) => {
  unseenChanges += 1;
  useUnseen.getState().set({ notifications: count });
};

function ingestStatuses(list: readonly Notification[]): void {
  const statuses = list.flatMap((n) => (n.status ? [n.status] : []));
  if (statuses.length > 0) useEntities.getState().ingestStatuses(statuses);
}

/**
 * Takes in notifications from the socket or a poll (`live`), or from a page of what was there
 * already (the first load): only live ones count as arrivals and grow the unseen count.
 */
export function receiveNotifications(received: readonly Notification[], live = true): void {
  if (received.length === 0) return;
  const incoming = seenUpTo(received, readUpTo);
  ingestStatuses(incoming);
  const state = get();
  const known = new Set(state.list.map((n) => n.id));
  const arrived = live ? newArrivals(known, incoming) : [];
  if (arrived.length > 0) {
    setUnseen(unseenAfterArrival(useUnseen.getState().notifications, known, arrived));
  }
  set({ list: mergeNotifications(state.list, incoming) });
  if (arrived.length > 0) for (const listener of arrivalListeners) listener(arrived);
}

/** Pleroma and Akkoma have no unread_count endpoint: asked once, then the count is kept here. */
let unreadCountSupported = true;
const HTTP_NOT_FOUND = 404;

/**
 * The server's unseen count, which knows about notifications not loaded here. Without the
 * endpoint the count from sign-in (the account's unread_notifications_count) is kept up to date
 * by arrivals and by what is marked seen here, and never drops below what is loaded unseen.
 */
export async function refreshUnseenCount(
  client: ApiClient,
  types: readonly NotificationType[],
): Promise<void> {
  const localUnseen = () => get().list.filter((n) => !n.seen).length;
  if (!unreadCountSupported) {
    setUnseen(Math.max(useUnseen.getState().notifications, localUnseen()));
    return;
  }
  try {
    const asked = unseenChanges;
    const count = await fetchUnreadCount(client, types);
    // An arrival or a read while the answer was on its way is newer than it: the badge keeps
    // what it knows, and the next poll asks again.
    if (unseenChanges === asked) setUnseen(count);
  } catch (error) {
    if (error instanceof ApiError && error.status === HTTP_NOT_FOUND) unreadCountSupported = false;
    setUnseen(Math.max(useUnseen.getState().notifications, localUnseen()));
  }
}

/** Where the server keeps only a read marker, what it says was seen before this session. */
async function readMarker(client: ApiClient): Promise<void> {
  await whenInstanceLoaded();
  if (seenApi() !== 'markers') return;
  try {
    readUpTo = await fetchNotificationsMarker(client);
  } catch (error) {
    console.warn('the notifications read marker could not be read', error);
  }
}

/** The newest page: the first load, and every 10 s poll. Throws for the caller's error notice. */
export async function loadNewestNotifications(
  client: ApiClient,
  types: readonly NotificationType[],
): Promise<void> {
  const wasLoaded = get().loaded;
  let page;
  try {
    [page] = await Promise.all([
      fetchNotifications(client, { includeTypes: types }),
      wasLoaded ? null : readMarker(client),
    ]);
  } catch (error) {
    if (!wasLoaded) set({ error: errorMessage(error) });
    throw error;
  }
  receiveNotifications(page.notifications, wasLoaded);
  if (!wasLoaded) {
    set({
      loaded: true,
      error: null,
      oldestId: page.oldestId,
      bottomedOut: page.received < NOTIFICATIONS_PAGE_LIMIT,
    });
  }
}

/** Shows 20 more; asks the server for older ones once everything known is displayed. */
export async function loadOlderNotifications(
  client: ApiClient,
  displayedCount: number,
  shownCount: number,
  types: readonly NotificationType[],
): Promise<void> {
  const state = get();
  if (state.loading) return;
  if (displayedCount < shownCount) {
    set({ seenShown: state.seenShown + SEEN_SHOWN_STEP });
    return;
  }
  if (state.bottomedOut) return;
  set({ loading: true, error: null });
  try {
    const page = await fetchNotifications(client, {
      maxId: state.oldestId ?? undefined,
      includeTypes: types,
    });
    ingestStatuses(page.notifications);
    set({
      list: mergeNotifications(get().list, seenUpTo(page.notifications, readUpTo)),
      oldestId: page.oldestId ?? get().oldestId,
      bottomedOut: page.received < NOTIFICATIONS_PAGE_LIMIT,
      seenShown: get().seenShown + SEEN_SHOWN_STEP,
      loaded: true,
      loading: false,
    });
  } catch (error) {
    set({ loading: false, error: errorMessage(error) });
    throw error;
  }
}

/** Mark all as seen: the displayed seen count goes back to 30 (spec part 2 §4). */
export async function markAllNotificationsSeen(client: ApiClient): Promise<void> {
  const state = get();
  const newest = state.list[0];
  set({
    list: state.list.map((n) => (n.seen ? n : { ...n, seen: true })),
    seenShown: INITIAL_SEEN_SHOWN,
  });
  setUnseen(0);
  if (!newest) return;
  readUpTo = newest.id;
  try {
    await tellServerSeenUpTo(client, newest.id);
  } catch (error) {
    console.warn('notifications could not be marked seen', error);
  }
}

/** Pleroma's read call where the server has it, else (and once it answers 404) the marker. */
async function tellServerSeenUpTo(client: ApiClient, id: string): Promise<void> {
  if (seenApi() === 'pleroma') {
    try {
      await markNotificationsSeen(client, id);
      return;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === HTTP_NOT_FOUND)) throw error;
      pleromaReadMissing = true;
    }
  }
  await setNotificationsMarker(client, id);
}

function replace(id: string, change: (n: Notification) => Notification): Notification | undefined {
  const previous = get().list.find((n) => n.id === id);
  if (previous) set({ list: get().list.map((n) => (n.id === id ? change(n) : n)) });
  return previous;
}

function remove(id: string): Notification | undefined {
  const previous = get().list.find((n) => n.id === id);
  if (!previous) return undefined;
  set({ list: get().list.filter((n) => n.id !== id) });
  if (!previous.seen) setUnseen(Math.max(0, useUnseen.getState().notifications - 1));
  return previous;
}

/** Removes one at once; it comes back if the server refuses. */
export async function dismiss(client: ApiClient, id: string): Promise<void> {
  const previous = remove(id);
  try {
    await dismissNotification(client, id);
  } catch (error) {
    if (previous) receiveRestored(previous);
    throw error;
  }
}

function receiveRestored(notification: Notification): void {
  set({ list: mergeNotifications(get().list, [notification]) });
  if (!notification.seen) setUnseen(useUnseen.getState().notifications + 1);
}

export type FollowRequestDecision = 'approve' | 'deny';

/**
 * A follow request was decided (here or on the requests screen): the request and its
 * notification go together (spec part 1, §4). Approved, the notification becomes a seen follow;
 * denied, it is dismissed. Either way the request leaves the pending list and its badge.
 */
export function settleFollowRequest(
  client: ApiClient,
  accountId: string,
  decision: FollowRequestDecision,
  notificationId?: string,
): void {
  useFollowRequests.getState().remove(accountId);
  // The decided notification itself, whatever type it shows by now: the socket may already have
  // brought the server's copy turned into a follow.
  const requests = get().list.filter(
    (n) => n.account.id === accountId && (n.type === 'follow_request' || n.id === notificationId),
  );
  for (const { id } of requests) {
    if (decision === 'deny') {
      remove(id);
      dismissNotification(client, id).catch((error: unknown) =>
        console.warn('notification could not be dismissed', error),
      );
      continue;
    }
    const previous = replace(id, approvedFollowRequest);
    if (previous && !previous.seen) setUnseen(Math.max(0, useUnseen.getState().notifications - 1));
    // The server's own copy (a seen follow) replaces any unseen one the socket sent meanwhile.
    markNotificationSeen(client, id)
      .then((seen) => {
        if (seen) receiveNotifications([{ ...seen, seen: true }], false);
      })
      .catch((error: unknown) => console.warn('notification could not be marked seen', error));
  }
}

/** Approve or deny from the notification; it changes once the server accepts. */
export async function decideFollowRequest(
  client: ApiClient,
  id: string,
  decision: FollowRequestDecision,
): Promise<void> {
  const notification = get().list.find((n) => n.id === id);
  if (!notification) return;
  const accountId = notification.account.id;
  const relationship = await (decision === 'approve'
    ? authorizeFollowRequest(client, accountId)
    : rejectFollowRequest(client, accountId));
  useEntities.getState().ingestRelationships([relationship]);
  settleFollowRequest(client, accountId, decision, id);
}

/** Optimistic; rolled back with the generic error notice for 5 s when refused. */
export async function changeReportState(
  client: ApiClient,
  id: string,
  state: ReportState,
): Promise<void> {
  const notification = get().list.find((n) => n.id === id);
  const report = notification?.report;
  if (!notification || !report || report.state === state) return;
  const previousState = report.state;
  const reportId = report.id;
  const forReport = (n: Notification) => n.report?.id === reportId;
  set({ list: get().list.map((n) => (forReport(n) ? withReportState(n, state) : n)) });
  try {
    await setReportState(client, reportId, state);
  } catch (error) {
    console.warn('report state change refused', error);
    set({ list: get().list.map((n) => (forReport(n) ? withReportState(n, previousState) : n)) });
    useNotices.getState().push({
      level: 'error',
      messageKey: REPORT_STATE_ERROR_KEY,
      timeoutMs: REPORT_STATE_ERROR_MS,
    });
  }
}

export function clearNotifications(): void {
  unreadCountSupported = true;
  pleromaReadMissing = false;
  readUpTo = null;
  set({ ...INITIAL });
}
