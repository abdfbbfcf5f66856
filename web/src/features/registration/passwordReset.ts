import { ApiError } from '../../api/client.ts';
import { requestPasswordReset } from '../../api/registration.ts';
import { api } from '../../app/apiClient.ts';
import { HTTP_TOO_MANY_REQUESTS } from '../../lib/authStrategy.ts';

/** Asking for a password reset (spec part 1, §4: pending, success 204, throttled 429, error). */
export type PasswordResetOutcome = 'sent' | 'throttled' | 'failed';

/** 204: a mail is on its way; 429: asked too often; anything else: the generic error. */
export async function sendPasswordReset(email: string): Promise<PasswordResetOutcome> {
  try {
    await requestPasswordReset(api, email);
    return 'sent';
  } catch (error) {
    if (error instanceof ApiError && error.status === HTTP_TOO_MANY_REQUESTS) return 'throttled';
    if (!(error instanceof ApiError)) console.warn('password reset failed', error);
    return 'failed';
  }
}
