import { ApiError, createApiClient } from '../../api/client.ts';
import { clientCredentials } from '../../api/oauth.ts';
import {
  fetchCaptcha,
  registerAccount,
  registrationErrors,
  type CaptchaChallenge,
  type RegistrationRequest,
} from '../../api/registration.ts';
import { api } from '../../app/apiClient.ts';
import { HTTP_TOO_MANY_REQUESTS } from '../../lib/authStrategy.ts';
import { renderServerErrors, type ServerProblem } from '../../lib/registration.ts';
import { useInstance } from '../../state/instance.ts';
import { loginWithToken } from '../auth/loginFlow.ts';
import { ensureApp, forgetApp } from '../auth/oauthApp.ts';
import { GENERIC_ERROR_KEY, NETWORK_ERROR_KEY, TOO_MANY_REQUESTS_KEY } from './messages.ts';

/**
 * Signing up (spec part 1, §4 Registration: pending, success goes to friends, failure lists the
 * server's errors).
 */

/** Why a new account is not signed in at once: the server's identifier, or manual_login_required. */
export type RegisteredReason =
  'awaiting_approval' | 'missing_confirmed_email' | 'manual_login_required';

export type RegistrationOutcome =
  | { kind: 'signedIn' }
  | { kind: 'registered'; reason: RegisteredReason }
  /** The server refused the form and said why, per field where it could. */
  | { kind: 'rejected'; problems: ServerProblem[] }
  /** Nothing readable came back (no connection, a rate limit...): an i18n key to show. */
  | { kind: 'failed'; messageKey: string };

const HTTP_BAD_REQUEST = 400;
const HTTP_UNAUTHORIZED = 401;

const NO_CAPTCHA: CaptchaChallenge = { kind: 'none' };

/** The captcha to show; a server without one (Mastodon answers 404) or a failure reads as none. */
export function loadCaptcha(): Promise<CaptchaChallenge> {
  return fetchCaptcha(api).catch((error: unknown) => {
    if (!(error instanceof ApiError && error.status === 404)) {
      console.warn('the captcha could not be loaded', error);
    }
    return NO_CAPTCHA;
  });
}

/**
 * An app token (client_credentials) for the registration call. A stored app the server has
 * forgotten (a reset instance) is refused: it is registered afresh, once.
 */
async function appToken(): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const app = await ensureApp(api);
    try {
      return (await clientCredentials(api, { app, scope: app.scopes })).accessToken;
    } catch (error) {
      const refused =
        error instanceof ApiError &&
        (error.status === HTTP_BAD_REQUEST || error.status === HTTP_UNAUTHORIZED);
      if (attempt > 0 || !refused) throw error;
      forgetApp();
    }
  }
}

const KNOWN_REASONS = new Set<string>(['awaiting_approval', 'missing_confirmed_email']);

/**
 * Why a server that gave no usable token for a new account did so. Mastodon hands out a token
 * that works only once the account is approved or its address confirmed.
 */
function reasonWithoutToken(identifier?: string): RegisteredReason {
  if (identifier) {
    return KNOWN_REASONS.has(identifier)
      ? (identifier as RegisteredReason)
      : 'manual_login_required';
  }
  const { config } = useInstance.getState();
  if (config.accountApprovalRequired) return 'awaiting_approval';
  if (config.accountActivationRequired || config.serverFlavour === 'mastodon') {
    return 'missing_confirmed_email';
  }
  return 'manual_login_required';
}

function failure(error: unknown): RegistrationOutcome {
  if (!(error instanceof ApiError)) {
    console.warn('registration failed', error);
    return { kind: 'failed', messageKey: GENERIC_ERROR_KEY };
  }
  if (error.kind === 'network') return { kind: 'failed', messageKey: NETWORK_ERROR_KEY };
  if (error.status === HTTP_TOO_MANY_REQUESTS) {
    return { kind: 'failed', messageKey: TOO_MANY_REQUESTS_KEY };
  }
  const problems = renderServerErrors(registrationErrors(error.body));
  return problems.length > 0
    ? { kind: 'rejected', problems }
    : { kind: 'failed', messageKey: GENERIC_ERROR_KEY };
}

/** Creates the account; with a token in the answer, signs in as any sign-in does. */
export async function register(request: RegistrationRequest): Promise<RegistrationOutcome> {
  let answer;
  try {
    const token = await appToken();
    const client = createApiClient({ baseUrl: api.baseUrl, getToken: () => token });
    answer = await registerAccount(client, request);
  } catch (error) {
    return failure(error);
  }
  if (answer.kind === 'registered') {
    return { kind: 'registered', reason: reasonWithoutToken(answer.identifier) };
  }
  const login = await loginWithToken(answer.accessToken);
  if (login.kind === 'signedIn') return { kind: 'signedIn' };
  // The account exists now: sending the form again would only say the name is taken.
  return { kind: 'registered', reason: reasonWithoutToken() };
}
