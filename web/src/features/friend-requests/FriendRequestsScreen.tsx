import '../../i18n/parts/people.ts';
import { useEffect, useState } from 'react';
import { authorizeFollowRequest, rejectFollowRequest } from '../../api/followRequests.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { useEntities } from '../../state/entities.ts';
import {
  FOLLOW_REQUESTS_POLL_MS,
  pollFollowRequests,
  useFollowRequests,
} from '../../state/followRequests.ts';
import { useModals } from '../../state/modals.ts';
import { settleFollowRequest, type FollowRequestDecision } from '../../state/notifications.ts';
import { usePreferences } from '../../state/preferences.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AccountRow } from '../profile/AccountRow.tsx';
import styles from '../profile/Profile.module.css';
import { storeRelationship } from '../user-card/relationshipActions.ts';

type Decision = FollowRequestDecision;

/** Approve or deny one request, asking first when the matching preference is on. */
async function decide(accountId: string, acct: string, decision: Decision): Promise<void> {
  const preferences = usePreferences.getState();
  const ask =
    decision === 'approve' ? preferences.modalOnApproveFollow : preferences.modalOnDenyFollow;
  if (
    ask &&
    !(await useModals.getState().confirm({
      titleKey: `friend_requests.${decision}_confirm_title`,
      messageKey: `friend_requests.${decision}_confirm`,
      messageArgs: [acct],
      acceptKey: `friend_requests.${decision}`,
      cancelKey: 'user_card.cancel',
    }))
  )
    return;
  const relationship = await (decision === 'approve'
    ? authorizeFollowRequest(api, accountId)
    : rejectFollowRequest(api, accountId));
  storeRelationship(relationship);
  settleFollowRequest(api, accountId, decision);
}

/** /friend-requests: pending follow requests with approve and deny, polled every 10 s. */
export function FriendRequestsScreen() {
  const ids = useFollowRequests((state) => state.ids);
  const error = useFollowRequests((state) => state.error);
  const accounts = useEntities((state) => state.accounts);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    const tick = () =>
      pollFollowRequests(api).catch((e: unknown) => console.warn('follow requests', e));
    void tick();
    const timer = setInterval(tick, FOLLOW_REQUESTS_POLL_MS);
    return () => clearInterval(timer);
  }, []);

  const act = async (accountId: string, acct: string, decision: Decision) => {
    setBusy(accountId);
    try {
      await decide(accountId, acct, decision);
    } catch (e) {
      console.warn(`follow request ${decision} failed`, e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="friend-requests-title">
      <h1 id="friend-requests-title" className={styles.panelTitle}>
        {t('friend_requests.title')}
      </h1>
      {error && ids === null && (
        <p role="alert" className={styles.error}>
          {t('friend_requests.error', error)}
        </p>
      )}
      {ids === null && !error && (
        <div className={styles.listFooter}>
          <Spinner />
        </div>
      )}
      {ids?.length === 0 && <p className={styles.panelBody}>{t('friend_requests.empty')}</p>}
      {ids && ids.length > 0 && (
        <ul className={styles.rows}>
          {ids.map((id) => {
            const account = accounts[id];
            if (!account) return null;
            return (
              <AccountRow key={id} account={account}>
                <Button
                  variant="primary"
                  disabled={busy === id}
                  onClick={() => act(id, account.acct, 'approve')}
                >
                  {t('friend_requests.approve')}
                </Button>
                <Button disabled={busy === id} onClick={() => act(id, account.acct, 'deny')}>
                  {t('friend_requests.deny')}
                </Button>
              </AccountRow>
            );
          })}
        </ul>
      )}
    </section>
  );
}
