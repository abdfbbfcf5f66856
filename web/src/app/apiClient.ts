import { createApiClient } from '../api/client.ts';

/** The app's one API client: same origin as the page, token from the session (none yet). */
export const api = createApiClient({ getToken: () => null });
