import '../../i18n/parts/composer.ts';
import '../../i18n/parts/drafts.ts';
import { useEffect, useState } from 'react';
import { get as fetchStatus } from '../../api/statuses.ts';
import { api } from '../../app/apiClient.ts';
import { t, tCount } from '../../i18n/index.ts';
import { discardDraft, useDrafts, type Draft } from '../../state/drafts.ts';
import { useEntities, type StoredStatus } from '../../state/entities.ts';
import { useModals } from '../../state/modals.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TimeAgo } from '../../ui/TimeAgo.tsx';
import styles from './Drafts.module.css';
import { EditStatusDialog } from './EditStatusDialog.tsx';
import { PostStatusForm } from './PostStatusForm.tsx';
import { replyTargetOf } from './replyTarget.ts';

const EXCERPT_LENGTH = 140;

function contextLabel(draft: Draft): string {
  switch (draft.context.kind) {
    case 'new':
      return t('drafts.new_post');
    case 'reply':
      return t('drafts.reply_to');
    case 'edit':
      return t('drafts.edit_of');
  }
}

/** The saved drafts of the signed-in user: reopen one to go on writing, or discard it. */
export function DraftsScreen() {
  const drafts = useDrafts((state) => state.drafts);
  const confirm = useModals((state) => state.confirm);
  const [open, setOpen] = useState<Draft | null>(null);

  const discard = async (draft: Draft) => {
    const sure = await confirm({
      titleKey: 'drafts.discard_confirm_title',
      messageKey: 'drafts.discard_confirm',
      acceptKey: 'drafts.discard',
      cancelKey: 'post_status.cancel',
    });
    if (sure) discardDraft(draft.key);
  };

  return (
    <section className={styles.screen} aria-labelledby="drafts-title">
      <h1 id="drafts-title" className={styles.heading}>
        {t('drafts.title')}
      </h1>
      {drafts.length === 0 ? (
        <div className={styles.empty}>
          <p className={styles.emptyTitle}>{t('drafts.empty')}</p>
          <p className={styles.emptyHint}>{t('drafts.empty_hint')}</p>
        </div>
      ) : (
        <ul className={styles.list}>
          {drafts.map((draft) => (
            <li key={draft.key} className={styles.draft}>
              <p className={styles.meta}>
                <strong>{contextLabel(draft)}</strong>{' '}
                <TimeAgo time={new Date(draft.updatedAt).toISOString()} />
              </p>
              {draft.spoilerText && <p className={styles.subject}>{draft.spoilerText}</p>}
              <p className={styles.text}>{draft.text.slice(0, EXCERPT_LENGTH)}</p>
              {(draft.attachments.length > 0 || draft.poll) && (
                <p className={styles.meta}>
                  {draft.attachments.length > 0 &&
                    tCount('drafts.with_attachments', draft.attachments.length)}{' '}
                  {draft.poll && t('drafts.with_poll')}
                </p>
              )}
              <div className={styles.actions}>
                <Button variant="primary" compact onClick={() => setOpen(draft)}>
                  {t('drafts.open')}
                </Button>
                <Button variant="danger" compact onClick={() => void discard(draft)}>
                  {t('drafts.discard')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {open && <DraftDialog draft={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

/** Reopens a draft in its own context: a reply and an edit need the post they belong to. */
function DraftDialog({ draft, onClose }: { draft: Draft; onClose(): void }) {
  const { context } = draft;
  const statusId = context.kind === 'new' ? null : context.statusId;
  const status = useRelatedStatus(statusId);
  const author = useEntities((state) => (status ? state.accounts[status.accountId] : undefined));

  if (context.kind === 'edit' && status)
    return <EditStatusDialog statusId={status.id} onClose={onClose} />;
  return (
    <Dialog title={contextLabel(draft)} onClose={onClose}>
      {statusId && !status ? (
        <Spinner />
      ) : (
        <PostStatusForm
          context={context}
          replyTo={status && author ? replyTargetOf(status, author.acct) : null}
          autoFocus
          onPosted={onClose}
        />
      )}
    </Dialog>
  );
}

function useRelatedStatus(id: string | null): StoredStatus | undefined {
  const status = useEntities((state) => (id ? state.statuses[id] : undefined));
  useEffect(() => {
    if (!id || status) return;
    fetchStatus(api, id).then(
      (fetched) => useEntities.getState().ingestStatuses([fetched]),
      () => undefined,
    );
  }, [id, status]);
  return status;
}
