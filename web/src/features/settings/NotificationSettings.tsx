import '../../i18n/parts/settings.ts';
import { verifyCredentials } from '../../api/accounts.ts';
import { updateNotificationSettings } from '../../api/security.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { PushNotificationOption } from './PushNotificationOption.tsx';
import { BooleanOptionRow } from './ServerOptions.tsx';
import styles from './Settings.module.css';

type Name = 'blockFromStrangers' | 'hideNotificationContents';

function NotificationOption({ name }: { name: Name }) {
  return (
    <BooleanOptionRow
      label={t(`settings.notifications.${name}`)}
      read={(account) => account.notificationSettings?.[name] ?? false}
      // The call answers no account: the updated one is read back.
      save={(value) =>
        updateNotificationSettings(api, { [name]: value }).then(() => verifyCredentials(api))
      }
    />
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
