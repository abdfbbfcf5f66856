import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getLocation } from '../../router/history.ts';
import { DEFAULT_INSTANCE_CONFIG, useInstance } from '../../state/instance.ts';
import { useSession } from '../../state/session.ts';
import { LoginForm } from './LoginForm.tsx';
import { OAUTH_APP_STORAGE_KEY } from './oauthApp.ts';
import { OAuthCallbackScreen } from './OAuthCallbackScreen.tsx';
import { TOKEN_STORAGE_KEY } from './persistedSession.ts';
import { resetForTests } from './resetForTests.ts';
import { stubLocationAssign, stubServer, tokenAnswer } from './testServer.ts';

const storeApp = () =>
  localStorage.setItem(
    OAUTH_APP_STORAGE_KEY,
    JSON.stringify({ clientId: 'cid', clientSecret: 'csecret', origin: window.location.origin }),
  );

afterEach(() => {
  cleanup();
  useInstance.setState({ config: DEFAULT_INSTANCE_CONFIG });
  resetForTests('/login');
});

describe('OAuthCallbackScreen', () => {
  beforeEach(() => resetForTests('/oauth-callback?code=abc'));

  it('exchanges the code, keeps the token, signs in and goes to the home timeline', async () => {
    const server = stubServer({ 'POST /oauth/token': () => tokenAnswer('tok-code') });
    storeApp();
    render(<OAuthCallbackScreen />);
    await waitFor(() => expect(getLocation().pathname).toBe('/main/friends'));
    expect(useSession.getState().token).toBe('tok-code');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toContain('tok-code');
    const grant = server.callsTo('POST', '/oauth/token')[0]?.form;
    expect(grant?.get('grant_type')).toBe('authorization_code');
    expect(grant?.get('code')).toBe('abc');
    expect(grant?.get('redirect_uri')).toBe(`${window.location.origin}/oauth-callback`);
  });

  it('shows the error with a way back to the login when the exchange fails', async () => {
    stubServer({
      'POST /oauth/token': () => ({ status: 400, body: { error: 'Invalid credentials' } }),
    });
    storeApp();
    render(<OAuthCallbackScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid credentials');
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(useSession.getState().status).toBe('anonymous');
  });
});

describe('token login', () => {
  beforeEach(() => resetForTests('/login'));

  it('describes the sign-in and sends the browser to the instance to authorize', async () => {
    stubServer({});
    const assign = stubLocationAssign();
    useInstance.getState().update({ loginMethod: 'token' });
    render(<LoginForm />);
    expect(await screen.findByText(/signs you in on its own page/)).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to the sign-in page' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    vi.restoreAllMocks();
    const target = new URL(String(assign.mock.calls[0]?.[0]), 'http://localhost');
    expect(target.pathname).toBe('/oauth/authorize');
    expect(target.searchParams.get('response_type')).toBe('code');
    expect(target.searchParams.get('client_id')).toBe('cid');
    expect(target.searchParams.get('redirect_uri')).toMatch(/\/oauth-callback$/);
  });
});
