import '../../i18n/parts/people.ts';
import { useState } from 'react';
import type { Account } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import { followButtonLabel, followClickAction } from '../../lib/people/followButton.ts';
import { useRelationship } from '../../state/entities.ts';
import { Button } from '../../ui/Button.tsx';
import { follow, unfollow } from './relationshipActions.ts';

/** The follow button with all its states (spec part 2, §4 Follow button). */
export function FollowButton({
  account,
  compact = false,
}: {
  account: Account;
  compact?: boolean;
}) {
  const relationship = useRelationship(account.id) ?? account.relationship ?? undefined;
  const [inProgress, setInProgress] = useState(false);
  const [hovered, setHovered] = useState(false);
  const label = followButtonLabel(relationship, inProgress, hovered);
  const action = followClickAction(relationship);

  const onClick = async () => {
    if (inProgress) return;
    setInProgress(true);
    try {
      if (action === 'follow') await follow(account.id, account.locked);
      else await unfollow(account.id, account.acct);
    } catch (error) {
      console.warn('follow change failed', error);
    } finally {
      setInProgress(false);
    }
  };

  return (
    <Button
      compact={compact}
      variant={action === 'follow' ? 'primary' : 'secondary'}
      // Busy, not disabled: a disabled button drops the keyboard focus to the page.
      disabled={account.deactivated}
      aria-disabled={inProgress || undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
      onClick={onClick}
    >
      {t(`user_card.follow_states.${label}`)}
    </Button>
  );
}
