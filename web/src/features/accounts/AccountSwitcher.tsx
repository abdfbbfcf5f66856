import '../../i18n/parts/accounts.ts';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { displayHandle } from '../../lib/accountList.ts';
import { activeApiBase } from '../../state/activeServer.ts';
import { t } from '../../i18n/index.ts';
import { useSession } from '../../state/session.ts';
import { AccountAvatar } from '../../ui/AccountAvatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import {
  readAccountList,
  startAddingAccount,
  storedAccountFor,
  switchAccount,
  type Reload,
} from './accountStore.ts';
import styles from './AccountSwitcher.module.css';

const AVATAR_PX = 32;

/** "On another server": its form loads when asked for (a chunk of its own). */
const RemoteServerForm = lazy(() =>
  import('./RemoteServerForm.tsx').then((module) => ({ default: module.RemoteServerForm })),
);

interface AccountSwitcherProps {
  /** How the app starts afresh as another account (a full load; tests watch it instead). */
  reload?: Reload;
  /** Off inside a dialog that already says "Accounts". */
  showHeading?: boolean;
}

/**
 * The accounts signed in on this device (issue 26): the one in use first, then a button for each
 * other (most recently used first) that switches to it, and "Add account" (signed in only).
 */
export function AccountSwitcher({ reload, showHeading = true }: AccountSwitcherProps) {
  const headingId = useId();
  const user = useSession((state) => state.user);
  // Read when shown: another tab may have signed an account in or out since.
  const list = useMemo(() => readAccountList(), []);
  const [elsewhere, setElsewhere] = useState(false);
  const current = user ? storedAccountFor(user) : null;
  const others = list.accounts.filter((account) => account.key !== current?.key);
  if (!user && others.length === 0) return null;

  return (
    <section
      className={styles.section}
      aria-labelledby={showHeading ? headingId : undefined}
      aria-label={showHeading ? undefined : t('accounts.title')}
    >
      {showHeading && (
        <h2 id={headingId} className={styles.heading}>
          {t('accounts.title')}
        </h2>
      )}
      <ul className={styles.list}>
        {user && (
          <li className={styles.account} aria-current="true">
            <AccountAvatar account={user} size={AVATAR_PX} className={styles.avatar} />
            <span className={styles.handle}>
              {current && activeApiBase() ? displayHandle(current) : `@${user.acct}`}
            </span>
            <span className={styles.inUse}>{t('accounts.in_use')}</span>
          </li>
        )}
        {others.map((account) => (
          <li key={account.key}>
            <button
              type="button"
              className={styles.account}
              onClick={() => switchAccount(account.key, reload)}
            >
              <AccountAvatar account={account} size={AVATAR_PX} className={styles.avatar} />
              <span className={styles.handle}>{t('accounts.switch', displayHandle(account))}</span>
            </button>
          </li>
        ))}
      </ul>
      {user && <Button onClick={() => startAddingAccount(reload)}>{t('accounts.add')}</Button>}
      {/* Adding an account (nobody active): the sign-in above is this server's; or another's. */}
      {!user &&
        (elsewhere ? (
          <Suspense fallback={<p aria-live="polite">{t('timeline.loading')}</p>}>
            <RemoteServerForm go={reload} />
          </Suspense>
        ) : (
          <Button onClick={() => setElsewhere(true)}>{t('accounts.elsewhere')}</Button>
        ))}
    </section>
  );
}

/** The user menu of the top bar: a button that opens the switcher in a dialog. */
export function AccountMenu({ reload }: AccountSwitcherProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" compact aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('accounts.title')}
      </Button>
      {open && (
        <Dialog title={t('accounts.title')} onClose={() => setOpen(false)} size="small">
          <AccountSwitcher reload={reload} showHeading={false} />
        </Dialog>
      )}
    </>
  );
}
