import '../../i18n/parts/people.ts';
import type { Account } from '../../api/types.ts';
import { Link } from '../../router/Link.tsx';
import { t } from '../../i18n/index.ts';
import { profilePathFor } from '../../lib/people/profile.ts';
import { useInstance } from '../../state/instance.ts';
import styles from './Profile.module.css';
import { unicodeHandle } from '../../lib/handles.ts';

/** A profile whose owner moved (Mastodon's `moved`) says so first, with the way to the new one. */
export function MovedNotice({ account, moved }: { account: Account; moved: Account }) {
  const restricted = useInstance((state) => state.config.restrictedNicknames);
  return (
    <p className={styles.movedNotice}>
      {t('user_card.moved_to', account.displayName || account.username)}{' '}
      <Link to={profilePathFor(moved, restricted)}>@{unicodeHandle(moved.acct)}</Link>
    </p>
  );
}
