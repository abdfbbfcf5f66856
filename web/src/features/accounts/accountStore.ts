import type { Account } from '../../api/types.ts';
import {
  accountKeyFor,
  activateAccount,
  addAccount,
  deactivate,
  nextActiveAfterSignOut,
  parseAccountList,
  refreshAccount,
  removeAccount,
  type AccountList,
  type StoredAccount,
} from '../../lib/accountList.ts';
import { activeApiBase, activeServerHost, storedActiveServer } from '../../state/activeServer.ts';
import { readStored, removeStored, writeStored } from '../../state/storage.ts';
import {
  forgetLastLoginName,
  forgetToken,
  persistedToken,
  persistToken,
} from '../auth/persistedSession.ts';

/**
 * Several accounts on one device (issue 26). The active account's token stays where a single
 * session always kept it (`starling:oauth-token`, read by the inline starter before the first
 * paint); each other signed-in account's token waits in an entry of its own,
 * `starling:oauth-token:<key>`, so a token is only ever in one place. The list of who is signed in
 * (no tokens) is `starling:accounts`. Switching swaps the two entries and reloads the app, so no
 * store, poller, socket or request of the previous account survives it.
 */
export const ACCOUNTS_STORAGE_KEY = 'starling:accounts';
export const waitingTokenKey = (key: string): string => `starling:oauth-token:${key}`;
/** A notice to show after the reload that a revoked token caused (sessionStorage). */
export const PENDING_NOTICE_KEY = 'starling:accounts:notice';

interface StoredToken {
  token: string;
  /** The token's server, when it is not this page's own (it moves with the token). */
  server?: string;
}

export function readAccountList(): AccountList {
  return parseAccountList(readStored<unknown>(ACCOUNTS_STORAGE_KEY));
}

function writeAccountList(list: AccountList): void {
  if (list.accounts.length === 0) removeStored(ACCOUNTS_STORAGE_KEY);
  else writeStored(ACCOUNTS_STORAGE_KEY, list);
}

function waitingToken(key: string): StoredToken | null {
  const stored = readStored<StoredToken>(waitingTokenKey(key));
  return stored && typeof stored.token === 'string' && stored.token
    ? { token: stored.token, server: typeof stored.server === 'string' ? stored.server : '' }
    : null;
}

/**
 * The list entry of `user`, an account on `server` (its origin; '' for this page load's account
 * server, the page's own unless the active account lives elsewhere).
 */
export function storedAccountFor(user: Account, server = activeApiBase()): StoredAccount {
  const host = server ? new URL(server).host : activeServerHost();
  return {
    key: accountKeyFor(user.id, host),
    id: user.id,
    username: user.username,
    acct: user.acct || user.username,
    avatar: user.avatar,
    avatarStatic: user.avatarStatic,
    host,
    server,
  };
}

/**
 * A session has started or been restored: the account is listed as the active one. Signing in
 * again as an account that was waiting replaces its waiting token by the new active one.
 */
export function rememberSignedIn(user: Account, fresh: boolean, server?: string): void {
  const account = storedAccountFor(user, server);
  removeStored(waitingTokenKey(account.key));
  const list = readAccountList();
  writeAccountList(fresh ? addAccount(list, account) : refreshAccount(list, account));
}

/** The active account's token goes to its own waiting entry; nobody is active afterwards. */
function parkActive(list: AccountList): AccountList {
  const token = persistedToken();
  const server = storedActiveServer();
  if (list.active && token)
    writeStored(
      waitingTokenKey(list.active),
      (server ? { token, server } : { token }) satisfies StoredToken,
    );
  forgetToken();
  return deactivate(list);
}

/** `key`'s waiting token becomes the active one. False when it has none (it is then dropped). */
function takeOver(list: AccountList, key: string): boolean {
  const waiting = waitingToken(key);
  removeStored(waitingTokenKey(key));
  if (!waiting) {
    writeAccountList(removeAccount(list, key));
    return false;
  }
  // The token and its server move together: the next page load asks that server only.
  persistToken(waiting.token, waiting.server ?? '');
  writeAccountList(activateAccount(list, key));
  return true;
}

export type Reload = (path: string) => void;
/**
 * Where the app starts afresh as the account taken over: its home timeline, whose first page the
 * inline starter asks for at once (from `/` the root redirect would wait for the instance first).
 */
export const AFTER_SWITCH_PATH = '/main/friends';
const reloadAt: Reload = (path) => window.location.assign(path);

/** Switches to a waiting account and starts the app afresh as it. */
export function switchAccount(key: string, reload: Reload = reloadAt): boolean {
  const list = readAccountList();
  if (list.active === key) return false;
  const parked = parkActive(list);
  if (!takeOver(parked, key)) {
    // Its token was gone: the previous account stays the active one.
    if (list.active) takeOver(readAccountList(), list.active);
    return false;
  }
  reload(AFTER_SWITCH_PATH);
  return true;
}

/** "Add account": the current account waits, the sign-in screen opens with nobody active. */
export function startAddingAccount(reload: Reload = reloadAt): void {
  writeAccountList(parkActive(readAccountList()));
  // The sign-in form starts empty rather than with the waiting account's name.
  forgetLastLoginName();
  reload('/login');
}

/**
 * The active account has been signed out (its token already forgotten): it leaves the list, and
 * the most recently used other account, if any, becomes active (`next`). `gone` is the account
 * that left, as the list knew it.
 */
export function signedOut(user: Account | null): {
  gone: StoredAccount | null;
  next: StoredAccount | null;
} {
  let list = readAccountList();
  const key = user ? storedAccountFor(user).key : list.active;
  const gone = list.accounts.find((account) => account.key === key) ?? null;
  if (key) {
    removeStored(waitingTokenKey(key));
    list = removeAccount(list, key);
  }
  writeAccountList(list);
  for (;;) {
    const next = nextActiveAfterSignOut(list, key ?? '');
    if (!next) return { gone, next: null };
    if (takeOver(list, next.key)) return { gone, next };
    list = readAccountList();
  }
}

/** An account that no longer exists (deleted): it leaves the list; nobody takes over. */
export function forgetAccount(user: Account): void {
  const key = storedAccountFor(user).key;
  removeStored(waitingTokenKey(key));
  writeAccountList(removeAccount(readAccountList(), key));
}

export interface PendingNotice {
  revoked: string;
  now: string;
}

export function leaveNoticeForNextStart(notice: PendingNotice): void {
  try {
    sessionStorage.setItem(PENDING_NOTICE_KEY, JSON.stringify(notice));
  } catch {
    // No session storage: the notice is lost, the switch still happens.
  }
}

export function takePendingNotice(): PendingNotice | null {
  try {
    const text = sessionStorage.getItem(PENDING_NOTICE_KEY);
    sessionStorage.removeItem(PENDING_NOTICE_KEY);
    const value = text ? (JSON.parse(text) as Partial<PendingNotice>) : null;
    return value && typeof value.revoked === 'string' && typeof value.now === 'string'
      ? { revoked: value.revoked, now: value.now }
      : null;
  } catch {
    return null;
  }
}
