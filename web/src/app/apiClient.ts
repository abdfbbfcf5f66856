import { createApiClient } from '../api/client.ts';
import { activeApiBase } from '../state/activeServer.ts';
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

/**
 * The app's one API client: the active account's server (the page's own origin unless that
 * account lives on another server; fixed for the page load, a switch reloads), bearer token
 * from the session.
 */
export const api = createApiClient({
  baseUrl: activeApiBase(),
  getToken: currentToken,
  onUnauthorized: (token) => unauthorizedListeners.forEach((listener) => listener(token)),
  onReachable: noteReachable,
});
