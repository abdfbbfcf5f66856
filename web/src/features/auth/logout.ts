import { revoke } from '../../api/oauth.ts';
import { api } from '../../app/apiClient.ts';
import { navigate } from '../../router/history.ts';
import { useModals } from '../../state/modals.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useSession } from '../../state/session.ts';
import { storedApp } from './oauthApp.ts';
import { forgetLastLoginName, forgetToken } from './persistedSession.ts';
import { endSession } from './sessionLifecycle.ts';
import { AFTER_SWITCH_PATH, signedOut } from '../accounts/accountStore.ts';

/** Spec part 1, §2: after logout the user is sent to the public timeline. */
export const AFTER_LOGOUT_PATH = '/main/public';
export const AFTER_LOGOUT_TIMELINE = 'public-timeline';

export const LOGOUT_CONFIRM = {
  titleKey: 'logout.confirm_title',
  messageKey: 'logout.confirm_message',
  acceptKey: 'logout.confirm_accept',
  cancelKey: 'logout.confirm_cancel',
} as const;

/**
 * Logout (spec part 1, §4): ask first when modalOnLogout is on; forget the token and clear every
 * per-user store, poller and socket, and the last login name; last timeline public; go to
 * /main/public; then revoke it.
 * Resolves true when the user was signed out, false when they stayed (declined or not signed in).
 */
export async function requestLogout(
  reload: (path: string) => void = (path) => window.location.assign(path),
): Promise<boolean> {
  const before = useSession.getState();
  if (before.status !== 'signedIn' || !before.token) return false;
  if (usePreferences.getState().modalOnLogout) {
    const accepted = await useModals.getState().confirm(LOGOUT_CONFIRM);
    if (!accepted) return false;
  }
  const { status, token } = useSession.getState();
  // Signed out meanwhile (an expired token) or signed in again as someone else: nothing to do.
  if (status !== 'signedIn' || token !== before.token) return false;

  // The session ends before anything else runs: the stored token goes, and with the in-memory
  // one gone no poll, socket or screen can send it again (every call reads it at sending time).
  forgetToken();
  endSession();
  // Only this account leaves: another one signed in on this device, if any, takes over.
  const { next } = signedOut(before.user);
  // A deliberate logout leaves no trace of who it was: the login form starts empty.
  forgetLastLoginName();
  useSession.setState({ lastLoginName: '' });
  // An account on another server leaves a page whose requests all go there: it starts afresh.
  const elsewhere = api.baseUrl !== '';
  if (!next) {
    usePreferences.getState().setPreference('lastTimeline', AFTER_LOGOUT_TIMELINE);
    if (!elsewhere) navigate(AFTER_LOGOUT_PATH);
  }

  /*
   * Then the revocation, which carries the token in its body only. Spec §7 keeps the stored
   * token unless the revocation answers 201; Pleroma answers 200, and a kept token is one a
   * shared computer still holds after its user left, so it is dropped whatever the answer.
   */
  const app = storedApp();
  if (app) {
    try {
      await revoke(api, { app, token });
    } catch (error) {
      console.warn('token revocation failed', error);
    }
  }
  // The next account starts afresh once the revocation has gone (a reload would cut it off).
  if (next) reload(AFTER_SWITCH_PATH);
  else if (elsewhere) reload(AFTER_LOGOUT_PATH);
  return true;
}
