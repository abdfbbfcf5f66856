import { useEffect, useState } from 'react';
import { api } from '../../app/apiClient.ts';
import { statusHistory } from '../../api/statusHistory.ts';
import type { StatusEdit } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { RichContent } from '../../ui/RichContent.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { absoluteTime } from '../../ui/localeFormats.ts';
import styles from './HistoryDialog.module.css';

type HistoryState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; versions: StatusEdit[] };

/** Every version of an edited post, newest first (spec part 2, §2 post-history dialog). */
export function HistoryDialog({ statusId, onClose }: { statusId: string; onClose(): void }) {
  const [state, setState] = useState<HistoryState>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    statusHistory(api, statusId).then(
      (versions) => current && setState({ kind: 'ready', versions: [...versions].reverse() }),
      (error: Error) => current && setState({ kind: 'error', message: error.message }),
    );
    return () => {
      current = false;
    };
  }, [statusId]);

  return (
    <Dialog title={t('status.history_title')} onClose={onClose} size="large">
      {state.kind === 'loading' && <Spinner />}
      {state.kind === 'error' && (
        <p role="alert" className={styles.error}>
          {t('modals.error_with_detail', state.message)}
        </p>
      )}
      {state.kind === 'ready' && (
        <ol className={styles.versions}>
          {state.versions.map((version, index) => (
            <li key={`${version.createdAt}-${index}`} className={styles.version}>
              <p className={styles.meta}>
                {index === state.versions.length - 1
                  ? t('status.history_original', absoluteTime(version.createdAt))
                  : t('status.history_edited', absoluteTime(version.createdAt))}
              </p>
              {version.spoilerText && (
                <p className={styles.subject}>
                  <RichContent inline text={version.spoilerText} emojis={version.emojis} />
                </p>
              )}
              <RichContent html={version.content} emojis={version.emojis} />
              {version.pollOptions && (
                <ul className={styles.poll}>
                  {version.pollOptions.map((option, optionIndex) => (
                    <li key={optionIndex}>
                      <RichContent inline text={option} emojis={version.emojis} />
                    </li>
                  ))}
                </ul>
              )}
              {version.mediaAttachments.length > 0 && (
                <p className={styles.meta}>
                  {t('status.history_attachments', version.mediaAttachments.length)}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
