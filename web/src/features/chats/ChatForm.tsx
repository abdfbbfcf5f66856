import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { uploadMedia } from '../../api/media.ts';
import type { Attachment } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { CHAT_FORM_MAX_HEIGHT_PX } from '../../lib/chatMessages.ts';
import { errorMessage } from '../../lib/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { textFieldClass } from '../../ui/FormControls.tsx';
import styles from './Chats.module.css';

/** What was typed in each chat, kept while the person looks elsewhere in the app. */
const drafts = new Map<string, string>();

type Upload =
  | { state: 'uploading'; name: string }
  | { state: 'done'; attachment: Attachment }
  | { state: 'failed'; message: string };

export interface ChatFormMessage {
  content: string;
  attachment: Attachment | null;
}

interface ChatFormProps {
  /** The chat's id; null while it is loading or failed to load (the form is disabled then). */
  chatId: string | null;
  onSend(message: ChatFormMessage): void;
}

/**
 * The chat form (spec part 1, §2 and §5): no subject, scope, poll, sensitivity or preview; one
 * file at most; grows up to 160 px; Enter sends, Shift+Enter starts a new line.
 */
export function ChatForm({ chatId, onSend }: ChatFormProps) {
  const [text, setText] = useState(() => (chatId ? (drafts.get(chatId) ?? '') : ''));
  const [upload, setUpload] = useState<Upload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const errorId = useId();
  const disabled = chatId === null;

  useLayoutEffect(() => {
    const element = field.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, CHAT_FORM_MAX_HEIGHT_PX)}px`;
  }, [text]);

  const changeText = (value: string) => {
    setText(value);
    setError(null);
    if (chatId) drafts.set(chatId, value);
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (disabled || upload?.state === 'uploading') return;
    const attachment = upload?.state === 'done' ? upload.attachment : null;
    if (!text.trim() && !attachment) {
      setError(t('chats.empty_message'));
      return;
    }
    onSend({ content: text, attachment });
    changeText('');
    setUpload(null);
    field.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const pickFile = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setUpload({ state: 'uploading', name: file.name });
    uploadMedia(api, file)
      .then((attachment) => setUpload({ state: 'done', attachment }))
      .catch((reason: unknown) => setUpload({ state: 'failed', message: errorMessage(reason) }));
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-describedby={error ? errorId : undefined}>
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {upload && (
        <div className={styles.upload} aria-live="polite">
          {upload.state === 'uploading' && t('chats.uploading', upload.name)}
          {upload.state === 'failed' && (
            <span role="alert">{t('chats.upload_failed', upload.message)}</span>
          )}
          {upload.state === 'done' && (
            <>
              <span className={styles.uploadName}>
                {upload.attachment.description || upload.attachment.url.split('/').pop()}
              </span>
              <Button
                compact
                onClick={() => setUpload(null)}
                aria-label={t(
                  'chats.remove_attachment',
                  upload.attachment.description || upload.attachment.url.split('/').pop() || '',
                )}
              >
                <span aria-hidden="true">✕</span>
              </Button>
            </>
          )}
        </div>
      )}
      <div className={styles.formRow}>
        <Button
          compact
          disabled={disabled || upload?.state === 'uploading' || upload?.state === 'done'}
          onClick={() => fileInput.current?.click()}
          aria-label={t('chats.attach')}
          title={t('chats.attach')}
        >
          <span aria-hidden="true">📎</span>
        </Button>
        <input
          ref={fileInput}
          type="file"
          hidden
          data-testid="chat-file"
          onChange={(event) => {
            pickFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <label htmlFor={fieldId} className={styles.visuallyHidden}>
          {t('chats.message_label')}
        </label>
        <textarea
          ref={field}
          id={fieldId}
          rows={1}
          className={`${textFieldClass} ${styles.field}`}
          value={text}
          disabled={disabled}
          placeholder={t('chats.placeholder')}
          aria-invalid={error ? true : undefined}
          onChange={(event) => changeText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button
          type="submit"
          variant="primary"
          disabled={disabled || upload?.state === 'uploading'}
        >
          {t('chats.send')}
        </Button>
      </div>
    </form>
  );
}
