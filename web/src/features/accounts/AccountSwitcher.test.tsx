import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addAccount,
  deactivate,
  EMPTY_ACCOUNT_LIST,
  type AccountList,
} from '../../lib/accountList.ts';
import { useNotices } from '../../state/notices.ts';
import { useSession } from '../../state/session.ts';
import { TOKEN_STORAGE_KEY } from '../auth/persistedSession.ts';
import { resetNavigationStores, signInAs, testAccount } from '../navigation/testSupport.ts';
import { accountKey } from '../../state/accountKey.ts';
import {
  ACCOUNTS_STORAGE_KEY,
  forgetAccount,
  readAccountList,
  signedOut,
  storedAccountFor,
  takePendingNotice,
  waitingTokenKey,
} from './accountStore.ts';
import { AccountMenu, AccountSwitcher } from './AccountSwitcher.tsx';

const alice = testAccount({ id: '1', username: 'alice', acct: 'alice' });
const bob = testAccount({ id: '2', username: 'bob', acct: 'bob' });
const aliceKey = storedAccountFor(alice).key;
const bobKey = storedAccountFor(bob).key;

const stored = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null');
const writeList = (list: AccountList) =>
  localStorage.setItem(ACCOUNTS_STORAGE_KEY, JSON.stringify(list));

/** Alice in use (her token in the active entry), bob waiting with his own entry. */
function aliceActiveBobWaiting(): void {
  writeList(
    addAccount(addAccount(EMPTY_ACCOUNT_LIST, storedAccountFor(bob)), storedAccountFor(alice)),
  );
  localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ token: 'alice-token' }));
  localStorage.setItem(waitingTokenKey(bobKey), JSON.stringify({ token: 'bob-token' }));
  useSession.getState().signIn('alice-token', alice);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetNavigationStores();
  useNotices.getState().clear();
});
afterEach(cleanup);

describe('AccountSwitcher', () => {
  it('lists the account in use and a switch button for each other, with their handles', () => {
    aliceActiveBobWaiting();
    render(<AccountSwitcher reload={vi.fn()} />);
    const section = screen.getByRole('region', { name: 'Accounts' });
    const current = within(section).getByText('@alice').closest('li');
    expect(current?.getAttribute('aria-current')).toBe('true');
    expect(current?.textContent).toContain('in use');
    expect(within(section).getByRole('button', { name: 'Switch to @bob' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Add account' })).toBeTruthy();
    expect(section.querySelectorAll('img')).toHaveLength(2);
  });

  it('switching swaps the token entries and starts the app afresh as the other account', () => {
    aliceActiveBobWaiting();
    const reload = vi.fn();
    render(<AccountSwitcher reload={reload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to @bob' }));
    expect(reload).toHaveBeenCalledWith('/main/friends');
    expect(stored(TOKEN_STORAGE_KEY)).toEqual({ token: 'bob-token' });
    expect(stored(waitingTokenKey(aliceKey))).toEqual({ token: 'alice-token' });
    expect(localStorage.getItem(waitingTokenKey(bobKey))).toBeNull();
    expect(readAccountList().active).toBe(bobKey);
    // Each token is in exactly one entry.
    const values = Object.keys(localStorage).map((key) => localStorage.getItem(key) ?? '');
    expect(values.filter((value) => value.includes('alice-token'))).toHaveLength(1);
    expect(values.filter((value) => value.includes('bob-token'))).toHaveLength(1);
  });

  it('a waiting account whose token is gone is dropped, and the one in use stays', () => {
    aliceActiveBobWaiting();
    localStorage.removeItem(waitingTokenKey(bobKey));
    const reload = vi.fn();
    render(<AccountSwitcher reload={reload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to @bob' }));
    expect(reload).not.toHaveBeenCalled();
    expect(stored(TOKEN_STORAGE_KEY)).toEqual({ token: 'alice-token' });
    expect(readAccountList()).toEqual({ accounts: [storedAccountFor(alice)], active: aliceKey });
  });

  it('"Add account" keeps the account in use waiting and opens the sign-in screen', () => {
    aliceActiveBobWaiting();
    localStorage.setItem('starling:last-login-name', JSON.stringify('alice'));
    const reload = vi.fn();
    render(<AccountSwitcher reload={reload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(reload).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(stored(waitingTokenKey(aliceKey))).toEqual({ token: 'alice-token' });
    expect(stored(waitingTokenKey(bobKey))).toEqual({ token: 'bob-token' });
    expect(readAccountList().active).toBeNull();
    expect(localStorage.getItem('starling:last-login-name')).toBeNull();
  });

  it('on the sign-in screen, offers the waiting accounts and no "Add account"', () => {
    writeList(deactivate(addAccount(EMPTY_ACCOUNT_LIST, storedAccountFor(alice))));
    localStorage.setItem(waitingTokenKey(aliceKey), JSON.stringify({ token: 'alice-token' }));
    const reload = vi.fn();
    render(<AccountSwitcher reload={reload} />);
    expect(screen.queryByRole('button', { name: 'Add account' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to @alice' }));
    expect(reload).toHaveBeenCalledWith('/main/friends');
    expect(stored(TOKEN_STORAGE_KEY)).toEqual({ token: 'alice-token' });
  });

  it('shows nothing to a visitor with no account on this device', () => {
    const { container } = render(<AccountSwitcher reload={vi.fn()} />);
    expect(container.innerHTML).toBe('');
  });

  it('the top bar menu opens the switcher in a dialog', () => {
    aliceActiveBobWaiting();
    render(<AccountMenu reload={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Accounts' }));
    const dialog = screen.getByRole('dialog', { name: 'Accounts' });
    expect(within(dialog).getByRole('button', { name: 'Switch to @bob' })).toBeTruthy();
  });
});

describe('signing out of one account', () => {
  it('keeps the others, and the most recently used takes over its token', () => {
    aliceActiveBobWaiting();
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    const { gone, next } = signedOut(alice);
    expect(gone?.acct).toBe('alice');
    expect(next?.acct).toBe('bob');
    expect(stored(TOKEN_STORAGE_KEY)).toEqual({ token: 'bob-token' });
    expect(readAccountList()).toEqual({ accounts: [storedAccountFor(bob)], active: bobKey });
  });

  it('the list names each account by the key its stored things use', () => {
    aliceActiveBobWaiting();
    expect(accountKey()).toBe(aliceKey);
  });

  it('a deleted account leaves the list and nobody takes over', () => {
    aliceActiveBobWaiting();
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    forgetAccount(alice);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(readAccountList()).toEqual({ accounts: [storedAccountFor(bob)], active: null });
    expect(stored(waitingTokenKey(bobKey))).toEqual({ token: 'bob-token' });
  });

  it('with no other account, nobody takes over and the list is gone', () => {
    writeList(addAccount(EMPTY_ACCOUNT_LIST, storedAccountFor(alice)));
    expect(signedOut(alice).next).toBeNull();
    expect(localStorage.getItem(ACCOUNTS_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('a revoked token signs out only that account and says so after the switch', async () => {
    aliceActiveBobWaiting();
    const { signOutExpired, resumeSession } = await import('../auth/sessionLifecycle.ts');
    const reload = vi.fn();
    signOutExpired(reload);
    expect(useSession.getState().token).toBeNull();
    expect(reload).toHaveBeenCalledWith('/main/friends');
    expect(stored(TOKEN_STORAGE_KEY)).toEqual({ token: 'bob-token' });
    expect(readAccountList().accounts.map((account) => account.acct)).toEqual(['bob']);
    // The next start, as bob, names the account that was signed out.
    useSession.getState().signIn('bob-token', bob);
    resumeSession('bob-token', bob, () => undefined);
    await waitFor(() =>
      expect(useNotices.getState().notices.map((notice) => notice.messageArgs)).toEqual([
        ['@alice', '@bob'],
      ]),
    );
    expect(takePendingNotice()).toBeNull();
  });

  it('a revoked token with no other account signs out with the usual notice', async () => {
    signInAs({ id: '1', username: 'alice' });
    const { signOutExpired, SESSION_EXPIRED_KEY } = await import('../auth/sessionLifecycle.ts');
    const reload = vi.fn();
    signOutExpired(reload);
    expect(reload).not.toHaveBeenCalled();
    expect(useNotices.getState().notices.map((notice) => notice.messageKey)).toEqual([
      SESSION_EXPIRED_KEY,
    ]);
  });
});
