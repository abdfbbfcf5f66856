import { Link } from '../../router/Link.tsx';
import { t } from '../../i18n/index.ts';
import { pathFor } from '../../router/matchRoute.ts';
import type { Account } from '../../api/types.ts';
import { RichContent } from '../../ui/RichContent.tsx';
import styles from './Auth.module.css';
import { AccountAvatar } from '../../ui/AccountAvatar.tsx';
import { unicodeHandle } from '../../lib/handles.ts';

/** The signed-in user's compact card: avatar, display name with emoji, @acct, profile link. */
export function UserCard({ user }: { user: Account }) {
  const profile = pathFor('external-user-profile', { id: user.id });
  return (
    <section className={styles.card} aria-label={t('user_panel.your_account')}>
      {/* The name beside it says who this is; the picture adds nothing for a screen reader. */}
      <AccountAvatar account={user} size={48} className={styles.avatar} />
      <div className={styles.names}>
        <Link to={profile} className={styles.displayName}>
          <RichContent text={user.displayName || user.username} emojis={user.emojis} inline />
        </Link>
        <span className={styles.acct}>@{unicodeHandle(user.acct)}</span>
      </div>
    </section>
  );
}
