import { Suspense, useState } from 'react';
import { useModals } from '../../state/modals.ts';
import { setUserPopoverPreloader, useUserPopover } from '../../state/userPopover.ts';
import { ChunkErrorBoundary } from '../../ui/ChunkErrorBoundary.tsx';
import { lazyRetry } from '../../ui/lazyRetry.ts';

// Dialogs load the first time they are needed, keeping them (and ui/Dialog) off the start-up bundle.
const SettingsModal = lazyRetry(() =>
  import('./SettingsModal.tsx').then((m) => ({ default: m.SettingsModal })),
);
const ConfirmDialog = lazyRetry(() =>
  import('./ConfirmDialog.tsx').then((m) => ({ default: m.ConfirmDialog })),
);

const ComposerDialog = lazyRetry(() =>
  import('../../features/composer/ComposerDialog.tsx').then((m) => ({
    default: m.ComposerDialog,
  })),
);

const UserPopover = lazyRetry(() =>
  import('../../features/user-card/UserPopover.tsx').then((m) => ({ default: m.UserPopover })),
);
setUserPopoverPreloader(UserPopover.preload);

/**
 * Renders the app-wide modals: settings, the composer, queued confirmations (one at a time),
 * global notices.
 */
export function ModalHost() {
  const confirm = useModals((state) => state.confirms[0]);
  const answerConfirm = useModals((state) => state.answerConfirm);
  const settingsShown = useModals((state) => state.settings.visibility !== 'hidden');
  const composer = useModals((state) => state.composer);
  const closeComposer = useModals((state) => state.closeComposer);
  const popoverAccountId = useUserPopover((state) => state.accountId);
  // Once opened, the settings modal stays mounted (hidden it renders nothing) so it keeps its tab.
  const [settingsLoaded, setSettingsLoaded] = useState(false);
  if (settingsShown && !settingsLoaded) setSettingsLoaded(true);
  return (
    <>
      <ChunkErrorBoundary>
        {(settingsShown || settingsLoaded) && (
          <Suspense fallback={null}>
            <SettingsModal />
          </Suspense>
        )}
        {composer && (
          <Suspense fallback={null}>
            <ComposerDialog request={composer} onClose={closeComposer} />
          </Suspense>
        )}
        {popoverAccountId && (
          <Suspense fallback={null}>
            <UserPopover key={popoverAccountId} />
          </Suspense>
        )}
        {confirm && (
          <Suspense fallback={null}>
            <ConfirmDialog
              key={confirm.id}
              request={confirm}
              onAnswer={(accepted) => answerConfirm(confirm.id, accepted)}
            />
          </Suspense>
        )}
      </ChunkErrorBoundary>
    </>
  );
}
