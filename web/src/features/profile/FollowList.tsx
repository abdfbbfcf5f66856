import '../../i18n/parts/people.ts';
import { useCallback, useEffect, useState } from 'react';
import { followList } from '../../api/relationships.ts';
import type { Account } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { useEntities, useRelationship } from '../../state/entities.ts';
import { useSession } from '../../state/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { FollowButton } from '../user-card/FollowButton.tsx';
import { removeFollower, storeRelationship } from '../user-card/relationshipActions.ts';
import { RemoteFollowForm } from '../user-card/RemoteFollowForm.tsx';
import { AccountRow } from './AccountRow.tsx';
import styles from './Profile.module.css';
import { errorMessage } from '../../lib/errorMessage.ts';

interface ListState {
  ids: string[];
  nextMaxId: string | null;
  loading: boolean;
  bottomedOut: boolean;
  error: string | null;
}

function FollowCardButtons({ account, ownFollowers }: { account: Account; ownFollowers: boolean }) {
  const viewerId = useSession((state) =>
    state.status === 'signedIn' ? state.user?.id : undefined,
  );
  const relationship = useRelationship(account.id);
  if (!viewerId) return account.isLocal ? <RemoteFollowForm account={account} /> : null;
  if (viewerId === account.id)
    return <span className={styles.itsYou}>{t('user_card.its_you')}</span>;
  return (
    <>
      <FollowButton account={account} />
      {ownFollowers && relationship?.followedBy && (
        <Button
          onClick={() =>
            removeFollower(account.id, account.acct).catch((error: unknown) =>
              console.warn('remove follower failed', error),
            )
          }
        >
          {t('user_card.remove_follower')}
        </Button>
      )}
    </>
  );
}

/** A profile's followees or followers, 20 at a time, with load-more until the end. */
export function FollowList({
  accountId,
  direction,
  own,
}: {
  accountId: string;
  direction: 'followers' | 'following';
  own: boolean;
}) {
  const [state, setState] = useState<ListState>({
    ids: [],
    nextMaxId: null,
    loading: false,
    bottomedOut: false,
    error: null,
  });
  const accounts = useEntities((s) => s.accounts);

  const loadMore = useCallback(
    async (maxId: string | null) => {
      setState((s) => ({ ...s, loading: true, error: null }));
      try {
        const page = await followList(api, accountId, direction, maxId ?? undefined);
        const { ingestAccounts } = useEntities.getState();
        ingestAccounts(page.items);
        for (const account of page.items)
          if (account.relationship) storeRelationship(account.relationship);
        const nextMaxId = page.next?.maxId ?? null;
        setState((s) => ({
          ids: [...s.ids, ...page.items.map((a) => a.id).filter((id) => !s.ids.includes(id))],
          nextMaxId,
          loading: false,
          bottomedOut: page.items.length === 0 || !nextMaxId,
          error: null,
        }));
      } catch (error) {
        console.warn(`${direction} could not be loaded`, error);
        setState((s) => ({
          ...s,
          loading: false,
          error: errorMessage(error),
        }));
      }
    },
    [accountId, direction],
  );

  useEffect(() => {
    setState({ ids: [], nextMaxId: null, loading: false, bottomedOut: false, error: null });
    void loadMore(null);
  }, [loadMore]);

  return (
    <div>
      <ul
        className={styles.rows}
        aria-label={t(direction === 'followers' ? 'user_card.followers' : 'user_card.followees')}
      >
        {state.ids.map((id) => {
          const account = accounts[id];
          return account ? (
            <AccountRow key={id} account={account}>
              <FollowCardButtons
                account={account}
                ownFollowers={own && direction === 'followers'}
              />
            </AccountRow>
          ) : null;
        })}
      </ul>
      {state.error && (
        <p role="alert" className={styles.error}>
          {t('user_profile.list_error', state.error)}
        </p>
      )}
      <div className={styles.listFooter}>
        {state.loading ? (
          <Spinner />
        ) : state.bottomedOut ? (
          <span className={styles.muted}>
            {state.ids.length ? t('user_profile.list_end') : t('user_profile.list_empty')}
          </span>
        ) : (
          <Button onClick={() => loadMore(state.nextMaxId)}>{t('user_profile.load_more')}</Button>
        )}
      </div>
    </div>
  );
}
