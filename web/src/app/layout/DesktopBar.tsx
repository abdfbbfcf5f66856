import { lazy, Suspense } from 'react';
import { requestLogoutLater } from '../../features/auth/logoutLater.ts';
import { t } from '../../i18n/index.ts';
import { useInstance } from '../../state/instance.ts';
import { useModals } from '../../state/modals.ts';
import { Button } from '../../ui/Button.tsx';
import { VisuallyHidden } from '../../ui/VisuallyHidden.tsx';
import styles from './DesktopBar.module.css';
import { SearchBox } from './SearchBox.tsx';
import { SiteBrand } from './SiteBrand.tsx';
import { useIsAdmin, useSignedIn } from './useSessionFlags.ts';

/** Spec part 1, §2: the separate administration interface, opened in a new tab. */
export const ADMIN_INTERFACE_PATH = '/pleroma/admin/#/login-pleroma';

/** The accounts menu (issue 26) is a chunk of its own, fetched once someone is signed in. */
const AccountMenu = lazy(() =>
  import('../../features/accounts/AccountSwitcher.tsx').then((m) => ({ default: m.AccountMenu })),
);

/** The top bar of the normal and wide layouts. */
export function DesktopBar() {
  const signedIn = useSignedIn();
  const isAdmin = useIsAdmin();
  const privateInstance = useInstance((state) => state.config.private);
  const openSettings = useModals((state) => state.openSettings);

  return (
    <header className={styles.bar}>
      <div className={styles.inner}>
        <SiteBrand />
        {(signedIn || !privateInstance) && <SearchBox />}
        <div className={styles.actions}>
          <Button variant="ghost" compact onClick={() => openSettings()}>
            {t('shell.settings')}
          </Button>
          {isAdmin && (
            <a className={styles.link} href={ADMIN_INTERFACE_PATH} target="_blank" rel="noopener">
              {t('shell.administration')}
              <VisuallyHidden> {t('shell.opens_in_new_tab')}</VisuallyHidden>
            </a>
          )}
          {signedIn && (
            <Suspense fallback={null}>
              <AccountMenu />
            </Suspense>
          )}
          {signedIn && (
            <Button variant="ghost" compact onClick={() => void requestLogoutLater()}>
              {t('shell.logout')}
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
