import { t } from '../../i18n/index.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import type { ReplyTarget } from './composerFields.ts';
import { PostStatusForm } from './PostStatusForm.tsx';

/** The new-post modal, also used to reply from a post card; it closes once the post is sent. */
export function ComposerDialog({
  replyTo = null,
  onClose,
}: {
  replyTo?: ReplyTarget | null;
  onClose(): void;
}) {
  return (
    <Dialog title={replyTo ? t('status.reply') : t('shell.new_post')} onClose={onClose}>
      <PostStatusForm
        context={replyTo ? { kind: 'reply', statusId: replyTo.id } : { kind: 'new' }}
        replyTo={replyTo}
        autoFocus
        onPosted={onClose}
      />
    </Dialog>
  );
}
