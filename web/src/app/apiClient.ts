import { createApiClient } from '../api/client.ts';
import { currentToken } from '../state/session.ts';

/** The app's one API client: same origin as the page, bearer token from the session. */
export const api = createApiClient({ getToken: currentToken });
