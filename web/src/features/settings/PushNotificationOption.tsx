import { useState } from 'react';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import {
  browserPush,
  disablePush,
  enablePush,
  pushUnavailableReason,
  type PushOutcome,
} from '../../lib/webPush.ts';
import { useInstance } from '../../state/instance.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useSession } from '../../state/session.ts';
import { Checkbox } from '../../ui/FormControls.tsx';
import { resumePushWhenSignedIn } from '../push/resumePush.ts';
import styles from './Settings.module.css';

type Message = Exclude<PushOutcome, 'on'> | 'turned-on' | 'turned-off' | 'subscribing';

/** The Notifications tab's switch for push notifications in this browser. */
export function PushNotificationOption() {
  const vapidKey = useInstance((state) => state.config.vapidPublicKey);
  const on = usePreferences((state) => state.webPushNotifications);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const unavailable = pushUnavailableReason(vapidKey, globalThis);

  if (unavailable) {
    return (
      <p className={styles.hint} data-testid="push-unavailable">
        {t(`settings.notifications.push.unavailable.${unavailable}`)}
      </p>
    );
  }

  const change = async (wanted: boolean) => {
    setPending(true);
    // Reaching the browser's push service can take a while.
    setMessage(wanted ? 'subscribing' : null);
    const { setPreference } = usePreferences.getState();
    try {
      if (wanted) {
        const outcome = await enablePush(browserPush(), api, vapidKey);
        setPreference('webPushNotifications', outcome === 'on');
        setMessage(outcome === 'on' ? 'turned-on' : outcome);
        // A later sign-in (another token) registers the subscription again.
        if (outcome === 'on') resumePushWhenSignedIn(useSession.getState().token);
      } else {
        await disablePush(browserPush(), api);
        setPreference('webPushNotifications', false);
        setMessage('turned-off');
      }
    } finally {
      setPending(false);
    }
  };

  const failed = message !== null && !['turned-on', 'turned-off', 'subscribing'].includes(message);
  return (
    <div className={styles.column}>
      <Checkbox
        switch
        label={t('settings.notifications.push.label')}
        checked={on}
        disabled={pending}
        aria-describedby="push-notifications-hint"
        onChange={(event) => void change(event.target.checked)}
      />
      <p id="push-notifications-hint" className={styles.hint}>
        {t('settings.notifications.push.hint')}
      </p>
      {message && (
        <p role={failed ? 'alert' : 'status'} className={failed ? styles.error : styles.saved}>
          {t(`settings.notifications.push.${message}`)}
        </p>
      )}
    </div>
  );
}
