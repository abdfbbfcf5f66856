import '../../i18n/parts/composer.ts';
import '../../i18n/parts/status.ts';
import { useEffect, useState } from 'react';
import { source as fetchSource } from '../../api/statuses.ts';
import type { StatusSource } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { toPostScope } from '../../lib/scopes.ts';
import { useEntities, type StoredStatus } from '../../state/entities.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import type { ComposerFields } from './composerFields.ts';
import styles from './Composer.module.css';
import { PostStatusForm } from './PostStatusForm.tsx';
import { errorMessage } from '../../lib/errorMessage.ts';

type SourceState =
  | { state: 'loading' }
  | { state: 'ready'; source: StatusSource }
  | { state: 'error'; message: string };

function editFields(status: StoredStatus, source: StatusSource): ComposerFields {
  return {
    text: source.text,
    spoilerText: source.spoilerText,
    contentType: source.contentType ?? 'text/plain',
    visibility: toPostScope(status.visibility, 'public'),
    sensitive: status.sensitive,
    poll: null,
    attachments: status.mediaAttachments,
    descriptions: {},
  };
}

/** Editing an own post: its source is fetched, then the composer opens prefilled with it. */
export function EditStatusDialog({ statusId, onClose }: { statusId: string; onClose(): void }) {
  const [loaded, setLoaded] = useState<SourceState>({ state: 'loading' });
  const status = useEntities((state) => state.statuses[statusId]);

  useEffect(() => {
    let current = true;
    fetchSource(api, statusId).then(
      (source) => current && setLoaded({ state: 'ready', source }),
      (error: unknown) =>
        current &&
        setLoaded({
          state: 'error',
          message: errorMessage(error),
        }),
    );
    return () => {
      current = false;
    };
  }, [statusId]);

  return (
    <Dialog title={t('status.edit_title')} onClose={onClose}>
      {loaded.state === 'loading' && <Spinner />}
      {loaded.state === 'error' && (
        <p role="alert" className={styles.error}>
          {t('post_status.error', loaded.message)}
        </p>
      )}
      {loaded.state === 'ready' && status && (
        <PostStatusForm
          context={{ kind: 'edit', statusId }}
          initial={editFields(status, loaded.source)}
          autoFocus
          onPosted={onClose}
        />
      )}
    </Dialog>
  );
}
