/**
 * The accounts signed in on this device (issue 26, several accounts), as pure rules. The list
 * holds who each account is (never a token: each token sits in its own storage entry) and which
 * one is active, the most recently used first.
 */

export interface StoredAccount {
  /** `<account id>@<server host>`: the same key accountKey() gives the signed-in account. */
  key: string;
  id: string;
  username: string;
  /** The handle as the server gives it (`alice` locally, `alice@elsewhere` for a remote one). */
  acct: string;
  avatar: string;
  avatarStatic: string;
  /** The server's host. */
  host: string;
  /**
   * The origin of the account's server when it is not the page's own (an account added on
   * another server); '' for an account on this page's server.
   */
  server: string;
}

export interface AccountList {
  accounts: StoredAccount[];
  /** The key of the account whose token is in use, or null while none is (signed out, adding). */
  active: string | null;
}

export const EMPTY_ACCOUNT_LIST: AccountList = { accounts: [], active: null };

export const accountKeyFor = (id: string, host: string): string => `${id}@${host}`;

const isString = (value: unknown): value is string => typeof value === 'string';

function readAccount(value: unknown): StoredAccount | null {
  if (!value || typeof value !== 'object') return null;
  const raw = value as Record<string, unknown>;
  const { key, id, username, acct, avatar, avatarStatic, host, server } = raw;
  if (!isString(key) || !isString(id) || !isString(username) || !isString(host)) return null;
  if (!key || !id || key !== accountKeyFor(id, host)) return null;
  return {
    key,
    id,
    username,
    acct: isString(acct) && acct ? acct : username,
    avatar: isString(avatar) ? avatar : '',
    avatarStatic: isString(avatarStatic) ? avatarStatic : '',
    host,
    server: isString(server) ? server : '',
  };
}

/** The handle to show: `@name@server` for an account on another server than the page's. */
export function displayHandle(account: Pick<StoredAccount, 'acct' | 'host' | 'server'>): string {
  return account.server && !account.acct.includes('@')
    ? `@${account.acct}@${account.host}`
    : `@${account.acct}`;
}

/** What storage holds, trusting nothing: bad entries and repeated keys are dropped. */
export function parseAccountList(value: unknown): AccountList {
  if (!value || typeof value !== 'object') return EMPTY_ACCOUNT_LIST;
  const raw = value as Record<string, unknown>;
  const accounts: StoredAccount[] = [];
  for (const entry of Array.isArray(raw.accounts) ? raw.accounts : []) {
    const account = readAccount(entry);
    if (account && !accounts.some((known) => known.key === account.key)) accounts.push(account);
  }
  const active =
    isString(raw.active) && accounts.some((account) => account.key === raw.active)
      ? raw.active
      : null;
  return { accounts, active };
}

/**
 * An account has signed in (or its session was restored): it becomes the active one and moves to
 * the front; an entry with the same key is replaced (a new avatar, a renamed handle).
 */
export function addAccount(list: AccountList, account: StoredAccount): AccountList {
  return {
    accounts: [account, ...list.accounts.filter((known) => known.key !== account.key)],
    active: account.key,
  };
}

/** The same account seen again (restored): its details change, its place in the list does not. */
export function refreshAccount(list: AccountList, account: StoredAccount): AccountList {
  if (!list.accounts.some((known) => known.key === account.key)) return addAccount(list, account);
  return {
    accounts: list.accounts.map((known) => (known.key === account.key ? account : known)),
    active: account.key,
  };
}

/** An account has been signed out (or its token revoked): it leaves the list. */
export function removeAccount(list: AccountList, key: string): AccountList {
  return {
    accounts: list.accounts.filter((account) => account.key !== key),
    active: list.active === key ? null : list.active,
  };
}

/** Switching: `key` becomes active and moves to the front. Unknown keys change nothing. */
export function activateAccount(list: AccountList, key: string): AccountList {
  const account = list.accounts.find((known) => known.key === key);
  return account ? addAccount(list, account) : list;
}

/** Adding another account: nobody is active until the sign-in finishes; all stay listed. */
export function deactivate(list: AccountList): AccountList {
  return { accounts: list.accounts, active: null };
}

/**
 * Which account takes over once `key` is signed out: the most recently used of the others, for a
 * deliberate sign-out and for a revoked token alike (the revoked one is named in a notice), or
 * none when no other account is signed in.
 */
export function nextActiveAfterSignOut(list: AccountList, key: string): StoredAccount | null {
  return list.accounts.find((account) => account.key !== key) ?? null;
}

/** The accounts other than the active one, most recently used first: the ones to switch to. */
export function waitingAccounts(list: AccountList): StoredAccount[] {
  return list.accounts.filter((account) => account.key !== list.active);
}
