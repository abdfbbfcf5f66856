import { storedActiveServer } from '../../state/activeServer.ts';
import { useNotices } from '../../state/notices.ts';
import { readStored, removeStored, storageAvailable, writeStored } from '../../state/storage.ts';

/** Spec part 1, §9 persisted state: the OAuth token and the last login name. */
export const TOKEN_STORAGE_KEY = 'starling:oauth-token';
export const LAST_LOGIN_NAME_STORAGE_KEY = 'starling:last-login-name';
export const STORAGE_UNAVAILABLE_KEY = 'session.storage_unavailable';

interface StoredToken {
  token: string;
  /**
   * Written by earlier versions when a logout's revocation did not answer 201 (logout now drops
   * the entry): such an entry must never bring the session back.
   */
  signedOut?: boolean;
  /** The origin of the token's server, when that is not this page's (state/activeServer.ts). */
  server?: string;
}

/** The token a boot may resume, if any. */
export function persistedToken(): string | null {
  const stored = readStored<StoredToken>(TOKEN_STORAGE_KEY);
  if (!stored || typeof stored.token !== 'string' || !stored.token || stored.signedOut) return null;
  return stored.token;
}

/**
 * Keeps the active token with its server's origin; by default the server of this page load's
 * account, which a token refreshed in place (a restored session) still belongs to.
 */
export function persistToken(token: string, server = storedActiveServer()): void {
  writeStored(TOKEN_STORAGE_KEY, (server ? { token, server } : { token }) satisfies StoredToken);
}

export function forgetToken(): void {
  removeStored(TOKEN_STORAGE_KEY);
}

export function persistedLastLoginName(): string {
  const name = readStored<unknown>(LAST_LOGIN_NAME_STORAGE_KEY);
  return typeof name === 'string' ? name : '';
}

export function persistLastLoginName(name: string): void {
  writeStored(LAST_LOGIN_NAME_STORAGE_KEY, name);
}

export function forgetLastLoginName(): void {
  removeStored(LAST_LOGIN_NAME_STORAGE_KEY);
}

let storageNoticeShown = false;

/** Spec part 1, §8: without storage, login and settings are not kept; say so once. */
export function warnIfStorageUnavailable(): boolean {
  if (storageAvailable()) return true;
  if (!storageNoticeShown) {
    storageNoticeShown = true;
    useNotices.getState().push({ level: 'error', messageKey: STORAGE_UNAVAILABLE_KEY });
  }
  return false;
}

/** For tests. */
export function resetStorageNotice(): void {
  storageNoticeShown = false;
}
