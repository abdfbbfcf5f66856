import '../../i18n/parts/settings.ts';
import { useState } from 'react';
import { verifyCredentials } from '../../api/accounts.ts';
import { updateNotificationSettings } from '../../api/security.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import {
  optionChangeFailed,
  optionChangeStarted,
  optionChangeSucceeded,
  serverOption,
  type ServerOptionState,
} from '../../lib/serverOption.ts';
import { useSession } from '../../state/session.ts';
import { PushNotificationOption } from './PushNotificationOption.tsx';
import styles from './Settings.module.css';

type Name = 'blockFromStrangers' | 'hideNotificationContents';

function NotificationOption({ name }: { name: Name }) {
  const initial = useSession((state) => state.user?.notificationSettings?.[name] ?? false);
  const [state, setState] = useState<ServerOptionState<boolean>>(() => serverOption(initial));
  const change = (value: boolean) => {
    setState(optionChangeStarted);
    updateNotificationSettings(api, { [name]: value })
      .then(() => verifyCredentials(api))
      .then(
        (account) => {
          useSession.getState().setUser(account);
          setState((s) => optionChangeSucceeded(s, account.notificationSettings?.[name] ?? value));
        },
        (error: unknown) => {
          console.warn('saving a notification setting failed', error);
          setState(optionChangeFailed);
        },
      );
  };
  return (
    <div className={styles.row}>
      <label className={styles.row}>
        <input
          type="checkbox"
          checked={state.shown === true}
          disabled={state.pending}
          onChange={(event) => change(event.target.checked)}
        />
        {t(`settings.notifications.${name}`)}
      </label>
      {state.message && (
        <span
          role={state.message === 'error' ? 'alert' : 'status'}
          className={state.message === 'error' ? styles.error : styles.saved}
        >
          {t(state.message === 'error' ? 'settings.error_saving' : 'settings.saved')}
        </span>
      )}
    </div>
  );
}

/** Notifications: who may notify the user, and what push notifications show. */
export function NotificationSettings() {
  return (
    <div className={styles.page}>
      <fieldset className={styles.group}>
        <legend>{t('settings.notifications.heading')}</legend>
        <NotificationOption name="blockFromStrangers" />
        <NotificationOption name="hideNotificationContents" />
        <PushNotificationOption />
      </fieldset>
    </div>
  );
}

export default NotificationSettings;
