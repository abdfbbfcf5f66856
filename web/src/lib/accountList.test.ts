import { describe, expect, it } from 'vitest';
import {
  accountKeyFor,
  activateAccount,
  addAccount,
  deactivate,
  EMPTY_ACCOUNT_LIST,
  nextActiveAfterSignOut,
  parseAccountList,
  refreshAccount,
  removeAccount,
  waitingAccounts,
  displayHandle,
  type StoredAccount,
} from './accountList.ts';

const account = (id: string, username: string, host = 'local.test'): StoredAccount => ({
  key: accountKeyFor(id, host),
  id,
  username,
  acct: username,
  avatar: `https://${host}/${username}.png`,
  avatarStatic: '',
  host,
  server: '',
});

const alice = account('1', 'alice');
const bob = account('2', 'bob');
const carol = account('3', 'carol');
const keys = (list: { accounts: StoredAccount[] }) => list.accounts.map((a) => a.username);

describe('the accounts signed in on this device', () => {
  it('lists a new sign-in first and makes it the active one', () => {
    const list = addAccount(addAccount(EMPTY_ACCOUNT_LIST, alice), bob);
    expect(keys(list)).toEqual(['bob', 'alice']);
    expect(list.active).toBe(bob.key);
  });

  it('replaces an account signed in again rather than listing it twice', () => {
    const renamed = { ...alice, acct: 'alice2', avatar: 'https://local.test/new.png' };
    const list = addAccount(addAccount(addAccount(EMPTY_ACCOUNT_LIST, alice), bob), renamed);
    expect(keys(list)).toEqual(['alice', 'bob']);
    expect(list.accounts[0]!.acct).toBe('alice2');
  });

  it('keeps the order when a restored session refreshes its account', () => {
    const list = refreshAccount(addAccount(addAccount(EMPTY_ACCOUNT_LIST, alice), bob), {
      ...alice,
      avatar: 'https://local.test/changed.png',
    });
    expect(keys(list)).toEqual(['bob', 'alice']);
    expect(list.active).toBe(alice.key);
    expect(list.accounts[1]!.avatar).toBe('https://local.test/changed.png');
  });

  it('keeps the same id on two servers apart', () => {
    const elsewhere = account('1', 'alice', 'other.test');
    const list = addAccount(addAccount(EMPTY_ACCOUNT_LIST, alice), elsewhere);
    expect(list.accounts).toHaveLength(2);
  });

  it('switching moves the chosen account to the front; an unknown one changes nothing', () => {
    const list = addAccount(addAccount(EMPTY_ACCOUNT_LIST, alice), bob);
    const switched = activateAccount(list, alice.key);
    expect(keys(switched)).toEqual(['alice', 'bob']);
    expect(switched.active).toBe(alice.key);
    expect(activateAccount(list, 'nobody@local.test')).toBe(list);
  });

  it('adding another account leaves everyone listed and nobody active', () => {
    const list = deactivate(addAccount(EMPTY_ACCOUNT_LIST, alice));
    expect(keys(list)).toEqual(['alice']);
    expect(list.active).toBeNull();
    expect(waitingAccounts(list)).toEqual([alice]);
  });

  it('signing out of one keeps the others, and the most recently used takes over', () => {
    let list = addAccount(addAccount(addAccount(EMPTY_ACCOUNT_LIST, carol), alice), bob);
    expect(nextActiveAfterSignOut(list, bob.key)).toEqual(alice);
    list = removeAccount(list, bob.key);
    expect(keys(list)).toEqual(['alice', 'carol']);
    expect(list.active).toBeNull();
  });

  it('a revoked last account leaves nobody to take over', () => {
    const list = addAccount(EMPTY_ACCOUNT_LIST, alice);
    expect(nextActiveAfterSignOut(list, alice.key)).toBeNull();
    expect(removeAccount(list, alice.key)).toEqual(EMPTY_ACCOUNT_LIST);
  });

  it('removing a waiting account keeps the active one active', () => {
    const list = removeAccount(addAccount(addAccount(EMPTY_ACCOUNT_LIST, alice), bob), alice.key);
    expect(list.active).toBe(bob.key);
  });

  it('trusts nothing in storage', () => {
    expect(parseAccountList(null)).toEqual(EMPTY_ACCOUNT_LIST);
    expect(parseAccountList('x')).toEqual(EMPTY_ACCOUNT_LIST);
    const parsed = parseAccountList({
      accounts: [alice, { ...alice }, { ...bob, key: 'forged@elsewhere' }, 7, { id: 3 }],
      active: 'someone@else',
    });
    expect(parsed).toEqual({ accounts: [alice], active: null });
    expect(parseAccountList({ accounts: [alice], active: alice.key }).active).toBe(alice.key);
  });
});

describe('accounts on another server', () => {
  it('keep the origin of their server, and older entries read as this page’s', () => {
    const erin = { ...account('1', 'erin', 'other.test'), server: 'https://other.test' };
    const list = parseAccountList({
      accounts: [erin, { ...alice, server: undefined }],
      active: erin.key,
    });
    expect(list.accounts.map((a) => a.server)).toEqual(['https://other.test', '']);
    expect(list.active).toBe(erin.key);
  });

  it('show their server in the handle, as a remote account of this server does', () => {
    expect(displayHandle({ acct: 'erin', host: 'other.test', server: 'https://other.test' })).toBe(
      '@erin@other.test',
    );
    expect(displayHandle({ acct: 'alice', host: 'local.test', server: '' })).toBe('@alice');
    expect(
      displayHandle({ acct: 'x@far.test', host: 'other.test', server: 'https://other.test' }),
    ).toBe('@x@far.test');
  });
});
