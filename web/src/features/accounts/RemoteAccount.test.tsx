import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { plannedEarlyRequests } from '../../boot/starter.ts';
import { addAccount, deactivate, EMPTY_ACCOUNT_LIST } from '../../lib/accountList.ts';
import { forgetActiveServer } from '../../state/activeServer.ts';
import { useSession } from '../../state/session.ts';
import { loginWithAuthorizationCode } from '../auth/loginFlow.ts';
import { OAUTH_APP_STORAGE_KEY, PENDING_REMOTE_KEY } from '../auth/oauthApp.ts';
import { TOKEN_STORAGE_KEY } from '../auth/persistedSession.ts';
import { TEST_ACCOUNT, stubLocationAssign } from '../auth/testServer.ts';
import { resetNavigationStores, testAccount } from '../navigation/testSupport.ts';
import {
  ACCOUNTS_STORAGE_KEY,
  readAccountList,
  storedAccountFor,
  switchAccount,
  waitingTokenKey,
} from './accountStore.ts';
import { AccountSwitcher } from './AccountSwitcher.tsx';

const OTHER = 'https://other.example';
const PAGE = window.location.origin;

interface Call {
  method: string;
  url: URL;
  authorization: string | null;
  form: URLSearchParams | null;
}

/** Answers by "METHOD origin+path"; records every call with its whole address. */
function stubFetch(routes: Record<string, (call: Call) => { status: number; body?: unknown }>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), PAGE);
      const body = init?.body;
      const call: Call = {
        method: init?.method ?? 'GET',
        url,
        authorization: new Headers(init?.headers).get('Authorization'),
        form: body instanceof URLSearchParams ? body : null,
      };
      calls.push(call);
      const route = routes[`${call.method} ${url.origin}${url.pathname}`];
      const answer = route ? route(call) : { status: 404, body: { error: 'Not found' } };
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

const stored = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null');
const alice = testAccount({ id: '1', username: 'alice', acct: 'alice' });
const erin = { ...TEST_ACCOUNT, id: '9', username: 'erin', acct: 'erin' };

/** Alice parked (adding an account): her token waits, nobody is active, the sign-in screen. */
function aliceWaiting(): void {
  const list = deactivate(addAccount(EMPTY_ACCOUNT_LIST, storedAccountFor(alice)));
  localStorage.setItem(ACCOUNTS_STORAGE_KEY, JSON.stringify(list));
  localStorage.setItem(
    waitingTokenKey(storedAccountFor(alice).key),
    JSON.stringify({ token: 'alice-token' }),
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetNavigationStores();
  forgetActiveServer();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  forgetActiveServer();
});

/** The app registered at the other server, and a sign-in there under way (state s1). */
function signInStartedAtOther(scopes: string): void {
  localStorage.setItem(
    `${OAUTH_APP_STORAGE_KEY}:${OTHER}`,
    JSON.stringify({ clientId: 'other-id', clientSecret: 'other-secret', scopes, origin: OTHER }),
  );
  localStorage.setItem(PENDING_REMOTE_KEY, JSON.stringify({ server: OTHER, state: 's1' }));
}

describe('adding an account on another server', () => {
  it('asks for the server, registers there and goes to its sign-in page, sending no token', async () => {
    aliceWaiting();
    const calls = stubFetch({
      [`GET ${OTHER}/api/v1/instance`]: () => ({ status: 200, body: { uri: 'other.example' } }),
      [`POST ${OTHER}/api/v1/apps`]: () => ({
        status: 200,
        body: { name: 'Starling', client_id: 'other-id', client_secret: 'other-secret' },
      }),
    });
    const go = vi.fn();
    render(<AccountSwitcher reload={go} />);
    expect(screen.getByRole('button', { name: 'Switch to @alice' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add an account on another server' }));
    const field = await screen.findByLabelText('Server address');
    await waitFor(() => expect(document.activeElement).toBe(field));

    // Something that names no server: said at the field, nothing is asked of anyone.
    fireEvent.change(field, { target: { value: 'not a server' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to sign in' }));
    const problem = await screen.findByRole('alert');
    expect(problem.textContent).toContain('Enter a server’s domain');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(problem.id);
    expect(calls).toHaveLength(0);

    fireEvent.change(field, { target: { value: '@erin@Other.Example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to sign in' }));
    await waitFor(() => expect(go).toHaveBeenCalledTimes(1));
    const target = new URL(String(go.mock.calls[0]![0]));
    expect(target.origin + target.pathname).toBe(`${OTHER}/oauth/authorize`);
    expect(target.searchParams.get('client_id')).toBe('other-id');
    expect(target.searchParams.get('redirect_uri')).toBe(`${PAGE}/oauth-callback`);
    expect(target.searchParams.get('force_login')).toBe('true');
    const pending = stored(PENDING_REMOTE_KEY) as { server: string; state: string };
    expect(pending.server).toBe(OTHER);
    expect(target.searchParams.get('state')).toBe(pending.state);

    // The app is the other server's, kept apart from this server's, with this page's callback.
    const registration = calls.find((call) => call.url.pathname === '/api/v1/apps');
    expect(registration?.url.origin).toBe(OTHER);
    expect(stored(`${OAUTH_APP_STORAGE_KEY}:${OTHER}`)).toMatchObject({
      clientId: 'other-id',
      origin: OTHER,
    });
    expect(localStorage.getItem(OAUTH_APP_STORAGE_KEY)).toBeNull();
    expect(calls.every((call) => call.url.origin === OTHER)).toBe(true);
    expect(calls.map((call) => call.authorization)).toEqual(calls.map(() => null));
  });

  it('says so when the server cannot be reached, or is this one', async () => {
    aliceWaiting();
    stubFetch({});
    render(<AccountSwitcher reload={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add an account on another server' }));
    const field = await screen.findByLabelText('Server address');
    fireEvent.change(field, { target: { value: 'gone.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('could not be reached');
    fireEvent.change(field, { target: { value: PAGE } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('That is this server'),
    );
  });

  it('exchanges the code at that server and starts afresh as the new account there', async () => {
    aliceWaiting();
    signInStartedAtOther('read write follow push');
    const calls = stubFetch({
      [`POST ${OTHER}/oauth/token`]: () => ({
        status: 200,
        body: { access_token: 'erin-token', token_type: 'Bearer', scope: 'read', created_at: 1 },
      }),
      [`GET ${OTHER}/api/v1/accounts/verify_credentials`]: () => ({ status: 200, body: erin }),
    });
    const reload = stubLocationAssign();
    const outcome = await loginWithAuthorizationCode('the-code', 's1');
    vi.restoreAllMocks();
    expect(outcome.kind).toBe('redirecting');
    expect(reload).toHaveBeenCalledWith('/main/friends');
    expect(calls.map((call) => `${call.method} ${call.url.origin}${call.url.pathname}`)).toEqual([
      `POST ${OTHER}/oauth/token`,
      `GET ${OTHER}/api/v1/accounts/verify_credentials`,
    ]);
    expect(calls[0]!.form?.get('redirect_uri')).toBe(`${PAGE}/oauth-callback`);
    expect(calls[1]!.authorization).toBe('Bearer erin-token');
    expect(stored(TOKEN_STORAGE_KEY)).toEqual({ token: 'erin-token', server: OTHER });
    const list = readAccountList();
    expect(list.active).toBe('9@other.example');
    expect(list.accounts.map((a) => [a.username, a.server])).toEqual([
      ['erin', OTHER],
      ['alice', ''],
    ]);
    expect(localStorage.getItem(PENDING_REMOTE_KEY)).toBeNull();
    // Nothing started here: the next load is erin's.
    expect(useSession.getState().status).not.toBe('signedIn');
  });

  it('refuses an answer whose state is not the one sent', async () => {
    aliceWaiting();
    signInStartedAtOther('read');
    const calls = stubFetch({});
    const outcome = await loginWithAuthorizationCode('forged-code', 'other-state');
    expect(outcome.kind).toBe('failed');
    expect(calls).toHaveLength(0);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('an account on another server, switching', () => {
  it('moves the token with its server, and the starter sends it nowhere', () => {
    const erinEntry = storedAccountFor(
      testAccount({ id: '9', username: 'erin', acct: 'erin' }),
      OTHER,
    );
    const aliceEntry = storedAccountFor(alice, '');
    expect(erinEntry).toMatchObject({
      key: '9@other.example',
      host: 'other.example',
      server: OTHER,
    });
    localStorage.setItem(
      ACCOUNTS_STORAGE_KEY,
      JSON.stringify(addAccount(addAccount(EMPTY_ACCOUNT_LIST, aliceEntry), erinEntry)),
    );
    localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify({ token: 'erin-token', server: OTHER }));
    localStorage.setItem(waitingTokenKey(aliceEntry.key), JSON.stringify({ token: 'alice-token' }));
    expect(plannedEarlyRequests('/main/friends', localStorage)).toEqual({ token: null, paths: [] });

    const reload = vi.fn();
    expect(switchAccount(aliceEntry.key, reload)).toBe(true);
    expect(stored(TOKEN_STORAGE_KEY)).toEqual({ token: 'alice-token' });
    expect(stored(waitingTokenKey(erinEntry.key))).toEqual({ token: 'erin-token', server: OTHER });
    expect(plannedEarlyRequests('/main/friends', localStorage).token).toBe('alice-token');

    expect(switchAccount(erinEntry.key, reload)).toBe(true);
    expect(stored(TOKEN_STORAGE_KEY)).toEqual({ token: 'erin-token', server: OTHER });
    expect(stored(waitingTokenKey(aliceEntry.key))).toEqual({ token: 'alice-token' });
  });
});
