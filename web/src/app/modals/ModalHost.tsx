import { useModals } from '../../state/modals.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { Notices } from './Notices.tsx';
import { SettingsModal } from './SettingsModal.tsx';

/** Renders the app-wide modals: settings, queued confirmations (one at a time), global notices. */
export function ModalHost() {
  const confirm = useModals((state) => state.confirms[0]);
  const answerConfirm = useModals((state) => state.answerConfirm);
  return (
    <>
      <SettingsModal />
      {confirm && (
        <ConfirmDialog
          key={confirm.id}
          request={confirm}
          onAnswer={(accepted) => answerConfirm(confirm.id, accepted)}
        />
      )}
      <Notices />
    </>
  );
}
