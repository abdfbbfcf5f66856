import '../../i18n/parts/people.ts';
import { useId } from 'react';
import type { Account } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './UserCard.module.css';

/** The host's ostatus subscribe address, from the profile URL's host (spec part 2, §6). */
export function remoteFollowAction(profileUrl: string): string | null {
  try {
    return `${new URL(profileUrl).origin}/main/ostatus`;
  } catch {
    return null;
  }
}

/**
 * Anonymous visitors on a local user's card: a form posting the nickname and the profile to the
 * user's home server, which asks the visitor for their own account there.
 */
export function RemoteFollowForm({ account }: { account: Account }) {
  const action = remoteFollowAction(account.url);
  const id = useId();
  if (!action) return null;
  return (
    <form method="POST" action={action} className={styles.remoteFollow} aria-labelledby={id}>
      <input type="hidden" name="nickname" value={account.username} />
      <input type="hidden" name="profile" value="" />
      <Button type="submit" variant="primary" id={id}>
        {t('user_card.remote_follow')}
      </Button>
    </form>
  );
}
