import type { ReactNode } from 'react';
import type { Account } from '../../api/types.ts';
import { unicodeHandle } from '../../lib/handles.ts';
import { AccountAvatar } from '../../ui/AccountAvatar.tsx';
import { RichContent } from '../../ui/RichContent.tsx';
import styles from './Lists.module.css';

/** Who a row's button acts on, in its label: the handle, unique and free of emoji shortcodes. */
export const labelName = (account: Account): string => `@${unicodeHandle(account.acct)}`;

/** One person in the editor: picture, name and handle, a note on its pending change, a button. */
export function MemberRow({
  account,
  note,
  struck = false,
  children,
}: {
  account: Account;
  note?: string;
  /** Drawn struck through: a member that saving will take out. */
  struck?: boolean;
  children: ReactNode;
}) {
  return (
    <li className={`${styles.row} ${struck ? styles.removed : ''}`}>
      <AccountAvatar account={account} size={40} className={styles.avatar} />
      <span className={styles.who}>
        <span className={styles.name}>
          <RichContent
            inline
            text={account.displayName || account.username}
            emojis={account.emojis}
          />
        </span>
        <span className={styles.handle}>@{unicodeHandle(account.acct)}</span>
        {note && <span className={styles.note}>{note}</span>}
      </span>
      {children}
    </li>
  );
}
