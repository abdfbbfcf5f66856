import '../../i18n/parts/about.ts';
import { useEffect, useId, useState } from 'react';
import type { Account } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { Link } from '../../router/Link.tsx';
import { pathFor } from '../../router/matchRoute.ts';
import { t } from '../../i18n/index.ts';
import { useInstance } from '../../state/instance.ts';
import { RichContent } from '../../ui/RichContent.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './Panel.module.css';
import staffStyles from './StaffPanel.module.css';
import { loadStaff, type Staff } from './staff.ts';
import { AccountAvatar } from '../../ui/AccountAvatar.tsx';
import { unicodeHandle } from '../../lib/handles.ts';

function StaffGroup({ titleKey, accounts }: { titleKey: string; accounts: Account[] }) {
  const id = useId();
  if (accounts.length === 0) return null;
  return (
    <section aria-labelledby={id} className={staffStyles.group}>
      <h3 id={id} className={staffStyles.groupTitle}>
        {t(titleKey)}
      </h3>
      <ul className={staffStyles.people}>
        {accounts.map((account) => (
          <li key={account.id} className={staffStyles.person}>
            <AccountAvatar account={account} size={40} className={staffStyles.avatar} />
            <Link to={pathFor('external-user-profile', { id: account.id })}>
              <RichContent
                inline
                text={account.displayName || account.username}
                emojis={account.emojis}
              />
            </Link>
            <span className={staffStyles.acct}>@{unicodeHandle(account.acct)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The instance's staff, grouped into administrators and moderators. */
export function StaffPanel() {
  const id = useId();
  const staffAccounts = useInstance((state) => state.config.staffAccounts);
  const [staff, setStaff] = useState<Staff | null>(null);

  useEffect(() => {
    if (staffAccounts.length === 0) return;
    let current = true;
    void loadStaff(api, staffAccounts).then((loaded) => current && setStaff(loaded));
    return () => {
      current = false;
    };
  }, [staffAccounts]);

  if (staffAccounts.length === 0) return null;
  if (staff && staff.admins.length === 0 && staff.moderators.length === 0) return null;
  return (
    <section className={styles.panel} aria-labelledby={id} aria-busy={!staff}>
      <h2 id={id} className={styles.title}>
        {t('about.staff')}
      </h2>
      <div className={styles.body}>
        {staff ? (
          <>
            <StaffGroup titleKey="about.administrators" accounts={staff.admins} />
            <StaffGroup titleKey="about.moderators" accounts={staff.moderators} />
          </>
        ) : (
          <Spinner />
        )}
      </div>
    </section>
  );
}
