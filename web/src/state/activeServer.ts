import { apiBaseFor, hostOfBase } from '../lib/serverAddress.ts';
import { readStored } from './storage.ts';

/**
 * The server of the account in use (issue 26, accounts on other servers). Its origin is stored
 * beside the active token (`server` in `starling:oauth-token`, absent for an account on this
 * page's own server) and moves with the token whenever accounts switch. Switching reloads the
 * page, so it is read once per page load: the API client, the instance documents, the OAuth app
 * and the streaming socket all use the one answer.
 */
const TOKEN_STORAGE_KEY = 'starling:oauth-token';

let base: string | null = null;

const page = (): { origin: string; host: string } =>
  typeof location === 'undefined' ? { origin: '', host: 'local' } : location;

/** The recorded server of the active token, as stored ('' when none is recorded). */
export function storedActiveServer(): string {
  const stored = readStored<{ server?: unknown }>(TOKEN_STORAGE_KEY);
  return stored && typeof stored.server === 'string' ? stored.server : '';
}

/** Where this page load's API requests go: '' for the page's own origin, else the server's. */
export function activeApiBase(): string {
  base ??= apiBaseFor(storedActiveServer(), page().origin);
  return base;
}

/** The host of the active account's server (the page's own host when it is this one). */
export function activeServerHost(): string {
  return hostOfBase(activeApiBase(), page().host);
}

/** For tests: read the stored server again at the next call. */
export function forgetActiveServer(): void {
  base = null;
}
