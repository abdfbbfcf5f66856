import '../../i18n/parts/people.ts';
import { useEffect, useState } from 'react';
import { navigate, useLocation } from '../../router/history.ts';
import { t } from '../../i18n/index.ts';
import { profilePathFor } from '../../lib/people/profile.ts';
import { useAccount } from '../../state/entities.ts';
import { useInstance } from '../../state/instance.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useUserPopover } from '../../state/userPopover.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { UserCard } from './UserCard.tsx';
import styles from './UserCard.module.css';

/**
 * The user card as a popover (spec part 2, §2): the bio hidden; close, or expand to the full
 * profile. The avatar zooms, opens the profile or closes, per userPopoverAvatarAction.
 */
export function UserPopover() {
  const accountId = useUserPopover((state) => state.accountId);
  const close = useUserPopover((state) => state.close);
  const account = useAccount(accountId ?? undefined);
  const restricted = useInstance((state) => state.config.restrictedNicknames);
  const avatarAction = usePreferences((state) => state.userPopoverAvatarAction);
  const overlay = usePreferences((state) => state.userPopoverOverlay);
  const [zoomed, setZoomed] = useState(false);
  const location = useLocation();
  const here = location.pathname + location.search;
  const [openedAt] = useState(here);
  // Following a link inside the card (a name, a count) leaves the popover behind.
  useEffect(() => {
    if (here !== openedAt) close();
  }, [here, openedAt, close]);
  if (!account) return null;
  const profilePath = profilePathFor(account, restricted);
  const expand = () => {
    close();
    navigate(profilePath);
  };
  const onAvatar = () => {
    if (avatarAction === 'zoom') setZoomed((z) => !z);
    else if (avatarAction === 'open') expand();
    else close();
  };

  return (
    <Dialog
      title={t('user_card.popover_title', account.acct)}
      onClose={close}
      size="small"
      clearBackdrop={!overlay}
      headerActions={
        <button type="button" className={styles.expandButton} onClick={expand}>
          {t('user_card.expand')}
        </button>
      }
    >
      {zoomed && (
        <button type="button" className={styles.zoomed} onClick={() => setZoomed(false)}>
          <img src={account.avatar} alt={t('user_card.zoom_title', account.acct)} />
        </button>
      )}
      <UserCard account={account} variant="popover" avatarAction={onAvatar} />
    </Dialog>
  );
}
