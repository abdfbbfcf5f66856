import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { t } from '../i18n/index.ts';
import {
  LOGIN_ERROR_KEYS,
  OAUTH_ERROR_KEYS,
  initialAuthStrategy,
  loginErrorMessageKey,
  nextAuthStrategy,
  oauthErrorMessage,
  type AuthStrategyEvent,
  type AuthStrategyState,
} from './authStrategy.ts';

const run = (state: AuthStrategyState, ...events: AuthStrategyEvent['type'][]) =>
  events.reduce((s, type) => nextAuthStrategy(s, { type } as AuthStrategyEvent), state);

describe('authentication strategy', () => {
  it('starts at the password step', () => {
    expect(initialAuthStrategy().current).toBe('password');
  });

  it('goes to the two-factor code when the server requires a second factor', () => {
    expect(run(initialAuthStrategy(), 'mfaRequired').current).toBe('totp');
  });

  it('switches between two-factor code and recovery code', () => {
    const totp = run(initialAuthStrategy(), 'mfaRequired');
    expect(run(totp, 'switchToRecovery').current).toBe('recovery');
    expect(run(totp, 'switchToRecovery', 'switchToTotp').current).toBe('totp');
  });

  it('cancel returns to the initial strategy, from either code screen', () => {
    expect(run(initialAuthStrategy(), 'mfaRequired', 'cancel').current).toBe('password');
    expect(run(initialAuthStrategy(), 'mfaRequired', 'switchToRecovery', 'cancel').current).toBe(
      'password',
    );
    expect(run(initialAuthStrategy('token'), 'cancel').current).toBe('token');
  });

  it('resets after a successful login', () => {
    expect(run(initialAuthStrategy(), 'mfaRequired', 'loggedIn').current).toBe('password');
    expect(run(initialAuthStrategy('token'), 'loggedIn').current).toBe('token');
  });

  it('ignores events that do not apply to the current step', () => {
    const start = initialAuthStrategy();
    expect(run(start, 'switchToRecovery')).toBe(start);
    expect(run(start, 'switchToTotp')).toBe(start);
    const token = initialAuthStrategy('token');
    expect(run(token, 'mfaRequired')).toBe(token);
  });

  it('property: whatever happens, the state stays one of the four and the initial is kept', () => {
    const types = [
      'mfaRequired',
      'switchToRecovery',
      'switchToTotp',
      'cancel',
      'loggedIn',
    ] as const;
    fc.assert(
      fc.property(
        fc.constantFrom('password' as const, 'token' as const),
        fc.array(fc.constantFrom(...types), { maxLength: 20 }),
        (initial, events) => {
          const state = run(initialAuthStrategy(initial), ...events);
          expect(state.initial).toBe(initial);
          expect(['password', 'token', 'totp', 'recovery']).toContain(state.current);
          if (events.at(-1) === 'cancel' || events.at(-1) === 'loggedIn') {
            expect(state.current).toBe(initial);
          }
        },
      ),
    );
  });
});

describe('loginErrorMessageKey', () => {
  it('says wrong username or password for 401 on verify', () => {
    expect(loginErrorMessageKey({ step: 'verify', status: 401 })).toEqual({
      key: 'login.wrong_credentials',
    });
  });

  it('gives the generic error for other verify failures', () => {
    for (const status of [400, 403, 500, 502]) {
      expect(loginErrorMessageKey({ step: 'verify', status, body: { error: 'x' } })).toEqual({
        key: LOGIN_ERROR_KEYS.generic,
      });
    }
  });

  it('says failed to connect when no answer arrived, whichever call it was', () => {
    for (const step of ['verify', 'token', 'mfa'] as const) {
      expect(loginErrorMessageKey({ step, status: 0 })).toEqual({ key: 'login.network_error' });
    }
  });

  it("shows the token or second-factor call's error field as given", () => {
    expect(
      loginErrorMessageKey({ step: 'token', status: 400, body: { error: 'Invalid credentials' } }),
    ).toEqual({ key: LOGIN_ERROR_KEYS.serverMessage, raw: 'Invalid credentials' });
    expect(
      loginErrorMessageKey({ step: 'mfa', status: 400, body: { error: 'Invalid code' } }),
    ).toEqual({ key: LOGIN_ERROR_KEYS.serverMessage, raw: 'Invalid code' });
  });

  it('says to wait and sign in again when the server throttles wrong codes or attempts', () => {
    const throttled = { error: 'Throttled' };
    const codes = loginErrorMessageKey({ step: 'mfa', status: 429, body: throttled });
    expect(codes).toEqual({ key: LOGIN_ERROR_KEYS.tooManyCodes });
    expect(t(codes.key)).toBe('Too many wrong codes. Wait a few minutes, then sign in again.');
    const attempts = loginErrorMessageKey({ step: 'token', status: 429, body: throttled });
    expect(attempts).toEqual({ key: LOGIN_ERROR_KEYS.throttled });
    expect(t(attempts.key)).toBe('Too many sign-in attempts. Wait a few minutes and try again.');
  });

  it('asks for a password reset when the token call says one is required', () => {
    const body = { error: 'Password reset is required', identifier: 'password_reset_required' };
    expect(loginErrorMessageKey({ step: 'token', status: 403, body })).toEqual({
      key: LOGIN_ERROR_KEYS.passwordResetRequired,
    });
  });

  it('falls back to the generic error when the token call gives no usable text', () => {
    for (const body of [null, 'oops', { error: '' }, { error: 42 }, {}]) {
      expect(loginErrorMessageKey({ step: 'token', status: 500, body })).toEqual({
        key: LOGIN_ERROR_KEYS.generic,
      });
    }
  });

  it('never shows a bare OAuth error code: each reads as a sentence', () => {
    for (const code of Object.keys(OAUTH_ERROR_KEYS)) {
      const message = loginErrorMessageKey({ step: 'mfa', status: 400, body: { error: code } });
      expect(message.raw).toBeUndefined();
      expect(t(message.key)).toMatch(/^[A-Z].* .*\.$/);
    }
    expect(
      loginErrorMessageKey({ step: 'token', status: 400, body: { error: 'invalid_request' } }),
    ).toEqual({ key: 'login.oauth_errors.invalid_request' });
  });

  it('a refused password grant (invalid_grant) reads as a wrong name or password', () => {
    expect(
      loginErrorMessageKey({ step: 'token', status: 400, body: { error: 'invalid_grant' } }),
    ).toEqual({ key: LOGIN_ERROR_KEYS.wrongCredentials });
  });

  it("an unknown code gives the server's description when it has words, else the generic line", () => {
    const described = { error: 'weird_code', error_description: 'The code was mangled.' };
    expect(loginErrorMessageKey({ step: 'token', status: 400, body: described })).toEqual({
      key: LOGIN_ERROR_KEYS.serverMessage,
      raw: 'The code was mangled.',
    });
    expect(
      loginErrorMessageKey({ step: 'token', status: 400, body: { error: 'weird_code' } }),
    ).toEqual({ key: LOGIN_ERROR_KEYS.generic });
  });

  it("reads the authorize page's ?error= the same way", () => {
    expect(oauthErrorMessage('access_denied', 'The resource owner denied it')).toEqual({
      key: 'login.oauth_errors.access_denied',
    });
    expect(oauthErrorMessage('', 'Something went wrong there')).toEqual({
      key: LOGIN_ERROR_KEYS.serverMessage,
      raw: 'Something went wrong there',
    });
    expect(oauthErrorMessage('odd_code', null)).toBeNull();
  });
});
