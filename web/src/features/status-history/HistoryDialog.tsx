import '../../i18n/parts/status.ts';
import { useEffect, useState } from 'react';
import { api } from '../../app/apiClient.ts';
import { statusHistory } from '../../api/statusHistory.ts';
import type { Attachment, StatusEdit } from '../../api/types.ts';
import { t, tCount } from '../../i18n/index.ts';
import { safeMediaUrl } from '../../lib/safeUrl.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { RichContent } from '../../ui/RichContent.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { absoluteTime } from '../../ui/localeFormats.ts';
import styles from './HistoryDialog.module.css';

type HistoryState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'ready'; versions: StatusEdit[] };

/** A version's attachments as small thumbnails, each opening the file in a new tab. */
function VersionAttachments({ attachments }: { attachments: readonly Attachment[] }) {
  return (
    <ul
      className={styles.thumbs}
      aria-label={tCount('status.history_attachments', attachments.length)}
    >
      {attachments.map((attachment, index) => {
        const href = safeMediaUrl(attachment.url);
        const preview =
          attachment.kind === 'image' || attachment.kind === 'video'
            ? (safeMediaUrl(attachment.previewUrl) ?? (attachment.kind === 'image' ? href : null))
            : null;
        const label = attachment.description
          ? t('media.open_described', index + 1, attachments.length, attachment.description)
          : t('media.open_numbered', index + 1, attachments.length);
        const content = preview ? (
          <img className={styles.thumb} src={preview} alt="" loading="lazy" />
        ) : (
          <span className={styles.thumb} aria-hidden="true">
            📎
          </span>
        );
        return (
          <li key={attachment.id}>
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer nofollow" aria-label={label}>
                {content}
              </a>
            ) : (
              content
            )}
          </li>
        );
      })}
    </ul>
  );
}

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
    <Dialog
      title={t('status.history_title')}
      onClose={onClose}
      size="large"
      className={styles.dialog}
    >
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
                <VersionAttachments attachments={version.mediaAttachments} />
              )}
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
