import { FeaturesPanel } from '../../features/about/FeaturesPanel.tsx';
import { InstancePanel } from '../../features/about/InstancePanel.tsx';
import { UserPanel } from '../../features/auth/UserPanel.tsx';
import { NavPanel } from '../../features/navigation/NavPanel.tsx';
import { WhoToFollowPanel } from '../../features/who-to-follow/WhoToFollowPanel.tsx';
import { t } from '../../i18n/index.ts';
import styles from './Sidebar.module.css';

/**
 * The sidebar column (spec part 1, §2). Each panel decides for itself whether it shows for this
 * visitor and instance (features: anonymous; who to follow: signed in with suggestions...).
 */
export function Sidebar() {
  return (
    <aside className={styles.sidebar} aria-label={t('shell.sidebar')}>
      <UserPanel />
      <NavPanel />
      <InstancePanel />
      <FeaturesPanel />
      <WhoToFollowPanel />
    </aside>
  );
}
