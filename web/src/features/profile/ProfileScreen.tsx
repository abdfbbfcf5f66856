import '../../i18n/parts/people.ts';
import type { ScreenProps } from '../../router/matchRoute.ts';
import { navigate, useLocation } from '../../router/history.ts';
import { t } from '../../i18n/index.ts';
import {
  activeProfileTab,
  profileTabs,
  type ProfileError,
  type ProfileTab,
} from '../../lib/people/profile.ts';
import { plainDisplayName } from '../../lib/pageTitle.ts';
import { useAccount } from '../../state/entities.ts';
import { useScreenTitle } from '../../state/screenTitle.ts';
import { useSession } from '../../state/session.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { UserTimeline } from '../timeline/UserTimeline.tsx';
import { UserCard } from '../user-card/UserCard.tsx';
import { FollowList } from './FollowList.tsx';
import { MovedNotice } from './MovedNotice.tsx';
import styles from './Profile.module.css';
import { useProfileAccount } from './useProfileAccount.ts';

const TAB_LABEL: Readonly<Record<ProfileTab, string>> = {
  statuses: 'user_card.statuses',
  friends: 'user_card.followees',
  followers: 'user_card.followers',
  media: 'user_card.media',
  favorites: 'user_card.favorites',
};

export const profileErrorText = (error: ProfileError): string =>
  'text' in error ? error.text : t(error.key);

/** A profile (spec part 1, §2 Profile): the user card, then tabs kept in the `tab` query. */
export function ProfileScreen({ match }: ScreenProps) {
  const byName = match.route.name === 'user-profile';
  const key = (byName ? match.params.name : match.params.id) ?? '';
  const load = useProfileAccount(key, byName);

  if (load.kind === 'loading') {
    return (
      <div className={styles.screen}>
        <Spinner label={t('user_profile.loading')} />
      </div>
    );
  }
  if (load.kind === 'error') {
    return (
      <div className={styles.screen}>
        <h1 className={styles.visuallyHidden}>{t('user_profile.error_fetching_user')}</h1>
        <p role="alert" className={styles.profileError}>
          {profileErrorText(load.error)}
        </p>
      </div>
    );
  }
  return <Profile accountId={load.accountId} tabQuery={match.query.get('tab')} />;
}

function Profile({ accountId, tabQuery }: { accountId: string; tabQuery: string | null }) {
  const account = useAccount(accountId);
  const viewerId = useSession((state) =>
    state.status === 'signedIn' ? state.user?.id : undefined,
  );
  const location = useLocation();
  useScreenTitle(
    account
      ? t(
          'user_profile.document_title',
          plainDisplayName(
            account.displayName,
            account.emojis.map((emoji) => emoji.shortcode),
          ) || account.username,
          account.acct,
        )
      : null,
  );
  if (!account) return null;
  const own = viewerId === account.id;
  const tabs = profileTabs(account, own);
  const active = activeProfileTab(tabQuery, tabs);
  const selectTab = (tab: ProfileTab) => {
    const query = new URLSearchParams(location.search);
    if (tab === 'statuses') query.delete('tab');
    else query.set('tab', tab);
    const search = query.toString();
    navigate(`${location.pathname}${search ? `?${search}` : ''}`, { replace: true });
  };

  return (
    <div className={styles.screen}>
      {account.moved && <MovedNotice account={account} moved={account.moved} />}
      <UserCard account={account} variant="profile" onSelectTab={selectTab} />
      <Tabs
        tabs={tabs.map((id) => ({ id, label: t(TAB_LABEL[id]) }))}
        active={active}
        onSelect={selectTab}
        label={t('user_profile.tabs')}
        className={styles.tabs}
      >
        {active === 'friends' || active === 'followers' ? (
          <FollowList
            key={active}
            accountId={account.id}
            direction={active === 'friends' ? 'following' : 'followers'}
            own={own}
          />
        ) : (
          <UserTimeline userId={account.id} tab={active} />
        )}
      </Tabs>
    </div>
  );
}
