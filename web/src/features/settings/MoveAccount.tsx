import '../../i18n/parts/settings.ts';
import { useState, type FormEvent } from 'react';
import { verifyCredentials } from '../../api/accounts.ts';
import { moveAccount } from '../../api/security.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { useModals } from '../../state/modals.ts';
import { useSession } from '../../state/session.ts';
import { Button } from '../../ui/Button.tsx';
import { errorText } from './errorText.ts';
import {
  CurrentPasswordField,
  Field,
  type Outcome,
  OutcomeLine,
  Section,
} from './SecurityParts.tsx';
import styles from './Settings.module.css';

const MOVE_CONFIRM = {
  titleKey: 'settings.security.move_account',
  messageKey: 'settings.security.move_confirm',
  acceptKey: 'settings.security.move_account',
  cancelKey: 'settings.cancel',
} as const;

/**
 * Move account (API notes §10): this account's followers go to another one, which must already
 * list this account among its aliases. The server's refusal is shown as it says it.
 */
export function MoveAccount() {
  const [target, setTarget] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const movedTo = useSession((state) => state.user?.moved?.acct);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const handle = target.trim().replace(/^@/, '');
    void (async () => {
      if (!(await useModals.getState().confirm(MOVE_CONFIRM))) return;
      setBusy(true);
      setOutcome(null);
      try {
        await moveAccount(api, password, handle);
      } catch (error) {
        setOutcome({ ok: false, text: t('settings.security.move_failed', errorText(error)) });
        return;
      } finally {
        setBusy(false);
      }
      setPassword('');
      setOutcome({ ok: true, text: t('settings.security.move_done', handle) });
      // The own account now names the new one.
      verifyCredentials(api).then(
        (account) => useSession.getState().setUser(account),
        (error: unknown) => console.warn('could not reload the account after the move', error),
      );
    })();
  };
  return (
    <Section title={t('settings.security.move_account')}>
      <form onSubmit={submit}>
        <p className={styles.hint}>{t('settings.security.move_hint')}</p>
        {movedTo && <p>{t('settings.security.moved_already', movedTo)}</p>}
        <Field
          label={t('settings.security.move_target')}
          type="text"
          value={target}
          onChange={setTarget}
        />
        <CurrentPasswordField value={password} onChange={setPassword} />
        <div className={styles.actions}>
          <Button type="submit" variant="danger" disabled={busy || !target.trim() || !password}>
            {t('settings.security.move_account')}
          </Button>
          <OutcomeLine outcome={outcome} />
        </div>
      </form>
    </Section>
  );
}
