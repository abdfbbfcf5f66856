import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchRoute } from '../../router/matchRoute.ts';
import { navigate } from '../../router/history.ts';
import { useInstance, type InstanceConfig } from '../../state/instance.ts';
import { resetForTests } from '../auth/resetForTests.ts';
import { stubServer, type StubAnswer } from '../auth/testServer.ts';
import { PasswordResetScreen } from './PasswordResetScreen.tsx';

function renderAt(path: string, config: Partial<InstanceConfig> = { mailerEnabled: true }) {
  navigate(path, { replace: true });
  useInstance.getState().update(config);
  const match = matchRoute(new URL(path, 'http://localhost').pathname, path.split('?')[1] ?? '');
  if (!match) throw new Error(`no route for ${path}`);
  return render(<PasswordResetScreen match={match} />);
}

const server = (answer: () => StubAnswer) => stubServer({ 'POST /auth/password': answer });
const emailField = () => screen.getByLabelText('Email') as HTMLInputElement;

function send(email: string) {
  fireEvent.change(emailField(), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Send the reset link' }));
}

beforeEach(() => resetForTests('/password-reset'));
afterEach(() => {
  cleanup();
  resetForTests('/login');
});

describe('PasswordResetScreen', () => {
  it('asks the server to mail a reset link and says to check the email', async () => {
    const calls = server(() => ({ status: 204 }));
    renderAt('/password-reset');
    expect(screen.getByRole('heading', { name: 'Password reset' })).toBeTruthy();
    send(' wren@example.test ');
    const sent = await screen.findByRole('status');
    expect(sent.textContent).toBe('Check your email for a link to reset your password.');
    expect(document.activeElement).toBe(sent);
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to log in' }).getAttribute('href')).toBe(
      '/login',
    );
    const [call] = calls.callsTo('POST', '/auth/password');
    expect(call?.query.get('email')).toBe('wren@example.test');
    expect(call?.authorization).toBeNull();
  });

  it('says so when the limit of attempts is reached (429), keeping the address', async () => {
    server(() => ({ status: 429, body: { error: 'Throttled' } }));
    renderAt('/password-reset');
    send('wren@example.test');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have reached the limit of attempts, try again later.',
    );
    expect(emailField().value).toBe('wren@example.test');
    expect(emailField().getAttribute('aria-describedby')).toBe(
      screen.getByRole('alert').getAttribute('id'),
    );
  });

  it('shows the generic error for any other failure (a server without the route)', async () => {
    server(() => ({ status: 404, body: { error: 'Not found' } }));
    renderAt('/password-reset');
    send('wren@example.test');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An error occurred, please try again',
    );
    expect(screen.getByRole('button', { name: 'Send the reset link' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('sends nothing without an address and ties the message to the field', () => {
    const calls = server(() => ({ status: 204 }));
    renderAt('/password-reset');
    send('   ');
    const field = emailField();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Email cannot be left blank.');
    expect(document.activeElement).toBe(field);
    expect(calls.calls).toHaveLength(0);
  });

  it('offers no form when the instance cannot send mail', () => {
    server(() => ({ status: 204 }));
    renderAt('/password-reset', { mailerEnabled: false });
    expect(
      screen.getByText('Password reset is disabled. Please contact your instance administrator.'),
    ).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('says why the person is here when a sign-in required a new password', async () => {
    server(() => ({ status: 204 }));
    renderAt('/password-reset?required=1');
    expect(screen.getByText('You must reset your password to log in.')).toBeTruthy();
    send('wren@example.test');
    expect(await screen.findByRole('status')).toBeTruthy();
    cleanup();

    renderAt('/password-reset?required=1', { mailerEnabled: false });
    expect(
      screen.getByText(/You must reset your password, but password reset is disabled/),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('waits for the instance configuration before saying whether reset works', async () => {
    server(() => ({ status: 204 }));
    useInstance.setState({ loaded: false });
    renderAt('/password-reset', { mailerEnabled: false });
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.queryByText(/Password reset is disabled/)).toBeNull();
    act(() => {
      useInstance.getState().update({ mailerEnabled: true });
      useInstance.getState().markLoaded();
    });
    await waitFor(() => expect(screen.getByLabelText('Email')).toBeTruthy());
  });
});
