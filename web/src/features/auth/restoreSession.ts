import { verifyCredentials } from '../../api/accounts.ts';
import { ApiError, createApiClient, type ApiClient } from '../../api/client.ts';
import type { Page } from '../../api/link.ts';
import type { Status } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { LOGIN_ERROR_KEYS } from '../../lib/authStrategy.ts';
import { matchRoute } from '../../router/matchRoute.ts';
import {
  adoptFirstPage,
  clearTimelines,
  fetchTimelinePage,
  type TimelineSpec,
} from '../../state/timelines.ts';
import { afterNextPaint, FIRST_PAGE_WAIT_MS } from '../timeline/firstPaint.ts';
import { useNotices } from '../../state/notices.ts';
import { useSession } from '../../state/session.ts';
import {
  persistedLastLoginName,
  persistedToken,
  warnIfStorageUnavailable,
} from './persistedSession.ts';

/*
 * The session machinery (side effects, pollers, streaming) is loaded only when there is a session
 * to restore, while the credentials are checked: an anonymous visitor's first paint skips it.
 */
const loadLifecycle = () => import('./sessionLifecycle.ts');

const HOME: TimelineSpec = { kind: 'friends' };

const HTTP_UNAUTHORIZED = 401;
const HTTP_FORBIDDEN = 403;

let waitingForNetwork = false;
let signedInOffline = false;

/**
 * Without a network, a token last seen signed in as an account whose pages were kept for
 * offline reading shows them (features/offline): the session is signed in from that account's
 * stored profile, with none of its updates (no polling, no streaming) until the server answers.
 */
async function signInOffline(token: string): Promise<boolean> {
  const user = await import('../offline/offlineStore.ts')
    .then((offline) => offline.accountForToken(token))
    .catch(() => null);
  if (!user || useSession.getState().status !== 'restoring') return false;
  signedInOffline = true;
  useSession.getState().signIn(token, user);
  return true;
}

/**
 * At boot: resume the persisted session (spec part 1, §9 persisted state). A token the server
 * refuses (401/403) signs out cleanly with a notice; without a network the token is kept and the
 * restore is tried again when the browser is back online.
 */
export async function restoreSession(): Promise<void> {
  if (!warnIfStorageUnavailable()) return;
  const lastLoginName = persistedLastLoginName();
  if (lastLoginName) useSession.setState({ lastLoginName });

  const token = persistedToken();
  const session = useSession.getState();
  // Signed in from the offline copies and now back online: the session is checked for real.
  const backOnline = signedInOffline && session.status === 'signedIn' && session.token === token;
  signedInOffline = false;
  if (!token || (session.status !== 'anonymous' && !backOnline)) return;
  if (backOnline) clearTimelines();

  session.setStatus('restoring');
  const lifecycle = loadLifecycle();
  // Not awaited on every path; a failed load surfaces where it is awaited.
  lifecycle.catch(() => undefined);
  try {
    const client = createApiClient({ baseUrl: api.baseUrl, getToken: () => token });
    const user = await verifyCredentials(client);
    const landing = await firstPageOfLanding(client);
    // A sign-in that finished meanwhile wins.
    if (useSession.getState().status !== 'restoring') return;
    useSession.getState().signIn(token, user);
    if (landing) adoptFirstPage(api, HOME, landing.pending, landing.arrived);
    const started = await lifecycle.catch((error: unknown) => {
      console.warn('the session could not start its updates', error);
      return null;
    });
    if (!started || useSession.getState().token !== token) return;
    // The side effects' requests and renders wait until the landing screen has been painted.
    started.resumeSession(token, user, afterNextPaint);
  } catch (error) {
    if (useSession.getState().status !== 'restoring') return;
    const status = error instanceof ApiError ? error.status : -1;
    if (status === HTTP_UNAUTHORIZED || status === HTTP_FORBIDDEN) {
      (await lifecycle).signOutExpired();
      return;
    }
    if (error instanceof ApiError && error.kind === 'network' && (await signInOffline(token))) {
      retryWhenOnline();
      return;
    }
    useSession.getState().setStatus('anonymous');
    if (error instanceof ApiError && error.kind === 'network') {
      useNotices.getState().push({ level: 'error', messageKey: LOGIN_ERROR_KEYS.network });
      retryWhenOnline();
    } else {
      // A server error says nothing about the token: keep it for the next start.
      console.warn('session could not be restored', error);
      useNotices.getState().push({ level: 'error', messageKey: LOGIN_ERROR_KEYS.generic });
    }
  }
}

/**
 * On a home timeline landing, its first page is asked for as soon as the token is known good, and
 * waited for a moment, so that signing in renders the screen and its first statuses in one commit.
 * The inline starter asked for it already; this takes that answer (boot/earlyRequests.ts).
 */
async function firstPageOfLanding(
  client: ApiClient,
): Promise<{ pending: Promise<Page<Status>>; arrived: Page<Status> | undefined } | null> {
  if (typeof window === 'undefined') return null;
  if (matchRoute(window.location.pathname)?.route.name !== 'friends') return null;
  const pending = fetchTimelinePage(client, HOME);
  const arrived = await Promise.race([
    pending.catch(() => undefined),
    new Promise<undefined>((done) => setTimeout(done, FIRST_PAGE_WAIT_MS)),
  ]);
  return { pending, arrived };
}

function retryWhenOnline(): void {
  if (waitingForNetwork || typeof window === 'undefined') return;
  waitingForNetwork = true;
  window.addEventListener(
    'online',
    () => {
      waitingForNetwork = false;
      void restoreSession();
    },
    { once: true },
  );
}
