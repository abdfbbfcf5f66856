import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { matchRoute } from '../../router/matchRoute.ts';
import { getLocation, navigate } from '../../router/history.ts';
import { useInstance, type InstanceConfig } from '../../state/instance.ts';
import { useSession } from '../../state/session.ts';
import { TOKEN_STORAGE_KEY } from '../auth/persistedSession.ts';
import { resetForTests } from '../auth/resetForTests.ts';
import { stubServer, tokenAnswer, type StubAnswer, type StubRoutes } from '../auth/testServer.ts';
import { RegistrationScreen } from './RegistrationScreen.tsx';

const NATIVE_CAPTCHA = {
  type: 'native',
  token: 'captcha-token-1',
  url: 'data:image/png;base64,iVBORw0KGgo=',
  answer_data: 'answer-data-1',
  seconds_valid: 300,
};

/** The app token for the registration call; any other grant is not expected here. */
const APP_TOKEN: StubRoutes = {
  'POST /oauth/token': (call) =>
    call.form?.get('grant_type') === 'client_credentials'
      ? tokenAnswer('app-token')
      : { status: 400, body: { error: 'unexpected grant' } },
};

function server(routes: StubRoutes, captcha: () => StubAnswer = () => ({ status: 404 })) {
  return stubServer({ 'GET /api/pleroma/captcha': captcha, ...APP_TOKEN, ...routes });
}

/** Renders the screen at `path` (the server stubbed first: the reset between tests unstubs it). */
function renderAt(path: string, config: Partial<InstanceConfig> = {}) {
  navigate(path, { replace: true });
  useInstance.getState().update({ serverFlavour: 'pleroma', name: 'Birdsite', ...config });
  const match = matchRoute(path);
  if (!match) throw new Error(`no route for ${path}`);
  return render(<RegistrationScreen match={match} />);
}

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

/** The text of what a field is described by (its hint and its errors). */
function description(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

function fillValidForm() {
  type('Username', '  wren  ');
  type('Display name', ' Wren the Bird ');
  type(/^Email/, 'wren@example.test');
  type('Bio (optional)', 'Small and loud.');
  type('Password', 'hunter22');
  type('Password confirmation', 'hunter22');
}

beforeEach(() => resetForTests('/registration'));
afterEach(() => {
  cleanup();
  resetForTests('/login');
});

describe('RegistrationScreen', () => {
  it('checks the form before sending anything and ties each message to its field', async () => {
    const calls = server({});
    renderAt('/registration', { accountActivationRequired: true });
    await waitFor(() => expect(screen.queryByText('Loading the captcha...')).toBeNull());
    type('Password', 'hunter22');
    type('Password confirmation', 'hunter2');
    submit();

    const summary = await screen.findByRole('alert');
    expect(document.activeElement).toBe(summary);
    expect(summary.textContent).toContain('Username cannot be left blank.');
    expect(summary.textContent).toContain('Display name cannot be left blank.');
    expect(summary.textContent).toContain('Email cannot be left blank.');
    expect(summary.textContent).toContain('Password confirmation should be the same as password.');
    expect(description(field('Username'))).toContain('Username cannot be left blank.');
    expect(field('Username').getAttribute('aria-invalid')).toBe('true');
    expect(description(field('Password confirmation'))).toContain('should be the same as password');
    expect(field('Password').getAttribute('aria-invalid')).toBeNull();
    expect(calls.callsTo('POST', '/api/v1/accounts')).toHaveLength(0);
    expect(calls.callsTo('POST', '/api/v1/apps')).toHaveLength(0);

    // Typing in a field takes its complaint away.
    type('Username', 'wren');
    expect(description(field('Username'))).toBe('');
  });

  it('marks the required fields, and asks for email, birthday and reason only as the instance does', async () => {
    server({});
    renderAt('/registration');
    expect(field('Username').required).toBe(true);
    expect(field('Display name').required).toBe(true);
    expect(field('Password').required).toBe(true);
    expect(field('Email (optional)').required).toBe(false);
    expect(screen.queryByLabelText(/Birthday/)).toBeNull();
    expect(screen.queryByLabelText(/Why do you want to join/)).toBeNull();
    cleanup();

    renderAt('/registration', {
      accountActivationRequired: true,
      accountApprovalRequired: true,
      birthdayRequired: true,
      birthdayMinAge: 365,
    });
    expect(field('Email').required).toBe(true);
    const birthday = field('Birthday');
    expect(birthday.required).toBe(true);
    expect(birthday.type).toBe('date');
    expect(birthday.max).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(field('Why do you want to join?').required).toBe(true);
    expect(description(field('Why do you want to join?'))).toContain('A moderator reads this');
  });

  it('refuses a birthday later than the minimum age allows and names the latest date', async () => {
    const calls = server({});
    renderAt('/registration', { birthdayRequired: true, birthdayMinAge: 365 * 13 });
    fillValidForm();
    const tooRecent = new Date().toISOString().slice(0, 10);
    type('Birthday', tooRecent);
    submit();
    const summary = await screen.findByRole('alert');
    const latest = field('Birthday').max;
    expect(summary.textContent).toMatch(/Birthday must be on or before .*\d{4}\./);
    expect(summary.textContent).toContain(latest.slice(0, 4));
    expect(calls.callsTo('POST', '/api/v1/accounts')).toHaveLength(0);
  });

  it('shows no captcha when the server has none (type none, or a 404 on Mastodon)', async () => {
    server({}, () => ({ status: 200, body: { type: 'none' } }));
    renderAt('/registration');
    await waitFor(() => expect(screen.queryByText('Loading the captcha...')).toBeNull());
    expect(screen.queryByRole('group', { name: 'Captcha' })).toBeNull();
    expect(screen.queryByLabelText('Captcha answer')).toBeNull();
    cleanup();

    server({});
    renderAt('/registration', { serverFlavour: 'mastodon' });
    await waitFor(() => expect(screen.queryByText('Loading the captcha...')).toBeNull());
    expect(screen.queryByLabelText('Captcha answer')).toBeNull();
  });

  it('shows the captcha picture with an answer field that must be filled', async () => {
    const calls = server({}, () => ({ status: 200, body: NATIVE_CAPTCHA }));
    renderAt('/registration');
    const group = await screen.findByRole('group', { name: 'Captcha' });
    const picture = within(group).getByRole('img');
    expect(picture.getAttribute('src')).toBe(NATIVE_CAPTCHA.url);
    expect(picture.getAttribute('alt')).toMatch(/type the characters/);
    fillValidForm();
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Type the characters of the captcha picture.',
    );
    expect(description(field('Captcha answer'))).toContain('Type the characters');
    expect(calls.callsTo('POST', '/api/v1/accounts')).toHaveLength(0);

    fireEvent.click(within(group).getByRole('button', { name: 'Get a new captcha' }));
    await waitFor(() => expect(calls.callsTo('GET', '/api/pleroma/captcha')).toHaveLength(2));
  });

  it('signs a new account in with the token the server gives and goes home', async () => {
    const calls = server({ 'POST /api/v1/accounts': () => tokenAnswer('user-token') }, () => ({
      status: 200,
      body: NATIVE_CAPTCHA,
    }));
    renderAt('/registration');
    await screen.findByRole('group', { name: 'Captcha' });
    fillValidForm();
    type('Captcha answer', ' x7k2 ');
    const form = screen.getByRole('form', { name: 'Registration' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(screen.getByRole('button', { name: 'Signing up...' })).toHaveProperty('disabled', true);

    await waitFor(() => expect(useSession.getState().status).toBe('signedIn'));
    expect(getLocation().pathname).toBe('/main/friends');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toContain('user-token');

    expect(calls.callsTo('POST', '/api/v1/accounts')).toHaveLength(1);
    const [sent] = calls.callsTo('POST', '/api/v1/accounts');
    expect(sent?.authorization).toBe('Bearer app-token');
    expect(sent?.json).toEqual({
      username: 'wren',
      nickname: 'wren',
      fullname: 'Wren the Bird',
      email: 'wren@example.test',
      bio: 'Small and loud.',
      password: 'hunter22',
      confirm: 'hunter22',
      agreement: true,
      locale: 'en',
      captcha_solution: 'x7k2',
      captcha_token: 'captcha-token-1',
      captcha_answer_data: 'answer-data-1',
    });
    const verify = calls.callsTo('GET', '/api/v1/accounts/verify_credentials')[0];
    expect(verify?.authorization).toBe('Bearer user-token');
  });

  it('sends the invitation of /registration/:token, even where registration is closed', async () => {
    const calls = server({ 'POST /api/v1/accounts': () => tokenAnswer('user-token') });
    renderAt('/registration/inv-42', { registrationOpen: false });
    expect(field('Invitation code').value).toBe('inv-42');
    expect(field('Invitation code').readOnly).toBe(true);
    await waitFor(() => expect(screen.queryByText('Loading the captcha...')).toBeNull());
    fillValidForm();
    submit();
    await waitFor(() => expect(useSession.getState().status).toBe('signedIn'));
    expect(calls.callsTo('POST', '/api/v1/accounts')[0]?.json).toMatchObject({ token: 'inv-42' });
  });

  it('says an account awaits approval, sends the reason, and signs no one in', async () => {
    const calls = server({
      'POST /api/v1/accounts': () => ({
        status: 200,
        body: { identifier: 'awaiting_approval', message: 'You have been registered.' },
      }),
    });
    renderAt('/registration', { accountApprovalRequired: true });
    await waitFor(() => expect(screen.queryByText('Loading the captcha...')).toBeNull());
    fillValidForm();
    type('Why do you want to join?', 'I count starlings');
    submit();

    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Thank you for signing up!');
    expect(status.textContent).toContain('awaits approval');
    expect(document.activeElement?.textContent).toBe('Thank you for signing up!');
    expect(within(status).getByRole('link', { name: 'Go to the log in page' })).toBeTruthy();
    expect(useSession.getState().status).toBe('anonymous');
    expect(calls.callsTo('GET', '/api/v1/accounts/verify_credentials')).toHaveLength(0);
    expect(calls.callsTo('POST', '/api/v1/accounts')[0]?.json).toMatchObject({
      reason: 'I count starlings',
    });
  });

  it('asks a new account to confirm its email address when the server says so', async () => {
    server({
      'POST /api/v1/accounts': () => ({
        status: 200,
        body: { identifier: 'missing_confirmed_email', message: 'Check your email.' },
      }),
    });
    renderAt('/registration', { accountActivationRequired: true });
    await waitFor(() => expect(screen.queryByText('Loading the captcha...')).toBeNull());
    fillValidForm();
    submit();
    expect((await screen.findByRole('status')).textContent).toContain(
      'Follow the link in it to confirm your address',
    );
    expect(useSession.getState().status).toBe('anonymous');
  });

  it("lists the server's errors per field, ties them to their fields and fetches a new captcha", async () => {
    const calls = server(
      {
        'POST /api/v1/accounts': () => ({
          status: 400,
          body: {
            error: JSON.stringify({
              ap_id: ['has already been taken'],
              email: ['has invalid format'],
              birthday_date: ['is odd'],
            }),
          },
        }),
      },
      () => ({ status: 200, body: NATIVE_CAPTCHA }),
    );
    renderAt('/registration');
    await screen.findByRole('group', { name: 'Captcha' });
    fillValidForm();
    type('Captcha answer', 'x7k2');
    submit();

    const summary = await screen.findByRole('alert');
    expect(document.activeElement).toBe(summary);
    expect(summary.textContent).toContain('Username has already been taken');
    expect(summary.textContent).toContain('Email has invalid format');
    expect(summary.textContent).toContain('Birthday date is odd');
    expect(description(field('Username'))).toContain('Username has already been taken');
    expect(description(field('Email (optional)'))).toContain('Email has invalid format');
    await waitFor(() => expect(calls.callsTo('GET', '/api/pleroma/captcha')).toHaveLength(2));
    expect(field('Captcha answer').value).toBe('');
    // What was typed stays.
    expect(field('Username').value).toBe('wren');
    expect(field('Password').value).toBe('hunter22');
    expect(screen.getByRole('button', { name: 'Sign up' })).toHaveProperty('disabled', false);
  });

  it("reads Mastodon's error details too", async () => {
    server({
      'POST /api/v1/accounts': () => ({
        status: 422,
        body: {
          error: 'Validation failed: Username has already been taken',
          details: { username: [{ error: 'ERR_TAKEN', description: 'is already taken' }] },
        },
      }),
    });
    renderAt('/registration', { serverFlavour: 'mastodon' });
    await waitFor(() => expect(screen.queryByText('Loading the captcha...')).toBeNull());
    fillValidForm();
    submit();
    await screen.findByRole('alert');
    expect(description(field('Username'))).toBe('Username is already taken');
  });

  it('says the server cannot be reached and keeps everything typed', async () => {
    server({ 'POST /api/v1/accounts': () => 'network-error' });
    renderAt('/registration');
    await waitFor(() => expect(screen.queryByText('Loading the captcha...')).toBeNull());
    fillValidForm();
    submit();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Failed to connect to server, try again',
    );
    expect(field('Display name').value).toBe('Wren the Bird');
    expect(field('Bio (optional)').value).toBe('Small and loud.');
    expect(useSession.getState().status).toBe('anonymous');
  });

  it("shows the instance's terms of service through the sanitising renderer", async () => {
    server({});
    renderAt('/registration', {
      tos: '<h2>Rules</h2><p>Be kind.</p><script>window.pwned = true</script><img src=x onerror="window.pwned = true">',
    });
    const terms = screen.getByRole('region', { name: 'Terms of service' });
    expect(terms.textContent).toContain('Be kind.');
    expect(terms.querySelector('script')).toBeNull();
    expect(terms.querySelector('[onerror]')).toBeNull();
    expect(screen.getByText('By signing up you agree to the terms of service.')).toBeTruthy();
    await act(async () => undefined);
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('offers the interface languages, the current one chosen', () => {
    server({});
    renderAt('/registration');
    const language = screen.getByLabelText('Language') as HTMLSelectElement;
    expect([...language.options].map((option) => option.textContent)).toEqual(['English']);
    expect(language.value).toBe('en');
  });
});
