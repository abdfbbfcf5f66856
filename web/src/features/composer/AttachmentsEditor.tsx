import '../../i18n/parts/composer.ts';
import type { Attachment } from '../../api/types.ts';
import { t } from '../../i18n/index.ts';
import { TextField } from '../../ui/FormControls.tsx';
import styles from './Composer.module.css';
import { ComposerIcon } from './icons.tsx';
import type { PendingUpload } from './useUploads.ts';

interface AttachmentsEditorProps {
  attachments: readonly Attachment[];
  descriptions: Readonly<Record<string, string>>;
  pending: readonly PendingUpload[];
  onDescribe(id: string, description: string): void;
  onRemove(id: string): void;
}

const fileName = (attachment: Attachment) =>
  decodeURIComponent(attachment.url.split('/').pop() ?? attachment.id);

/** Attached files with a description each, and the uploads still on their way with progress. */
export function AttachmentsEditor({
  attachments,
  descriptions,
  pending,
  onDescribe,
  onRemove,
}: AttachmentsEditorProps) {
  if (attachments.length === 0 && pending.length === 0) return null;
  return (
    <ul className={styles.attachments}>
      {attachments.map((attachment, index) => {
        const name = attachment.description || fileName(attachment);
        return (
          <li key={attachment.id} className={styles.attachment}>
            {attachment.kind === 'image' ? (
              <img
                className={styles.thumbnail}
                src={attachment.previewUrl ?? attachment.url}
                alt=""
              />
            ) : (
              <span className={styles.thumbnail}>{attachment.kind}</span>
            )}
            <TextField
              className={styles.description}
              aria-label={t('post_status.media_description_for', index + 1)}
              placeholder={t('post_status.media_description')}
              value={descriptions[attachment.id] ?? attachment.description ?? ''}
              onChange={(event) => onDescribe(attachment.id, event.target.value)}
              // Enter would otherwise submit the post; the spec has it do nothing here.
              onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
            />
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t('post_status.remove_attachment', name)}
              onClick={() => onRemove(attachment.id)}
            >
              <ComposerIcon name="close" />
            </button>
          </li>
        );
      })}
      {pending.map((upload) => (
        <li key={upload.id} className={styles.attachment}>
          <span className={styles.uploadName}>{upload.name}</span>
          <progress
            className={styles.progress}
            aria-label={t('post_status.uploading', upload.name)}
            max={1}
            value={upload.progress}
          />
        </li>
      ))}
    </ul>
  );
}
