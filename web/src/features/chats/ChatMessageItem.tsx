import type { Account, Attachment, Card, CustomEmoji } from '../../api/types.ts';
import '../../i18n/parts/outbox.ts';
import { t } from '../../i18n/index.ts';
import { dateFormat } from '../../ui/localeFormats.ts';
import { Button } from '../../ui/Button.tsx';
import { RichContent } from '../../ui/RichContent.tsx';
import { VisuallyHidden } from '../../ui/VisuallyHidden.tsx';
import { AttachmentGallery } from '../media/AttachmentGallery.tsx';
import { LinkCard } from '../status/LinkCard.tsx';
import styles from './Chats.module.css';

/** A message as the chat view shows it, the server's or ours on its way. */
export interface ShownMessage {
  /** The server's id, or the fake id of ours not yet taken. */
  id: string;
  content: string;
  emojis: CustomEmoji[];
  attachment: Attachment | null;
  card: Card | null;
  createdAt: string;
  own: boolean;
  /** Ours, not taken by the server yet. */
  outgoing?: { state: 'pending' | 'failed'; error?: string; offline?: boolean };
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** Spec part 1, §2: message times on a 24-hour clock. */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat(CLOCK).format(date);
}

interface ChatMessageItemProps {
  message: ShownMessage;
  /** The other person (named for their messages). */
  partner: Account;
  onDelete(id: string): void;
  onRetry(id: string): void;
  onDiscard(id: string): void;
}

export function ChatMessageItem({
  message,
  partner,
  onDelete,
  onRetry,
  onDiscard,
}: ChatMessageItemProps) {
  const { own, outgoing } = message;
  const sender = own ? t('chats.sent_by_you') : partner.displayName || partner.username;
  return (
    <li
      className={`${styles.message} ${own ? styles.own : styles.theirs} ${
        outgoing?.state === 'pending' ? styles.pending : ''
      }`}
      data-message-id={outgoing ? undefined : message.id}
    >
      <div className={styles.bubble}>
        <VisuallyHidden>{`${sender}: `}</VisuallyHidden>
        {message.content && (
          <RichContent className={styles.content} html={message.content} emojis={message.emojis} />
        )}
        {message.attachment && (
          <AttachmentGallery
            statusId={`chat-message-${message.id}`}
            attachments={[message.attachment]}
            sensitive={false}
            context="conversation"
          />
        )}
        {message.card && <LinkCard card={message.card} sensitive={false} />}
        <span className={styles.meta}>
          <time dateTime={message.createdAt}>{clockTime(message.createdAt)}</time>
          {outgoing?.state === 'pending' && (
            <span>{outgoing.offline ? t('outbox.pending') : t('chats.sending')}</span>
          )}
          {outgoing?.state === 'failed' && (
            <span role="status" className={styles.failed}>
              {t('chats.failed', outgoing.error ?? '')}
            </span>
          )}
        </span>
      </div>
      <div className={styles.messageActions}>
        {/* Waiting for the network too: the person may know it is back before the browser does. */}
        {(outgoing?.state === 'failed' || (outgoing?.state === 'pending' && outgoing.offline)) && (
          <>
            <Button compact onClick={() => onRetry(message.id)}>
              {t('chats.retry')}
            </Button>
            <Button compact onClick={() => onDiscard(message.id)}>
              {t('chats.discard')}
            </Button>
          </>
        )}
        {own && !outgoing && (
          <Button
            compact
            variant="ghost"
            className={styles.deleteButton}
            aria-label={t('chats.delete')}
            title={t('chats.delete')}
            onClick={() => onDelete(message.id)}
          >
            <span aria-hidden="true">🗑</span>
          </Button>
        )}
      </div>
    </li>
  );
}
