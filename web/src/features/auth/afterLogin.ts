import { getLocation, navigate } from '../../router/history.ts';
import { matchRoute } from '../../router/matchRoute.ts';

/** Spec part 1, §2: signed-in users land on the home timeline. */
export const SIGNED_IN_LANDING = '/main/friends';

/**
 * Screens that only make sense signed out (or are the anonymous landing pages): signing in from
 * them goes to the home timeline. Anywhere else (a conversation, a profile) the reader stays.
 */
const LEAVE_AFTER_LOGIN = new Set([
  'root',
  'login',
  'oauth-callback',
  'registration',
  'registration-token',
  'password-reset',
  'public-timeline',
  'public-external-timeline',
]);

export function goAfterLogin(): void {
  const { pathname, search } = getLocation();
  const match = matchRoute(pathname, search);
  if (!match || LEAVE_AFTER_LOGIN.has(match.route.name)) {
    navigate(SIGNED_IN_LANDING, { replace: match?.route.name === 'oauth-callback' });
  }
}
