import '../../i18n/parts/people.ts';
import { lazy, Suspense, useState } from 'react';
import type { Account, Relationship } from '../../api/types.ts';
import { navigate } from '../../router/history.ts';
import { pathFor } from '../../router/matchRoute.ts';
import { t } from '../../i18n/index.ts';
import type { CardControls } from '../../lib/people/cardControls.ts';
import { useModals } from '../../state/modals.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useSession } from '../../state/session.ts';
import { Button } from '../../ui/Button.tsx';
import { ActionMenu, type MenuItem } from '../status/ActionMenu.tsx';
import { FollowButton } from './FollowButton.tsx';
import { HighlightDialog } from './HighlightDialog.tsx';
import { ListsDialog } from './ListsDialog.tsx';
import { MuteDialog } from './MuteDialog.tsx';
import * as actions from './relationshipActions.ts';
import styles from './UserCard.module.css';

const ReportDialog = lazy(() =>
  import('../report/ReportDialog.tsx').then((module) => ({ default: module.ReportDialog })),
);

type OpenDialog = 'mute' | 'lists' | 'report' | 'highlight' | null;

const run = (what: string, call: () => Promise<unknown>) =>
  call().catch((error: unknown) => console.warn(`${what} failed`, error));

/** Follow, mute, block and the account-actions menu on someone else's card (spec part 2, §4). */
export function RelationshipTools({
  account,
  relationship,
  controls,
}: {
  account: Account;
  relationship: Relationship | undefined;
  controls: CardControls;
}) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [busy, setBusy] = useState<'mute' | 'block' | null>(null);
  const modalOnMute = usePreferences((state) => state.modalOnMute);
  const openComposer = useModals((state) => state.openComposer);
  const username = useSession((state) => state.user?.username ?? '');
  const name = account.acct;
  const following = !!relationship?.following;
  const close = () => setDialog(null);

  const withBusy = (which: 'mute' | 'block', call: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(which);
    run(which, call).finally(() => setBusy(null));
  };

  const onMute = () => {
    if (relationship?.muting) withBusy('mute', () => actions.unmute(account.id));
    else if (modalOnMute) setDialog('mute');
    // Spec part 2, §4: without the dialog, the mute never expires.
    else withBusy('mute', () => actions.mute(account.id, 0));
  };
  const onBlock = () =>
    withBusy('block', () =>
      relationship?.blocking ? actions.unblock(account.id) : actions.block(account.id, name),
    );

  const items: MenuItem[] = [];
  if (following) {
    items.push({
      key: 'reblogs',
      label: t(relationship?.showingReblogs ? 'user_card.hide_repeats' : 'user_card.show_repeats'),
      onSelect: () =>
        run('repeats', () => actions.setShowingReblogs(account.id, !relationship?.showingReblogs)),
    });
    items.push({
      key: 'subscribe',
      label: t(relationship?.subscribing ? 'user_card.unsubscribe' : 'user_card.subscribe'),
      onSelect: () =>
        run('subscribe', () => actions.setSubscribed(account.id, !relationship?.subscribing)),
    });
  }
  if (relationship?.followedBy) {
    items.push({
      key: 'remove-follower',
      label: t('user_card.remove_follower'),
      onSelect: () => run('remove follower', () => actions.removeFollower(account.id, name)),
    });
  }
  items.push({
    key: 'mention',
    label: t('user_card.mention'),
    disabled: controls.muteAndMentionDisabled,
    onSelect: () => openComposer({ kind: 'new', message: `@${account.acct} ` }),
  });
  items.push({ key: 'lists', label: t('user_card.lists'), onSelect: () => setDialog('lists') });
  items.push({
    key: 'highlight',
    label: t('user_card.highlight_menu'),
    onSelect: () => setDialog('highlight'),
  });
  items.push({ key: 'report', label: t('user_card.report'), onSelect: () => setDialog('report') });

  return (
    <div className={styles.tools}>
      <div className={styles.toolRow}>
        <FollowButton account={account} />
        {/* Busy, not disabled: a disabled button drops the keyboard focus to the page. */}
        <Button
          onClick={onMute}
          disabled={controls.muteAndMentionDisabled}
          aria-disabled={busy === 'mute' || undefined}
        >
          {busy === 'mute'
            ? t('user_card.muting')
            : t(relationship?.muting ? 'user_card.unmute' : 'user_card.mute')}
        </Button>
        <Button onClick={onBlock} aria-disabled={busy === 'block' || undefined}>
          {busy === 'block'
            ? t('user_card.blocking')
            : t(relationship?.blocking ? 'user_card.unblock' : 'user_card.block')}
        </Button>
        {controls.chat && (
          <Button onClick={() => navigate(pathFor('chat', { username, recipient_id: account.id }))}>
            {t('user_card.message')}
          </Button>
        )}
        <ActionMenu
          label={t('user_card.more_actions')}
          icon={<span aria-hidden="true">⋯</span>}
          items={items}
        />
      </div>
      {dialog === 'mute' && (
        <MuteDialog
          name={name}
          onMute={(expiresIn) => actions.mute(account.id, expiresIn)}
          onClose={close}
        />
      )}
      {dialog === 'lists' && <ListsDialog accountId={account.id} name={name} onClose={close} />}
      {dialog === 'highlight' && <HighlightDialog screenName={account.acct} onClose={close} />}
      {dialog === 'report' && (
        <Suspense fallback={null}>
          <ReportDialog account={account} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
