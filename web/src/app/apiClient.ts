import { createApiClient } from '../api/client.ts';
import { noteReachable } from '../state/outbox.ts';
import { currentToken } from '../state/session.ts';

type UnauthorizedListener = (token: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * Called with the bearer token of any call the server answered 401: the token was revoked or
 * expired. The auth feature listens and signs the user out with a notice.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The app's one API client: same origin as the page, bearer token from the session. */
export const api = createApiClient({
  getToken: currentToken,
  onUnauthorized: (token) => unauthorizedListeners.forEach((listener) => listener(token)),
  onReachable: noteReachable,
});
