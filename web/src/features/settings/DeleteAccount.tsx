import '../../i18n/parts/settings.ts';
import { useState, type FormEvent } from 'react';
import { deleteAccount } from '../../api/security.ts';
import { api } from '../../app/apiClient.ts';
import { closeSettings } from '../../app/modals/settingsActions.ts';
import { navigate } from '../../router/history.ts';
import { t } from '../../i18n/index.ts';
import { useModals } from '../../state/modals.ts';
import { usePreferences } from '../../state/preferences.ts';
import { Button } from '../../ui/Button.tsx';
import { AFTER_LOGOUT_TIMELINE } from '../auth/logout.ts';
import { forgetToken } from '../auth/persistedSession.ts';
import { forgetAccount } from '../accounts/accountStore.ts';
import { useSession } from '../../state/session.ts';
import { endSession } from '../auth/sessionLifecycle.ts';
import { errorText } from './errorText.ts';
import { CurrentPasswordField, type Outcome, OutcomeLine, Section } from './SecurityParts.tsx';
import styles from './Settings.module.css';

/** Where a deleted account's user lands, signed out. */
export const ACCOUNT_DELETED_PATH = '/account-deleted';

const DELETE_CONFIRM = {
  titleKey: 'settings.security.delete_account',
  messageKey: 'settings.security.delete_confirm',
  acceptKey: 'settings.security.delete_account',
  cancelKey: 'settings.cancel',
} as const;

/** Delete account (spec part 2 §5): the current password, a confirmation, then signed out. */
export function DeleteAccount() {
  const [password, setPassword] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (async () => {
      const accepted = await useModals.getState().confirm(DELETE_CONFIRM);
      if (!accepted) return;
      try {
        await deleteAccount(api, password);
      } catch (error) {
        setOutcome({ ok: false, text: t('settings.security.delete_failed', errorText(error)) });
        return;
      }
      // The server has revoked every token of the account: end the session here too.
      const user = useSession.getState().user;
      forgetToken();
      endSession();
      // Other accounts signed in on this device stay, offered on the sign-in screen.
      if (user) forgetAccount(user);
      usePreferences.getState().setPreference('lastTimeline', AFTER_LOGOUT_TIMELINE);
      closeSettings();
      navigate(ACCOUNT_DELETED_PATH);
    })();
  };
  return (
    <Section title={t('settings.security.delete_account')}>
      <form onSubmit={submit}>
        <p className={styles.hint}>{t('settings.security.delete_hint')}</p>
        <CurrentPasswordField value={password} onChange={setPassword} />
        <div className={styles.actions}>
          <Button type="submit" variant="danger" disabled={!password}>
            {t('settings.security.delete_account')}
          </Button>
          <OutcomeLine outcome={outcome} />
        </div>
      </form>
    </Section>
  );
}
