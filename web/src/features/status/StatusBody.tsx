import { useId, useState } from 'react';
import { t } from '../../i18n/index.ts';
import { isLongSubject, isTallPost, shortenSubject, splitMentions } from '../../lib/statusText.ts';
import type { StoredStatus } from '../../state/entities.ts';
import { usePreferences } from '../../state/preferences.ts';
import { MentionLink } from '../../ui/MentionLink.tsx';
import { RichContent } from '../../ui/RichContent.tsx';
import { AttachmentGallery } from '../media/AttachmentGallery.tsx';
import { PollView } from '../polls/PollView.tsx';
import { LinkCard } from './LinkCard.tsx';
import { plainTextOf } from './plainText.ts';
import styles from './StatusCard.module.css';

/** The mentions line: five mentions, then a plus-more toggle (spec part 2, §9). */
function MentionsLine({ mentions }: { mentions: StoredStatus['mentions'] }) {
  const [expanded, setExpanded] = useState(false);
  if (mentions.length === 0) return null;
  const { shown, more } = splitMentions(mentions, expanded);
  return (
    <p className={styles.mentions}>
      {shown.map((mention) => (
        <MentionLink
          key={mention.id}
          id={mention.id}
          target={mention}
          serverText={`@${mention.username}`}
          className={styles.mention}
        />
      ))}
      {more > 0 && (
        <button type="button" className={styles.textButton} onClick={() => setExpanded(true)}>
          {t('status.mentions_more', more)}
        </button>
      )}
      {expanded && mentions.length > splitMentions(mentions, false).shown.length && (
        <button type="button" className={styles.textButton} onClick={() => setExpanded(false)}>
          {t('status.mentions_less')}
        </button>
      )}
    </p>
  );
}

/**
 * The body of a post: subject (content warning) with its collapse, the tall-post collapse, the
 * content, mentions line, attachments, link card and poll.
 */
export function StatusBody({
  status,
  focused,
  context = 'timeline',
}: {
  status: StoredStatus;
  focused: boolean;
  /** Conversations follow hideAttachmentsInConv, everything else hideAttachments. */
  context?: 'timeline' | 'conversation';
}) {
  const collapseWithSubject = usePreferences((state) => state.collapseMessageWithSubject);
  const greentext = usePreferences((state) => state.greentext);
  const [showingContent, setShowingContent] = useState(false);
  const [showingTall, setShowingTall] = useState(false);
  const [showingLongSubject, setShowingLongSubject] = useState(false);
  const bodyId = useId();

  const subject = status.spoilerText;
  const plain = plainTextOf(status);
  const tall = !focused && isTallPost(status.content, plain);
  // A post both tall and with a subject gets one toggle: the subject's when collapsing by subject.
  const mightHideBySubject = Boolean(subject) && collapseWithSubject;
  const hiddenBySubject = mightHideBySubject && !showingContent;
  const hiddenByTall = tall && !mightHideBySubject && !showingTall;
  const longSubject = Boolean(subject) && isLongSubject(subject);
  const shownSubject = longSubject && !showingLongSubject ? shortenSubject(subject) : subject;

  return (
    <div className={styles.body}>
      {subject && (
        <div className={styles.subject}>
          <RichContent inline text={shownSubject} emojis={status.emojis} />
          {longSubject && (
            <button
              type="button"
              className={styles.textButton}
              aria-expanded={showingLongSubject}
              onClick={() => setShowingLongSubject((value) => !value)}
            >
              {showingLongSubject ? t('status.hide_full_subject') : t('status.show_full_subject')}
            </button>
          )}
          {mightHideBySubject && (
            <button
              type="button"
              className={styles.toggle}
              data-action="expand"
              aria-expanded={showingContent}
              aria-controls={bodyId}
              onClick={() => setShowingContent((value) => !value)}
            >
              {showingContent ? t('status.hide_content') : t('status.show_content')}
            </button>
          )}
        </div>
      )}
      {!hiddenBySubject && (
        <div id={bodyId}>
          <div className={hiddenByTall ? styles.tallCollapsed : undefined}>
            <RichContent
              className={styles.content}
              html={status.content}
              emojis={status.emojis}
              mentions={status.mentions}
              tags={status.tags}
              greentext={greentext}
            />
          </div>
          {tall && !mightHideBySubject && (
            <button
              type="button"
              className={styles.toggle}
              data-action="expand"
              aria-expanded={showingTall}
              onClick={() => setShowingTall((value) => !value)}
            >
              {showingTall ? t('status.show_less') : t('status.show_more')}
            </button>
          )}
          <MentionsLine mentions={status.mentions} />
          {status.mediaAttachments.length > 0 && (
            <AttachmentGallery
              statusId={status.id}
              attachments={status.mediaAttachments}
              sensitive={status.sensitive}
              context={context}
            />
          )}
          {status.card && <LinkCard card={status.card} sensitive={status.sensitive} />}
          {status.poll && <PollView statusId={status.id} />}
        </div>
      )}
    </div>
  );
}
