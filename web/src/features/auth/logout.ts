import { revoke } from '../../api/oauth.ts';
import { api } from '../../app/apiClient.ts';
import { navigate } from '../../app/router/history.ts';
import { useModals } from '../../state/modals.ts';
import { stopAll } from '../../state/pollers.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useSession } from '../../state/session.ts';
import { stopStreaming } from '../../streaming/index.ts';
import { storedApp } from './oauthApp.ts';
import { forgetToken, markTokenSignedOut } from './persistedSession.ts';
import { endSession } from './sessionLifecycle.ts';

/** Spec part 1, §7: the token is removed locally only when the revocation answers 201. */
export const REVOKE_REMOVES_TOKEN_STATUS = 201;
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
 * Logout (spec part 1, §4): ask first when modalOnLogout is on; revoke the token; clear every
 * per-user store, poller and socket; last timeline public; go to /main/public.
 * Resolves true when the user was signed out, false when they stayed (declined or not signed in).
 */
export async function requestLogout(): Promise<boolean> {
  const before = useSession.getState();
  if (before.status !== 'signedIn' || !before.token) return false;
  if (usePreferences.getState().modalOnLogout) {
    const accepted = await useModals.getState().confirm(LOGOUT_CONFIRM);
    if (!accepted) return false;
  }
  const { status, token } = useSession.getState();
  // Signed out meanwhile (an expired token) or signed in again as someone else: nothing to do.
  if (status !== 'signedIn' || token !== before.token) return false;

  // No poll or socket may run with a token that is being revoked.
  stopAll();
  stopStreaming();
  let revokeStatus = 0;
  const app = storedApp();
  if (app) {
    try {
      revokeStatus = await revoke(api, { app, token });
    } catch (error) {
      console.warn('token revocation failed', error);
    }
  }

  /*
   * Read literally, §7 removes the stored token only on 201. Pleroma (and the local instance)
   * answer 200 to a successful revocation, so on 200 — or on a failed call — the stored token
   * entry is kept, but flagged signed-out: it never restores a session at start-up, and the next
   * sign-in overwrites it. The in-memory session ends in every case: the user asked to leave,
   * and bringing them back signed in on reload would defeat a logout on a shared computer.
   */
  if (revokeStatus === REVOKE_REMOVES_TOKEN_STATUS) forgetToken();
  else markTokenSignedOut();

  endSession();
  usePreferences.getState().setPreference('lastTimeline', AFTER_LOGOUT_TIMELINE);
  navigate(AFTER_LOGOUT_PATH);
  return true;
}
