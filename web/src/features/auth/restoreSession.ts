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
import { beginSession, installUnauthorizedHandler, signOutExpired } from './sessionLifecycle.ts';

const HTTP_UNAUTHORIZED = 401;
const HTTP_FORBIDDEN = 403;

let waitingForNetwork = false;

/**
 * At boot: resume the persisted session (spec part 1, §9 persisted state). A token the server
 * refuses (401/403) signs out cleanly with a notice; without a network the token is kept and the
 * restore is tried again when the browser is back online.
 */
export async function restoreSession(): Promise<void> {
  installUnauthorizedHandler();
  if (!warnIfStorageUnavailable()) return;
  const lastLoginName = persistedLastLoginName();
  if (lastLoginName) useSession.setState({ lastLoginName });

  const token = persistedToken();
  const session = useSession.getState();
  if (!token || session.status !== 'anonymous') return;

  session.setStatus('restoring');
  try {
    const user = await verifyCredentials(createApiClient({ getToken: () => token }));
    // A sign-in that finished meanwhile wins.
    if (useSession.getState().status !== 'restoring') return;
    beginSession(token, user);
  } catch (error) {
    if (useSession.getState().status !== 'restoring') return;
    const status = error instanceof ApiError ? error.status : -1;
    if (status === HTTP_UNAUTHORIZED || status === HTTP_FORBIDDEN) {
      signOutExpired();
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
