import { createApiClient } from '../api/client.ts';
import { currentToken } from '../state/session.ts';

const HTTP_UNAUTHORIZED = 401;

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

function bearerOf(init: RequestInit | undefined): string | null {
  const headers = new Headers(init?.headers);
  const match = /^Bearer\s+(.+)$/i.exec(headers.get('Authorization') ?? '');
  return match?.[1] ?? null;
}

/** For calls that go around the fetch client (uploads by XMLHttpRequest) and got a 401. */
export function reportUnauthorized(token: string | null): void {
  if (token) for (const listener of unauthorizedListeners) listener(token);
}

async function watchingFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await globalThis.fetch(input, init);
  if (response.status === HTTP_UNAUTHORIZED) reportUnauthorized(bearerOf(init));
  return response;
}

/** The app's one API client: same origin as the page, bearer token from the session. */
export const api = createApiClient({ getToken: currentToken, fetchImpl: watchingFetch });
