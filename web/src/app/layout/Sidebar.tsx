import { lazy, Suspense } from 'react';
import { FeaturesPanel } from '../../features/about/FeaturesPanel.tsx';
import { InstancePanel } from '../../features/about/InstancePanel.tsx';
import { UserPanel } from '../../features/auth/UserPanel.tsx';
import { NavPanel } from '../../features/navigation/NavPanel.tsx';
import { t } from '../../i18n/index.ts';
import { useSession } from '../../state/session.ts';
import { useLocation } from '../../router/history.ts';
import styles from './Sidebar.module.css';

// Suggestions are for signed-in users only: their panel loads after sign-in.
const WhoToFollowPanel = lazy(() =>
  import('../../features/who-to-follow/WhoToFollowPanel.tsx').then((m) => ({
    default: m.WhoToFollowPanel,
  })),
);

const NotificationsPanel = lazy(() =>
  import('../../features/notifications/NotificationsPanel.tsx').then((m) => ({
    default: m.NotificationsPanel,
  })),
);

function WhoToFollowSlot() {
  const signedIn = useSession((state) => state.status === 'signedIn');
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <WhoToFollowPanel />
    </Suspense>
  );
}

/**
 * The sidebar column (spec part 1, §2). Each panel decides for itself whether it shows for this
 * visitor and instance (features: anonymous; who to follow: signed in with suggestions...).
 */
export function Sidebar({
  postFormElsewhere = false,
  withNotifications = false,
}: {
  postFormElsewhere?: boolean;
  /** Spec part 2 §2: without a notifications column the panel sits in the sidebar. */
  withNotifications?: boolean;
}) {
  // The about screen shows the instance and features panels itself.
  const onAbout = useLocation().pathname === '/about';
  return (
    <aside className={styles.sidebar} aria-label={t('shell.sidebar')}>
      <UserPanel withPostForm={!postFormElsewhere} />
      {withNotifications && (
        <Suspense fallback={null}>
          <NotificationsPanel placement="sidebar" />
        </Suspense>
      )}
      <NavPanel />
      {!onAbout && <InstancePanel />}
      {!onAbout && <FeaturesPanel />}
      <WhoToFollowSlot />
    </aside>
  );
}
