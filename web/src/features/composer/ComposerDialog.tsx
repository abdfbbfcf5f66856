import '../../i18n/parts/status.ts';
import { t } from '../../i18n/index.ts';
import type { ComposerRequest } from '../../state/modals.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { EditStatusDialog } from './EditStatusDialog.tsx';
import { PostStatusForm } from './PostStatusForm.tsx';

/** The composer as a modal: a new post, a reply from a post card, or an edit; it closes once sent. */
export function ComposerDialog({
  request,
  onClose,
}: {
  request: ComposerRequest;
  onClose(): void;
}) {
  if (request.kind === 'edit')
    return <EditStatusDialog statusId={request.statusId} onClose={onClose} />;
  const replyTo = request.kind === 'reply' ? request.replyTo : null;
  return (
    <Dialog title={replyTo ? t('status.reply') : t('shell.new_post')} onClose={onClose}>
      <PostStatusForm
        context={replyTo ? { kind: 'reply', statusId: replyTo.id } : { kind: 'new' }}
        replyTo={replyTo}
        message={request.kind === 'new' ? request.message : undefined}
        autoFocus
        onPosted={onClose}
      />
    </Dialog>
  );
}
