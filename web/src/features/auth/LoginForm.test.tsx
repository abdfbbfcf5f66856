import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLocation } from '../../router/history.ts';
import { useInstance } from '../../state/instance.ts';
import { useSession } from '../../state/session.ts';
import { LoginForm } from './LoginForm.tsx';
import { TOKEN_STORAGE_KEY } from './persistedSession.ts';
import { resetForTests } from './resetForTests.ts';
import { stubLocationAssign, stubServer, tokenAnswer, type StubCall } from './testServer.ts';

const MFA_REQUIRED = {
  status: 403,
  body: { error: 'mfa_required', mfa_token: 'mfa-1', supported_challenge_types: 'totp' },
};

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

beforeEach(() => resetForTests('/login'));
afterEach(() => {
  cleanup();
  resetForTests('/login');
});

/**
 * On a server that refuses the password grant: signs in as alice and returns the address of the
 * server's own sign-in page the form sent the browser to.
 */
async function signInRedirectedToServer(): Promise<URL> {
  stubServer({
    'POST /oauth/token': () => ({ status: 400, body: { error: 'unsupported_grant_type' } }),
  });
  const assign = stubLocationAssign();
  useInstance.getState().update({ serverFlavour: 'mastodon' });
  render(<LoginForm />);
  fillAndSubmit('alice', 'secret');
  await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
  vi.restoreAllMocks();
  return new URL(String(assign.mock.calls[0]?.[0]), 'http://localhost');
}

describe('LoginForm with a password', () => {
  it('signs in, keeps the token and lands on the home timeline', async () => {
    const server = stubServer({ 'POST /oauth/token': () => tokenAnswer('tok-1') });
    useInstance.getState().update({ serverFlavour: 'pleroma' });
    render(<LoginForm />);
    fillAndSubmit('alice', 'secret');
    await waitFor(() => expect(useSession.getState().status).toBe('signedIn'));
    expect(getLocation().pathname).toBe('/main/friends');
    expect(useSession.getState().user?.username).toBe('alice');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toContain('tok-1');
    const grant = server.callsTo('POST', '/oauth/token')[0]?.form;
    expect(grant?.get('grant_type')).toBe('password');
    expect(grant?.get('client_id')).toBe('cid');
    expect(grant?.get('scope')).toBe('read write follow push admin');
    const app = server.callsTo('POST', '/api/v1/apps')[0]?.form;
    expect(app?.get('redirect_uris')).toBe(`${window.location.origin}/oauth-callback`);
    expect(app?.get('scopes')).toBe('read write follow push admin');
  });

  it('asks a Mastodon-API server only for the scopes it accepts', async () => {
    const server = stubServer({ 'POST /oauth/token': () => tokenAnswer('tok-1') });
    useInstance.getState().update({ serverFlavour: 'mastodon' });
    render(<LoginForm />);
    fillAndSubmit('alice', 'secret');
    await waitFor(() => expect(useSession.getState().status).toBe('signedIn'));
    expect(server.callsTo('POST', '/api/v1/apps')[0]?.form?.get('scopes')).toBe(
      'read write follow push',
    );
    expect(server.callsTo('POST', '/oauth/token')[0]?.form?.get('scope')).toBe(
      'read write follow push',
    );
  });

  it('replaces an app registered with scopes the server does not accept', async () => {
    localStorage.setItem(
      'starling:oauth-app',
      JSON.stringify({ clientId: 'old', clientSecret: 's', origin: window.location.origin }),
    );
    const server = stubServer({ 'POST /oauth/token': () => tokenAnswer('tok-1') });
    useInstance.getState().update({ serverFlavour: 'mastodon' });
    render(<LoginForm />);
    fillAndSubmit('alice', 'secret');
    await waitFor(() => expect(useSession.getState().status).toBe('signedIn'));
    expect(server.callsTo('POST', '/api/v1/apps')).toHaveLength(1);
    expect(server.callsTo('POST', '/oauth/token')[0]?.form?.get('client_id')).toBe('cid');
  });

  it("when the password grant is refused, continues on the server's own sign-in page", async () => {
    const target = await signInRedirectedToServer();
    expect(target.pathname).toBe('/oauth/authorize');
    expect(target.searchParams.get('scope')).toBe('read write follow push');
    expect(target.searchParams.get('redirect_uri')).toMatch(/\/oauth-callback$/);
    expect(target.searchParams.get('force_login')).toBeNull();
    // No bare error code is shown; the screen now says where sign-in happens.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByText(/signs you in on its own page/)).toBeTruthy();
  });

  it('adding another account asks the server for a fresh sign-in (Mastodon force_login)', async () => {
    localStorage.setItem(
      'starling:accounts',
      JSON.stringify({
        accounts: [
          { key: `1@${location.host}`, id: '1', username: 'bob', acct: 'bob', host: location.host },
        ],
        active: null,
      }),
    );
    const target = await signInRedirectedToServer();
    expect(target.searchParams.get('force_login')).toBe('true');
  });

  it("shows the server's error and focuses the password field with its text selected", async () => {
    stubServer({
      'POST /oauth/token': (call: StubCall) =>
        call.form?.get('grant_type') === 'client_credentials'
          ? tokenAnswer('app-token')
          : { status: 400, body: { error: 'Invalid credentials' } },
    });
    render(<LoginForm />);
    fillAndSubmit('alice', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Invalid credentials×');
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(document.activeElement).toBe(password);
    expect(password.selectionStart).toBe(0);
    expect(password.selectionEnd).toBe('wrong-password'.length);
    expect(useSession.getState().status).toBe('anonymous');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the server cannot be reached', async () => {
    stubServer({ 'POST /api/v1/apps': () => 'network-error' });
    render(<LoginForm />);
    fillAndSubmit('alice', 'secret');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to connect to server, try again',
    );
  });

  it('goes to the password reset, saying why, when the server requires a new password', async () => {
    stubServer({
      'POST /oauth/token': () => ({
        status: 403,
        body: { error: 'Password reset is required', identifier: 'password_reset_required' },
      }),
    });
    render(<LoginForm />);
    fillAndSubmit('alice', 'secret');
    await waitFor(() => expect(getLocation().pathname).toBe('/password-reset'));
    expect(getLocation().search).toBe('?required=1');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(useSession.getState().status).toBe('anonymous');
  });

  it('links to the password reset, and to registration only while it is open', () => {
    stubServer({});
    render(<LoginForm />);
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/password-reset',
    );
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
    act(() => useInstance.getState().update({ registrationOpen: true }));
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe(
      '/registration',
    );
  });

  it('reports refused credentials on verify as a wrong username or password', async () => {
    stubServer({
      'POST /oauth/token': () => tokenAnswer('tok-x'),
      'GET /api/v1/accounts/verify_credentials': () => ({ status: 401, body: { error: 'no' } }),
    });
    render(<LoginForm />);
    fillAndSubmit('alice', 'secret');
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong username or password');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('keeps the login button disabled while signing in', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    stubServer({ 'POST /oauth/token': () => tokenAnswer('tok-2') });
    const original = globalThis.fetch;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      await gate;
      return original(...args);
    }) as typeof fetch;
    render(<LoginForm />);
    fillAndSubmit('alice', 'secret');
    expect(screen.getByRole('button', { name: 'Logging in...' })).toHaveProperty('disabled', true);
    await act(async () => release());
    await waitFor(() => expect(useSession.getState().status).toBe('signedIn'));
  });
});

describe('LoginForm with a second factor', () => {
  it('switches to the code, clears a wrong one, and signs in with a recovery code', async () => {
    const server = stubServer({
      'POST /oauth/token': () => MFA_REQUIRED,
      'POST /oauth/mfa/challenge': (call) =>
        call.form?.get('challenge_type') === 'recovery' && call.form.get('code') === 'chirp-1'
          ? tokenAnswer('tok-mfa')
          : { status: 400, body: { error: 'Invalid code' } },
    });
    render(<LoginForm />);
    fillAndSubmit('tessa', 'secret');

    const code = (await screen.findByLabelText('Authentication code')) as HTMLInputElement;
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid code');
    expect((screen.getByLabelText('Authentication code') as HTMLInputElement).value).toBe('');
    expect(server.callsTo('POST', '/oauth/mfa/challenge')[0]?.form?.get('mfa_token')).toBe('mfa-1');

    fireEvent.click(screen.getByRole('button', { name: 'Enter a recovery code' }));
    const recovery = screen.getByLabelText('Recovery code');
    fireEvent.change(recovery, { target: { value: 'chirp-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(useSession.getState().status).toBe('signedIn'));
    expect(useSession.getState().token).toBe('tok-mfa');
  });

  it('goes back from recovery to the code, and cancel returns to the password', async () => {
    stubServer({ 'POST /oauth/token': () => MFA_REQUIRED });
    render(<LoginForm />);
    fillAndSubmit('tessa', 'secret');
    fireEvent.click(await screen.findByRole('button', { name: 'Enter a recovery code' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enter a two-factor code' }));
    expect(screen.getByLabelText('Authentication code')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
  });
});
