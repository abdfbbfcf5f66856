import { verifyCredentials } from '../../api/accounts.ts';
import { ApiError, createApiClient } from '../../api/client.ts';
import { LOGIN_ERROR_KEYS } from '../../lib/authStrategy.ts';
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

const HTTP_UNAUTHORIZED = 401;
const HTTP_FORBIDDEN = 403;

let waitingForNetwork = false;

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
  if (!token || session.status !== 'anonymous') return;

  session.setStatus('restoring');
  const lifecycle = loadLifecycle();
  // Not awaited on every path; a failed load surfaces where it is awaited.
  lifecycle.catch(() => undefined);
  try {
    const user = await verifyCredentials(createApiClient({ getToken: () => token }));
    const { beginSession } = await lifecycle;
    // A sign-in that finished meanwhile wins.
    if (useSession.getState().status !== 'restoring') return;
    beginSession(token, user);
  } catch (error) {
    if (useSession.getState().status !== 'restoring') return;
    const status = error instanceof ApiError ? error.status : -1;
    if (status === HTTP_UNAUTHORIZED || status === HTTP_FORBIDDEN) {
      (await lifecycle).signOutExpired();
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
