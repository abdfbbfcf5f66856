import type { Account } from '../../api/types.ts';
import { Link } from '../../router/Link.tsx';
import { RichContent } from '../../ui/RichContent.tsx';
import { profilePath } from '../status/StatusCard.tsx';
import styles from './Notifications.module.css';

/** Who a notification names: their display name, with its emoji, linking to their profile. */
export function NotificationName({ account }: { account: Account }) {
  return (
    <Link to={profilePath(account.id)} className={styles.name}>
      <RichContent inline text={account.displayName || account.username} emojis={account.emojis} />
    </Link>
  );
}
