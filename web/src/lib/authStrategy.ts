/**
 * Sign-in: the authentication strategy state machine and the error message for a failed login
 * (spec part 1, section 4 "Authentication strategy" and section 5 "Login").
 */

export type AuthStrategy = 'password' | 'token' | 'totp' | 'recovery';
/** The strategy a sign-in starts from: a password form, or the instance's token (OAuth) login. */
export type InitialAuthStrategy = 'password' | 'token';

export interface AuthStrategyState {
  current: AuthStrategy;
  initial: InitialAuthStrategy;
}

export type AuthStrategyEvent =
  | { type: 'mfaRequired' }
  | { type: 'switchToRecovery' }
  | { type: 'switchToTotp' }
  | { type: 'cancel' }
  | { type: 'loggedIn' };

export function initialAuthStrategy(initial: InitialAuthStrategy = 'password'): AuthStrategyState {
  return { current: initial, initial };
}

/** The next state; an event that does not apply to the current step leaves the state as it is. */
export function nextAuthStrategy(
  state: AuthStrategyState,
  event: AuthStrategyEvent,
): AuthStrategyState {
  const to = (current: AuthStrategy): AuthStrategyState =>
    current === state.current ? state : { ...state, current };
  switch (event.type) {
    case 'mfaRequired':
      // The server asks for a second factor after the password step only.
      return state.current === 'password' ? to('totp') : state;
    case 'switchToRecovery':
      return state.current === 'totp' ? to('recovery') : state;
    case 'switchToTotp':
      return state.current === 'recovery' ? to('totp') : state;
    case 'cancel':
    case 'loggedIn':
      return to(state.initial);
  }
}

/** i18n keys of the login errors; the English texts are the spec's. */
export const LOGIN_ERROR_KEYS = {
  /** 'Wrong username or password' */
  wrongCredentials: 'login.wrong_credentials',
  /** 'An error occurred, please try again' */
  generic: 'login.generic_error',
  /** 'Failed to connect to server, try again' */
  network: 'login.network_error',
  /** 'You must reset your password to log in.' */
  passwordResetRequired: 'password_reset.password_reset_required',
  /** The server's own message, shown as given (the key's text is just the message). */
  serverMessage: 'login.server_message',
  /** A 429 from the second-factor call: too many wrong codes for this sign-in or account. */
  tooManyCodes: 'login.too_many_codes',
  /** A 429 from any other sign-in call. */
  throttled: 'login.throttled',
} as const;

/**
 * The OAuth error codes (RFC 6749 §4.1.2.1 and §5.2) as sentences: servers answer them bare
 * (`{"error": "invalid_request"}`), and a person must never be shown the code itself.
 */
export const OAUTH_ERROR_KEYS = {
  invalid_request: 'login.oauth_errors.invalid_request',
  invalid_client: 'login.oauth_errors.invalid_client',
  invalid_grant: 'login.oauth_errors.invalid_grant',
  unauthorized_client: 'login.oauth_errors.unauthorized_client',
  unsupported_grant_type: 'login.oauth_errors.unsupported_grant_type',
  unsupported_response_type: 'login.oauth_errors.unsupported_response_type',
  invalid_scope: 'login.oauth_errors.invalid_scope',
  access_denied: 'login.oauth_errors.access_denied',
  server_error: 'login.oauth_errors.server_error',
  temporarily_unavailable: 'login.oauth_errors.temporarily_unavailable',
} as const;

export type LoginErrorKey =
  | (typeof LOGIN_ERROR_KEYS)[keyof typeof LOGIN_ERROR_KEYS]
  | (typeof OAUTH_ERROR_KEYS)[keyof typeof OAUTH_ERROR_KEYS];

export const HTTP_UNAUTHORIZED = 401;
export const HTTP_TOO_MANY_REQUESTS = 429;
/** What the token call answers in `identifier` when the password must be reset first. */
export const PASSWORD_RESET_REQUIRED_IDENTIFIER = 'password_reset_required';

export interface LoginFailure {
  /** Which call failed: verifying credentials, the token call, or the second-factor challenge. */
  step: 'verify' | 'token' | 'mfa';
  /** HTTP status; 0 when no answer arrived at all (network failure). */
  status: number;
  /** The answer's body: its `error` (and `identifier`) fields are read. */
  body?: unknown;
}

export interface LoginErrorMessage {
  key: LoginErrorKey;
  /** The server's text, when `key` is `serverMessage`. */
  raw?: string;
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && name in body
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/** A server's text reads as a sentence (words, not one snake_case code). */
const isSentence = (text: string) => /\s/.test(text.trim());

/**
 * What to say for a failed OAuth exchange given its `error` and `error_description`: a known code
 * becomes our sentence; otherwise the server's own words, if they are words; otherwise null.
 */
export function oauthErrorMessage(error: unknown, description?: unknown): LoginErrorMessage | null {
  const code = typeof error === 'string' ? error.trim() : '';
  if (code in OAUTH_ERROR_KEYS) {
    return { key: OAUTH_ERROR_KEYS[code as keyof typeof OAUTH_ERROR_KEYS] };
  }
  for (const text of [description, error]) {
    if (typeof text === 'string' && isSentence(text)) {
      return { key: LOGIN_ERROR_KEYS.serverMessage, raw: text.trim() };
    }
  }
  return null;
}

export function loginErrorMessageKey(failure: LoginFailure): LoginErrorMessage {
  if (failure.status === 0) return { key: LOGIN_ERROR_KEYS.network };
  if (failure.step === 'verify') {
    return {
      key:
        failure.status === HTTP_UNAUTHORIZED
          ? LOGIN_ERROR_KEYS.wrongCredentials
          : LOGIN_ERROR_KEYS.generic,
    };
  }
  // Rate limits answer a bare code ('Throttled' on Pleroma): say what happened and what to do.
  if (failure.status === HTTP_TOO_MANY_REQUESTS) {
    return {
      key: failure.step === 'mfa' ? LOGIN_ERROR_KEYS.tooManyCodes : LOGIN_ERROR_KEYS.throttled,
    };
  }
  if (field(failure.body, 'identifier') === PASSWORD_RESET_REQUIRED_IDENTIFIER) {
    return { key: LOGIN_ERROR_KEYS.passwordResetRequired };
  }
  const error = field(failure.body, 'error');
  // A refused password grant means the name or the password is wrong.
  if (error === 'invalid_grant' && failure.step === 'token') {
    return { key: LOGIN_ERROR_KEYS.wrongCredentials };
  }
  return (
    oauthErrorMessage(error, field(failure.body, 'error_description')) ?? {
      key: LOGIN_ERROR_KEYS.generic,
    }
  );
}
