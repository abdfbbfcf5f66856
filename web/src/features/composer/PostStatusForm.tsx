import '../../i18n/parts/composer.ts';
import {
  lazy,
  Suspense,
  useId,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
} from 'react';
import { flushSync } from 'react-dom';
import type { Status } from '../../api/types.ts';
import { Link } from '../../router/Link.tsx';
import { t, tCount } from '../../i18n/index.ts';
import { insertAtCaret } from '../../lib/autocomplete.ts';
import { newPollDraft } from '../../lib/pollDraft.ts';
import { offeredScopes, toPostScope } from '../../lib/scopes.ts';
import { useDrafts, type DraftContext } from '../../state/drafts.ts';
import { useInstance } from '../../state/instance.ts';
import { useModals } from '../../state/modals.ts';
import { usePreferences } from '../../state/preferences.ts';
import { useSession } from '../../state/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/FormControls.tsx';
import { RichContent } from '../../ui/RichContent.tsx';
import { AutocompleteTextarea } from '../emoji/AutocompleteTextarea.tsx';
import { AttachmentsEditor } from './AttachmentsEditor.tsx';
import styles from './Composer.module.css';
import type { ComposerFields, ReplyTarget, StartingPoint } from './composerFields.ts';
import { userDefaultScope } from './composerFields.ts';
import { FormatSelector } from './FormatSelector.tsx';
import { ComposerIcon } from './icons.tsx';
import { ScopeSelector } from './ScopeSelector.tsx';
import { searchSources } from './searchSources.ts';
import { useComposer } from './useComposer.ts';
import { usePreview } from './usePreview.ts';
import { useUploads } from './useUploads.ts';

// The poll editor and the emoji picker load the first time they are opened.
const PollEditor = lazy(() => import('./PollEditor.tsx').then((m) => ({ default: m.PollEditor })));
const EmojiPicker = lazy(() =>
  import('../emoji/LazyEmojiPicker.tsx').then((m) => ({ default: m.LazyEmojiPicker })),
);

/** Spec part 2, §9: the drop indicator fades this long after dragging stops. */
export const DROP_INDICATOR_FADE_MS = 500;

export interface PostStatusFormProps {
  context: DraftContext;
  replyTo?: ReplyTarget | null;
  /** The edited post's fields, from its source. */
  initial?: ComposerFields;
  /** A prefilled text (the page's ?message=). */
  message?: string;
  autoFocus?: boolean;
  /** The post as the server took it, or null when it was queued in the outbox (offline). */
  onPosted?(status: Status | null): void;
}

/** The composer: new posts, replies and edits (spec part 2, §2 Composer, §4, §5). */
export function PostStatusForm({
  context,
  replyTo = null,
  initial,
  message,
  autoFocus = false,
  onPosted,
}: PostStatusFormProps) {
  const user = useSession((state) => state.user);
  const config = useInstance((state) => state.config);
  const preferences = usePreferences();
  const openSettings = useModals((state) => state.openSettings);
  const editing = context.kind === 'edit';

  const start = useMemo<StartingPoint>(
    () => ({
      replyTo,
      ownAcct: user?.acct ?? '',
      defaultScope: user?.source?.privacy ?? null,
      accountSensitive: user?.source?.sensitive ?? false,
      postFormats: config.postFormats,
      instanceContentType: config.postContentType,
      message,
      preferences: {
        scopeCopy: preferences.scopeCopy,
        postContentType: preferences.postContentType,
        sensitiveByDefault: preferences.sensitiveByDefault,
        subjectLineBehavior: preferences.subjectLineBehavior,
      },
    }),
    // The starting point is read once per composer; later preference changes apply to the next.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [context.kind, replyTo?.id],
  );
  const composer = useComposer({ context, start, initial, onPosted });
  const { fields, change, update } = composer;

  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const emojiButtonRef = useRef<HTMLButtonElement>(null);
  const [previewOn, setPreviewOn] = useState(false);
  const [subjectOpen, setSubjectOpen] = useState(false);
  const [dropping, setDropping] = useState(false);
  const dropTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const preview = usePreview(previewOn, fields);
  const savedDrafts = useDrafts((state) => state.drafts.length);
  const ids = { text: useId(), subject: useId(), error: useId() };

  const room = config.fileLimit - fields.attachments.length;
  const uploads = useUploads({
    uploadLimit: config.uploadlimit,
    room,
    onUploaded: (attachment) =>
      update((current) => ({ ...current, attachments: [...current.attachments, attachment] })),
  });
  const pollsAvailable = !editing && config.pollsAvailable;
  // Servers refuse a post with both media and a poll: whichever came first rules out the other.
  const pollBlocked =
    fields.poll === null && (fields.attachments.length > 0 || uploads.pending.length > 0);
  const mediaBlocked = pollsAvailable && fields.poll !== null;
  const uploadDisabled = room - uploads.pending.length <= 0 || mediaBlocked;
  const exclusionId = useId();

  const userDefault = userDefaultScope(user?.source?.privacy ?? null);
  const originalScope = replyTo ? toPostScope(replyTo.visibility, userDefault) : null;
  const scopes = offeredScopes({
    replyTo: originalScope,
    current: fields.visibility,
    userDefault,
    minimalScopesMode: preferences.minimalScopesMode || config.minimalScopesMode,
  });
  const showSubject =
    preferences.alwaysShowSubjectInput || subjectOpen || fields.spoilerText !== '';

  const busy = composer.posting || uploads.pending.length > 0;
  const submitDisabled = busy || composer.overLimit;
  const trySubmit = () => {
    if (submitDisabled || pickerOpen) return;
    void composer.submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented) return;
    const always = event.ctrlKey || event.metaKey;
    if (!always && !(preferences.submitOnEnter && !event.shiftKey)) return;
    event.preventDefault();
    trySubmit();
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const file = event.clipboardData.files[0];
    if (!file || uploadDisabled) return;
    event.preventDefault();
    uploads.upload([file]);
  };

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    clearTimeout(dropTimer.current);
    setDropping(true);
    dropTimer.current = setTimeout(() => setDropping(false), DROP_INDICATOR_FADE_MS);
  };
  const onDrop = (event: DragEvent) => {
    if (event.dataTransfer.files.length === 0) return;
    event.preventDefault();
    setDropping(false);
    if (!uploadDisabled) uploads.upload([...event.dataTransfer.files]);
  };

  const insertEmoji = (emoji: string) => {
    const custom = emoji.startsWith(':');
    const next = insertAtCaret(textareaRef.current, fields.text, emoji, {
      pad: custom && preferences.padEmoji,
    });
    change({ text: next.value });
    requestAnimationFrame(() => {
      const textarea = textareaRef.current;
      if (!textarea) return;
      textarea.focus();
      textarea.setSelectionRange(next.caret, next.caret);
    });
  };

  const problem = composer.problem ?? null;
  const problemText = problem ? ('key' in problem ? t(problem.key) : problem.message) : null;
  const sources = useMemo(() => searchSources(), []);
  const textLabel = editing
    ? t('post_status.edit_label')
    : replyTo
      ? t('post_status.reply_label')
      : t('post_status.text_label');

  return (
    <form
      className={styles.form}
      aria-label={t('post_status.new_status')}
      onSubmit={(event) => {
        event.preventDefault();
        trySubmit();
      }}
      onDragOver={onDragOver}
      onDrop={onDrop}
    >
      {editing && <p className={styles.notice}>{t('post_status.edit_unsupported')}</p>}
      {!editing && (
        <ScopeNotices
          safeDM={config.safeDM}
          scope={fields.visibility}
          hideScopeNotice={preferences.hideScopeNotice}
          unlocked={!(user?.locked ?? false)}
          onOpenProfileSettings={() => openSettings('profile')}
        />
      )}
      {showSubject && (
        <>
          <label htmlFor={ids.subject} className={styles.visuallyHidden}>
            {t('post_status.content_warning')}
          </label>
          <AutocompleteTextarea
            as="input"
            id={ids.subject}
            className={styles.subject}
            placeholder={t('post_status.content_warning')}
            value={fields.spoilerText}
            onChange={(spoilerText: string) => change({ spoilerText })}
            sources={{ emoji: true }}
          />
        </>
      )}
      <div className={dropping ? `${styles.textArea} ${styles.dropping}` : styles.textArea}>
        <label htmlFor={ids.text} className={styles.visuallyHidden}>
          {textLabel}
        </label>
        <AutocompleteTextarea
          id={ids.text}
          ref={textareaRef}
          className={styles.text}
          placeholder={textLabel}
          rows={3}
          autoFocus={autoFocus}
          value={fields.text}
          onChange={(text: string) => change({ text })}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          aria-invalid={composer.overLimit || undefined}
          aria-describedby={problemText ? ids.error : undefined}
          sources={sources}
        />
        {dropping && <p className={styles.dropHint}>{t('post_status.drop_files')}</p>}
      </div>
      {preview && <PreviewPanel preview={preview} />}
      <AttachmentsEditor
        attachments={fields.attachments}
        descriptions={fields.descriptions}
        pending={uploads.pending}
        onDescribe={(id, description) =>
          update((current) => ({
            ...current,
            descriptions: { ...current.descriptions, [id]: description },
          }))
        }
        onRemove={(id) =>
          update((current) => ({
            ...current,
            attachments: current.attachments.filter((attachment) => attachment.id !== id),
          }))
        }
      />
      {fields.poll && pollsAvailable && (
        <Suspense fallback={null}>
          <PollEditor
            poll={fields.poll}
            limits={config.pollLimits}
            onChange={(poll) => change({ poll })}
          />
        </Suspense>
      )}
      {uploads.error && (
        <div role="alert" className={styles.error}>
          <span>{uploads.error}</span>
          <Button compact variant="ghost" onClick={uploads.dismissError}>
            {t('post_status.dismiss_error')}
          </Button>
        </div>
      )}
      {problemText && (
        <div role="alert" id={ids.error} className={styles.error}>
          <span>{t('post_status.error', problemText)}</span>
          <Button compact variant="ghost" onClick={composer.dismissProblem}>
            {t('post_status.dismiss_error')}
          </Button>
        </div>
      )}
      <div className={styles.toolbar}>
        <input
          ref={fileInputRef}
          type="file"
          multiple
          hidden
          onChange={(event) => {
            uploads.upload([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('post_status.attach_media')}
          title={mediaBlocked ? t('post_status.poll_or_media') : t('post_status.attach_media')}
          disabled={uploadDisabled && !mediaBlocked}
          aria-disabled={mediaBlocked || undefined}
          aria-describedby={mediaBlocked ? exclusionId : undefined}
          onClick={() => !uploadDisabled && fileInputRef.current?.click()}
        >
          <ComposerIcon name="attach" />
        </button>
        {pollsAvailable && (
          <button
            type="button"
            className={styles.iconButton}
            aria-pressed={fields.poll !== null}
            aria-label={fields.poll ? t('post_status.remove_poll') : t('post_status.add_poll')}
            title={
              pollBlocked
                ? t('post_status.poll_or_media')
                : fields.poll
                  ? t('post_status.remove_poll')
                  : t('post_status.add_poll')
            }
            aria-disabled={pollBlocked || undefined}
            aria-describedby={pollBlocked ? exclusionId : undefined}
            onClick={() => {
              if (!pollBlocked) change({ poll: fields.poll ? null : newPollDraft() });
            }}
          >
            <ComposerIcon name="poll" />
          </button>
        )}
        {(pollBlocked || mediaBlocked) && pollsAvailable && (
          <span id={exclusionId} hidden>
            {t('post_status.poll_or_media')}
          </span>
        )}
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('post_status.emoji')}
          title={t('post_status.emoji')}
          aria-expanded={pickerOpen}
          ref={emojiButtonRef}
          onClick={() => setPickerOpen((open) => !open)}
        >
          <ComposerIcon name="emoji" />
        </button>
        {!preferences.alwaysShowSubjectInput && (
          <button
            type="button"
            className={styles.iconButton}
            aria-pressed={showSubject}
            aria-label={
              showSubject
                ? t('post_status.remove_content_warning')
                : t('post_status.add_content_warning')
            }
            onClick={() => {
              if (showSubject) change({ spoilerText: '' });
              setSubjectOpen(!showSubject);
            }}
          >
            <ComposerIcon name="warning" />
          </button>
        )}
        {!editing && (
          <ScopeSelector
            offered={scopes}
            value={fields.visibility}
            onChange={(visibility) => change({ visibility })}
          />
        )}
        <FormatSelector
          formats={config.postFormats}
          value={fields.contentType}
          onChange={(contentType) => change({ contentType })}
        />
      </div>
      {pickerOpen && (
        <Suspense fallback={null}>
          <EmojiPicker
            onPick={insertEmoji}
            onSticker={(file: File) => !uploadDisabled && uploads.upload([file])}
            onClose={() => {
              // Focus goes back to the button that opened the picker, not to the page: once the
              // picker is gone, so that none of its effects still pending can take it back.
              flushSync(() => setPickerOpen(false));
              emojiButtonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
      <div className={styles.footer}>
        {fields.attachments.length > 0 && (
          <Checkbox
            className={styles.check}
            label={t('post_status.sensitive')}
            checked={fields.sensitive}
            onChange={(event) => change({ sensitive: event.target.checked })}
          />
        )}
        <Checkbox
          className={styles.check}
          label={t('post_status.preview')}
          checked={previewOn}
          onChange={(event) => setPreviewOn(event.target.checked)}
        />
        {savedDrafts > 0 && !editing && (
          <Link to="/drafts" className={styles.draftsLink}>
            {t('post_status.drafts', savedDrafts)}
          </Link>
        )}
        <Counter left={composer.left} />
        <Button type="submit" variant="primary" disabled={submitDisabled}>
          {composer.posting
            ? t('post_status.posting')
            : editing
              ? t('post_status.save_edit')
              : t('post_status.post')}
        </Button>
      </div>
    </form>
  );
}

function Counter({ left }: { left: number | null }) {
  if (left === null) return null;
  const over = left < 0;
  return (
    <span
      className={over ? `${styles.counter} ${styles.counterOver}` : styles.counter}
      title={
        over
          ? tCount('post_status.characters_over', -left)
          : tCount('post_status.characters_left', left)
      }
      aria-live={over ? 'polite' : 'off'}
    >
      {left}
      <span className={styles.visuallyHidden}>
        {over
          ? tCount('post_status.characters_over', -left)
          : tCount('post_status.characters_left', left)}
      </span>
    </span>
  );
}

function ScopeNotices({
  scope,
  hideScopeNotice,
  unlocked,
  onOpenProfileSettings,
  safeDM,
}: {
  scope: string;
  /** The instance's safeDM: a direct message reaches only the accounts mentioned at its start. */
  safeDM: boolean;
  hideScopeNotice: boolean;
  unlocked: boolean;
  onOpenProfileSettings(): void;
}) {
  const [before, after] = t('post_status.account_not_locked_warning', '\u0000').split('\u0000');
  return (
    <>
      {scope === 'private' && unlocked && (
        <p className={styles.warning}>
          {before}
          <button type="button" className={styles.inlineLink} onClick={onOpenProfileSettings}>
            {t('post_status.account_not_locked_warning_link')}
          </button>
          {after}
        </p>
      )}
      {scope === 'direct' && safeDM && (
        <p className={styles.warning}>{t('post_status.direct_warning_to_first_only')}</p>
      )}
      {!hideScopeNotice && (
        <p className={styles.notice}>{t(`post_status.scope_notice.${scope}`)}</p>
      )}
    </>
  );
}

function PreviewPanel({ preview }: { preview: NonNullable<ReturnType<typeof usePreview>> }) {
  return (
    <section
      className={styles.preview}
      aria-label={t('post_status.preview_label')}
      aria-live="polite"
    >
      {preview.state === 'loading' && <p>{t('post_status.preview_loading')}</p>}
      {preview.state === 'empty' && <p>{t('post_status.preview_empty')}</p>}
      {preview.state === 'error' && <p role="alert">{t('post_status.error', preview.message)}</p>}
      {preview.state === 'ready' && (
        <>
          {preview.status.spoilerText && (
            <p className={styles.previewSubject}>{preview.status.spoilerText}</p>
          )}
          <RichContent
            html={preview.status.content}
            emojis={preview.status.emojis}
            mentions={preview.status.mentions}
            tags={preview.status.tags}
          />
        </>
      )}
    </section>
  );
}
