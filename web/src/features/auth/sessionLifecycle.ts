import { ApiError } from '../../api/client.ts';
import { customEmoji, pleromaEmoji } from '../../api/instance.ts';
import type { Account } from '../../api/types.ts';
import { api, onUnauthorized } from '../../app/apiClient.ts';
import { useCustomEmoji } from '../../state/customEmoji.ts';
import { useInstance, whenInstanceLoaded } from '../../state/instance.ts';
import { useNotices } from '../../state/notices.ts';
import { intervalPoller, registerPoller, startAll, stopAll } from '../../state/pollers.ts';
import { useRelations } from '../../state/relations.ts';
import {
  FOLLOW_REQUESTS_POLL_MS,
  FOLLOW_REQUESTS_POLLER,
  pollFollowRequests,
  useFollowRequests,
} from '../../state/followRequests.ts';
import { useModals } from '../../state/modals.ts';
import { useSession } from '../../state/session.ts';
import { useUnseen } from '../../state/unseen.ts';
import { startStreaming, stopStreaming } from '../../streaming/index.ts';
import { forgetToken, persistLastLoginName, persistToken } from './persistedSession.ts';
import { requestedTypesFor } from '../../lib/notifications.ts';
import { setMarkNotificationsSeen } from '../../app/layout/notificationsSeen.ts';
import {
  clearNotifications,
  loadNewestNotifications,
  markAllNotificationsSeen,
  refreshUnseenCount,
} from '../../state/notifications.ts';
import { followedAccountIds, mutedAccountIds } from './sessionApi.ts';
import { errorMessage } from '../../lib/errorMessage.ts';
import '../../i18n/parts/accounts.ts';
import {
  AFTER_SWITCH_PATH,
  leaveNoticeForNextStart,
  rememberSignedIn,
  signedOut,
  takePendingNotice,
} from '../accounts/accountStore.ts';

/** Spec part 1, §9: notifications are polled every 10 s (until streaming takes over). */
export const NOTIFICATIONS_POLL_MS = 10_000;
/** Spec part 1, §8: 'Error fetching notifications: {detail}', a global error notice for 5000 ms. */
export const NOTIFICATIONS_ERROR_TIMEOUT_MS = 5000;
export const NOTIFICATIONS_POLLER = 'notifications';

export const SESSION_EXPIRED_KEY = 'session.expired';
export const NOTIFICATIONS_ERROR_KEY = 'session.notifications_error';
/** A revoked token signed one account out and another signed-in account took over. */
export const ACCOUNT_REVOKED_KEY = 'accounts.revoked';

const HTTP_UNAUTHORIZED = 401;

/** The newest page and the server's unseen count, every 10 s (and at once after sign-in). */
async function pollNotifications(): Promise<void> {
  const session = useSession.getState();
  if (session.status !== 'signedIn') return;
  const types = requestedTypesFor(session.user?.privileges);
  try {
    await loadNewestNotifications(api, types);
    await refreshUnseenCount(api, types);
  } catch (error) {
    // A 401 signs the user out through the unauthorized handler; no second message for it.
    if (error instanceof ApiError && error.status === HTTP_UNAUTHORIZED) return;
    useNotices.getState().push({
      level: 'error',
      messageKey: NOTIFICATIONS_ERROR_KEY,
      messageArgs: [errorMessage(error)],
      timeoutMs: NOTIFICATIONS_ERROR_TIMEOUT_MS,
    });
  }
}

/**
 * Spec part 1, §8: failing to load emoji is only logged. Pleroma's emoji.json (with its packs'
 * tags) on Pleroma and Akkoma; elsewhere Mastodon's list, which needs no Pleroma endpoint.
 */
async function loadCustomEmoji(): Promise<void> {
  try {
    await whenInstanceLoaded();
    const flavour = useInstance.getState().config.serverFlavour;
    const entries =
      flavour === 'pleroma' || flavour === 'akkoma'
        ? (await pleromaEmoji(api)).map((entry) => ({
            shortcode: entry.shortcode,
            url: entry.imageUrl,
            tags: entry.tags,
          }))
        : (await customEmoji(api)).map((entry) => ({
            shortcode: entry.shortcode,
            url: entry.url,
            tags: entry.tags,
          }));
    useCustomEmoji.getState().setEmojis(entries);
  } catch (error) {
    console.warn('custom emoji could not be loaded', error);
  }
}

async function loadRelations(accountId: string): Promise<void> {
  const [mutes, friends] = await Promise.allSettled([
    mutedAccountIds(api),
    followedAccountIds(api, accountId),
  ]);
  if (mutes.status === 'fulfilled') useRelations.getState().setMuteIds(mutes.value);
  else console.warn('mutes could not be loaded', mutes.reason);
  if (friends.status === 'fulfilled') useRelations.getState().setFriendIds(friends.value);
  else console.warn('followed accounts could not be loaded', friends.reason);
}

function requestNotificationPermission(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  try {
    void Promise.resolve(Notification.requestPermission()).catch(() => undefined);
  } catch {
    // Old browsers only offer the callback form; the permission is simply not asked then.
  }
}

/** Chats load with their own chunk, and only from a server that has them. */
async function startChatsWhenAvailable(accountId: string): Promise<void> {
  try {
    await whenInstanceLoaded();
    if (!useInstance.getState().config.pleromaChatMessagesAvailable) return;
    const chats = await import('../chats/chatsSession.ts');
    if (useSession.getState().user?.id === accountId) chats.startChats(api, accountId);
  } catch (error) {
    console.warn('chats could not start', error);
  }
}

/** Announcements load with their own chunk, from a server thought to have them (a 404 says not). */
async function startAnnouncementsWhenAvailable(accountId: string): Promise<void> {
  try {
    await whenInstanceLoaded();
    if (!useInstance.getState().config.announcementsAvailable) return;
    const announcements = await import('../announcements/announcementsSession.ts');
    if (useSession.getState().user?.id === accountId) announcements.startAnnouncements(api);
  } catch (error) {
    console.warn('announcements could not start', error);
  }
}

/** Spec part 1, §4 login side effects. Later features register their own pollers. */
export function runLoginSideEffects(user: Account): void {
  // The badge starts from the server's count; the first poll brings the notifications themselves.
  useUnseen.getState().set({ notifications: user.unreadNotificationsCount });
  setMarkNotificationsSeen(() => void markAllNotificationsSeen(api));
  // Announcements and desktop notifications of arrivals: loaded after sign-in, not at start-up.
  void import('../notifications/arrivalEffects.ts')
    .then((module) => module.startArrivalEffects())
    .catch((error: unknown) => console.warn('notification effects could not load', error));
  void loadCustomEmoji();
  requestNotificationPermission();
  void loadRelations(user.id);
  void startAnnouncementsWhenAvailable(user.id);
  void startChatsWhenAvailable(user.id);
  registerPoller(NOTIFICATIONS_POLLER, intervalPoller(NOTIFICATIONS_POLL_MS, pollNotifications));
  if (user.locked) {
    registerPoller(
      FOLLOW_REQUESTS_POLLER,
      intervalPoller(FOLLOW_REQUESTS_POLL_MS, () => pollFollowRequests(api)),
    );
  }
  startAll();
  /*
   * The socket brings new posts and notifications as they happen. The notifications poll keeps
   * running beside it (it is not handed to the socket as its polling): the local instance ends a
   * revoked token's socket only at its next delivery, so the poll is also what notices a token
   * revoked elsewhere (spec §4: signed out at the next call). Timelines poll or not by the
   * socket's status (useStreamingStatus).
   */
  const token = useSession.getState().token;
  if (token) {
    startStreaming(token).catch((error: unknown) =>
      console.warn('streaming could not start', error),
    );
  }
}

/** Signs in with a verified token: session store, persisted token and name, side effects. */
export function beginSession(token: string, user: Account): void {
  useSession.getState().signIn(token, user);
  resumeSession(token, user, (run) => run(), true);
}

/**
 * Carries on a session the store has signed in: the persisted token and name, and the side effects
 * once `later` runs them, if the session is still this token's by then (a restored session runs
 * them after its first screen is painted).
 */
export function resumeSession(
  token: string,
  user: Account,
  later: (run: () => void) => void,
  fresh = false,
): void {
  installUnauthorizedHandler();
  persistToken(token);
  persistLastLoginName(user.username);
  // Listed among the accounts signed in on this device (a fresh sign-in goes to the front).
  rememberSignedIn(user, fresh);
  const pending = takePendingNotice();
  if (pending) {
    useNotices.getState().push({
      level: 'error',
      messageKey: ACCOUNT_REVOKED_KEY,
      messageArgs: [pending.revoked, pending.now],
    });
  }
  later(() => {
    if (useSession.getState().token === token) runLoginSideEffects(user);
  });
}

/**
 * Ends the in-memory session: pollers stopped, every per-user store emptied. Global notices stay
 * (the one explaining why the user was signed out must remain visible). The persisted token is
 * the caller's business (logout and expiry treat it differently).
 */
export function endSession(): void {
  const token = useSession.getState().token;
  // The token leaves memory first: whatever the stops below set off cannot send it.
  useSession.getState().signOut();
  // What was kept for reading offline goes with the session (features/offline), and the
  // token leaves the outbox's queued sends.
  if (token)
    void import('./forgetStoredToken.ts')
      .then((stored) => stored.forgetStoredToken(token))
      .catch((error: unknown) => console.warn('forgetting the offline copies failed', error));
  stopStreaming();
  stopAll();
  useUnseen.getState().reset();
  clearNotifications();
  void import('../notifications/arrivalEffects.ts').then((module) => module.stopArrivalEffects());
  if (useInstance.getState().config.pleromaChatMessagesAvailable) {
    void import('../chats/chatsSession.ts').then((module) => module.stopChats());
  }
  useCustomEmoji.getState().clear();
  useRelations.getState().clear();
  useFollowRequests.setState({ ids: null, error: null });
  useModals.getState().closeComposer();
}

/** The token no longer works (revoked or expired): sign out cleanly and say why. */
export function signOutExpired(reload: (path: string) => void = reloadAt): void {
  const user = useSession.getState().user;
  forgetToken();
  endSession();
  // Only this account is signed out: another signed-in one, if any, takes over after a reload.
  const { gone, next } = signedOut(user);
  if (next) {
    leaveNoticeForNextStart({
      revoked: `@${gone?.acct ?? user?.acct ?? ''}`,
      now: `@${next.acct}`,
    });
    reload(AFTER_SWITCH_PATH);
    return;
  }
  useNotices.getState().push({ level: 'error', messageKey: SESSION_EXPIRED_KEY });
  // The page's requests went to that account's server: the next load asks this page's own.
  if (api.baseUrl) reload('/main/public');
}

const reloadAt = (path: string) => window.location.assign(path);

let unauthorizedHandlerInstalled = false;

/** Any call answered 401 with the current token signs the user out with the notice. */
export function installUnauthorizedHandler(): void {
  if (unauthorizedHandlerInstalled) return;
  unauthorizedHandlerInstalled = true;
  onUnauthorized((token) => {
    const session = useSession.getState();
    // A late answer for an older token (after logout or another sign-in) changes nothing.
    if (session.status !== 'signedIn' || session.token !== token) return;
    signOutExpired();
  });
}
