import { api } from '../../app/apiClient.ts';
import {
  browserPush,
  dropBrowserSubscription,
  pushUnavailableReason,
  resumePush,
} from '../../lib/webPush.ts';
import { useInstance, whenInstanceLoaded } from '../../state/instance.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useSession } from '../../state/session.ts';

/**
 * Loaded after the first paint when push is on in this browser: each time a user is signed in
 * (the restored session, or a later sign-in), the browser's subscription is registered again for
 * the current token, so a new or refreshed token keeps receiving pushes. Signing out drops the
 * browser's subscription, so nothing arrives for the account that left; the next sign-in in this
 * browser subscribes again (push is this browser's choice, not the account's).
 */
let watching = false;

/**
 * `registeredFor`: a token whose subscription was just registered (the switch was turned on).
 * Returns what stops the watching.
 */
export function resumePushWhenSignedIn(registeredFor: string | null = null): () => void {
  if (watching) return () => {};
  watching = true;
  let lastToken = registeredFor;
  const check = async () => {
    const { status, token } = useSession.getState();
    if (status === 'anonymous' && lastToken !== null) {
      lastToken = null;
      await dropBrowserSubscription(browserPush());
      return;
    }
    if (status !== 'signedIn' || !token || token === lastToken) return;
    lastToken = token;
    await whenInstanceLoaded();
    const vapidKey = useInstance.getState().config.vapidPublicKey;
    if (!usePreferences.getState().webPushNotifications) return;
    if (pushUnavailableReason(vapidKey, globalThis)) return;
    const outcome = await resumePush(browserPush(), api, vapidKey);
    // Permission taken back in the browser's settings: the switch shows push as off.
    if (outcome === 'denied')
      usePreferences.getState().setPreference('webPushNotifications', false);
    else if (outcome !== 'on') console.warn('push notifications could not be resumed:', outcome);
  };
  void check();
  const unsubscribe = useSession.subscribe(() => void check());
  return () => {
    unsubscribe();
    watching = false;
  };
}
