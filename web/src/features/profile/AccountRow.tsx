import type { ReactNode } from 'react';
import type { Account } from '../../api/types.ts';
import { Link } from '../../router/Link.tsx';
import { profilePathFor } from '../../lib/people/profile.ts';
import { useAccount } from '../../state/entities.ts';
import { useInstance } from '../../state/instance.ts';
import { RichContent } from '../../ui/RichContent.tsx';
import { AccountAvatar } from '../../ui/AccountAvatar.tsx';
import styles from './Profile.module.css';
import { unicodeHandle } from '../../lib/handles.ts';

/** One account in a list (followers, requests, suggestions) with the buttons for it. */
export function AccountRow({
  account: given,
  children,
}: {
  account: Account;
  children?: ReactNode;
}) {
  const account = useAccount(given.id) ?? given;
  const config = useInstance((state) => state.config);
  return (
    <li className={styles.row}>
      <AccountAvatar account={account} size={48} className={styles.rowAvatar} />
      <span className={styles.rowNames}>
        <Link to={profilePathFor(account, config.restrictedNicknames)}>
          <RichContent
            inline
            text={account.displayName || account.username}
            emojis={account.emojis}
          />
        </Link>
        <span className={styles.rowHandle}>@{unicodeHandle(account.acct)}</span>
      </span>
      {children && <span className={styles.rowActions}>{children}</span>}
    </li>
  );
}
