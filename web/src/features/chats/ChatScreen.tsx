import '../../i18n/parts/chats.ts';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { dateFormat } from '../../ui/localeFormats.ts';
import type { ChatMessage } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import {
  CHAT_CULL_DELAY_MS,
  CHAT_MARK_READ_DELAY_MS,
  CHATS_POLL_MS,
  compareIds,
  isAtBottom,
  unansweredOwn,
  withDateSeparators,
} from '../../lib/chatMessages.ts';
import { errorMessage } from '../../lib/errorMessage.ts';
import { htmlToPlainText } from '../../lib/statusText.ts';
import { unicodeHandle } from '../../lib/handles.ts';
import { Link } from '../../router/Link.tsx';
import { pathFor, type ScreenProps } from '../../router/matchRoute.ts';
import { announce } from '../../state/announcer.ts';
import {
  cullThread,
  deleteMessage,
  discardMessage,
  loadNewerMessages,
  loadNewestMessages,
  loadOlderMessages,
  markRead,
  openChatWith,
  retryMessage,
  sendMessage,
  useChats,
  type OutgoingMessage,
} from '../../state/chats.ts';
import { useModals } from '../../state/modals.ts';
import { useNotices } from '../../state/notices.ts';
import { useSession } from '../../state/session.ts';
import { useStreamingStatus } from '../../streaming/index.ts';
import { AccountAvatar } from '../../ui/AccountAvatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { RichContent } from '../../ui/RichContent.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { ChatForm, type ChatFormMessage } from './ChatForm.tsx';
import { ChatMessageItem, type ShownMessage } from './ChatMessageItem.tsx';
import styles from './Chats.module.css';

/** Scrolled this near the top, older messages are fetched. */
const LOAD_OLDER_SLACK_PX = 80;
const NO_OUTBOX: OutgoingMessage[] = [];
const NO_MESSAGES: ChatMessage[] = [];

function dayLabel(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return year && month && date
    ? dateFormat({ dateStyle: 'long' }).format(new Date(year, month - 1, date))
    : day;
}

function fromServer(message: ChatMessage, ownId: string | undefined): ShownMessage {
  return { ...message, own: message.accountId === ownId };
}

function fromOutbox(entry: OutgoingMessage): ShownMessage {
  return {
    id: entry.fakeId,
    content: entry.content,
    emojis: [],
    attachment: entry.attachment,
    card: null,
    createdAt: entry.createdAt,
    own: true,
    outgoing: { state: entry.state, error: entry.error, offline: entry.offline },
  };
}

const warn = (what: string) => (error: unknown) => console.warn(what, error);

/** /users/:username/chats/:recipient_id: the chat with one person (spec part 1, §2 chat view). */
export function ChatScreen({ match }: ScreenProps) {
  const recipientId = match.params.recipient_id ?? '';
  const user = useSession((state) => state.user);
  const [opened, setOpened] = useState<{ recipientId: string; chatId?: string; error?: string }>({
    recipientId: '',
  });
  const current = opened.recipientId === recipientId ? opened : null;
  const chatId = current?.chatId ?? null;
  const loadError = current?.error ?? null;
  const chat = useChats((state) => (chatId ? state.chats[chatId] : undefined));
  const thread = useChats((state) => (chatId ? state.threads[chatId] : undefined));
  const allOutbox = useChats((state) => state.outbox);
  const streaming = useStreamingStatus();

  useEffect(() => {
    let active = true;
    openChatWith(api, recipientId)
      .then(async (chat) => {
        if (!active) return;
        setOpened({ recipientId, chatId: chat.id });
        await loadNewestMessages(api, chat.id);
      })
      .catch((error: unknown) => {
        if (active) setOpened({ recipientId, error: errorMessage(error) });
      });
    return () => {
      active = false;
    };
  }, [recipientId]);

  // Spec part 1, §9: while the socket is down, new messages are fetched every 5 s.
  useEffect(() => {
    if (!chatId || streaming === 'joined') return;
    const timer = setInterval(
      () => void loadNewerMessages(api, chatId).catch(warn('chat poll')),
      CHATS_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [chatId, streaming]);

  const serverMessages = thread?.messages ?? NO_MESSAGES;
  const outbox = useMemo(
    () => (chatId ? allOutbox.filter((entry) => entry.chatId === chatId) : NO_OUTBOX),
    [allOutbox, chatId],
  );
  const shown = useMemo(
    () => [
      ...serverMessages.map((message) => fromServer(message, user?.id)),
      ...unansweredOwn(outbox, serverMessages).map(fromOutbox),
    ],
    [serverMessages, outbox, user?.id],
  );
  const rows = useMemo(() => withDateSeparators(shown), [shown]);

  const scroller = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const stickToBottom = useRef(true);
  const [newArrivals, setNewArrivals] = useState(0);
  const [olderState, setOlderState] = useState<'idle' | 'loading' | string>('idle');
  const previousFirst = useRef<{ id: string; height: number; top: number } | null>(null);
  const lastSeen = useRef<string | null>(null);

  const scrollToBottom = useCallback(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
    stickToBottom.current = true;
    setAtBottom(true);
    setNewArrivals(0);
  }, []);

  // Keeps the reading place: at the bottom when it was there; still when older messages arrive
  // above; and counts (and announces) the other person's messages that arrive meanwhile.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const first = shown[0]?.id;
    const before = previousFirst.current;
    if (before && first !== before.id && !stickToBottom.current) {
      element.scrollTop = before.top + (element.scrollHeight - before.height);
    }
    if (stickToBottom.current) element.scrollTop = element.scrollHeight;
    previousFirst.current = first
      ? { id: first, height: element.scrollHeight, top: element.scrollTop }
      : null;

    const newest = serverMessages.at(-1);
    if (newest && lastSeen.current !== null && newest.id !== lastSeen.current) {
      const seen = lastSeen.current ?? '';
      const arrived = serverMessages.filter(
        (message) => compareIds(message.id, seen) > 0 && message.accountId !== user?.id,
      );
      if (arrived.length > 0 && chat) {
        const name = chat.account.displayName || chat.account.username;
        const last = arrived.at(-1)!;
        announce(t('chats.new_message_from', name, htmlToPlainText(last.content)));
        if (!stickToBottom.current) setNewArrivals((count) => count + arrived.length);
      }
    }
    if (newest && (lastSeen.current === null || compareIds(newest.id, lastSeen.current) > 0)) {
      lastSeen.current = newest.id;
    }
  }, [shown, serverMessages, chat, user?.id]);

  const loadOlder = useCallback(() => {
    if (!chatId || olderState === 'loading') return;
    setOlderState('loading');
    loadOlderMessages(api, chatId)
      .then(() => setOlderState('idle'))
      .catch((error: unknown) => setOlderState(errorMessage(error)));
  }, [chatId, olderState]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const bottom = isAtBottom(element.scrollTop, element.clientHeight, element.scrollHeight);
    stickToBottom.current = bottom;
    setAtBottom(bottom);
    if (bottom) setNewArrivals(0);
    previousFirst.current = previousFirst.current && {
      ...previousFirst.current,
      height: element.scrollHeight,
      top: element.scrollTop,
    };
    if (element.scrollTop < LOAD_OLDER_SLACK_PX && thread?.hasOlder && olderState === 'idle') {
      loadOlder();
    }
  };

  // Spec part 1, §9: read 1.5 s after reaching the bottom, culled to 50 messages after 5 s.
  const newestShown = serverMessages.at(-1)?.id;
  useEffect(() => {
    if (!chatId || !atBottom || !newestShown) return;
    const read = setTimeout(
      () => void markRead(api, chatId).catch(warn('marking the chat read')),
      CHAT_MARK_READ_DELAY_MS,
    );
    const cull = setTimeout(() => cullThread(chatId), CHAT_CULL_DELAY_MS);
    return () => {
      clearTimeout(read);
      clearTimeout(cull);
    };
  }, [chatId, atBottom, newestShown]);

  const confirm = useModals((state) => state.confirm);
  const onDelete = async (messageId: string) => {
    if (!chatId) return;
    const accepted = await confirm({
      titleKey: 'chats.delete_confirm_title',
      messageKey: 'chats.delete_confirm',
      acceptKey: 'chats.delete_accept',
      cancelKey: 'chats.cancel',
    });
    if (!accepted) return;
    deleteMessage(api, chatId, messageId).catch((error: unknown) =>
      useNotices.getState().push({
        level: 'error',
        messageKey: 'chats.delete_failed',
        messageArgs: [errorMessage(error)],
      }),
    );
  };

  const onSend = ({ content, attachment }: ChatFormMessage) => {
    if (!chatId || !user) return;
    sendMessage(api, {
      chatId,
      accountId: user.id,
      content,
      mediaId: attachment?.id,
      attachment,
    });
    stickToBottom.current = true;
    requestAnimationFrame(scrollToBottom);
  };

  const partner = chat?.account;
  const username = user?.username ?? '';
  const partnerName = partner ? partner.displayName || partner.username : '';

  return (
    <section className={`${styles.panel} ${styles.chat}`} aria-labelledby="chat-title">
      <header className={styles.header}>
        <Link className={styles.backLink} to={pathFor('chats', { username })}>
          <span aria-hidden="true" className={styles.backArrow}>
            ‹{' '}
          </span>
          {t('chats.back')}
        </Link>
        <h1 id="chat-title" className={styles.title}>
          {partner ? (
            <span className={styles.chatTitle}>
              <AccountAvatar account={partner} size={32} className={styles.smallAvatar} />
              <span>
                <RichContent inline text={partnerName} emojis={partner.emojis} />
                <span className={styles.handle}> @{unicodeHandle(partner.acct)}</span>
              </span>
            </span>
          ) : (
            t('nav.chat')
          )}
        </h1>
      </header>
      {loadError && (
        <p role="alert" className={styles.error}>
          {t('chats.error_loading', loadError)}
        </p>
      )}
      <div
        ref={scroller}
        className={styles.scroller}
        onScroll={onScroll}
        role="log"
        aria-label={partner ? t('chats.messages_label', partnerName) : t('nav.chat')}
        tabIndex={0}
      >
        {!loadError && !thread?.loaded && (
          <div className={styles.waiting}>
            <Spinner />
          </div>
        )}
        {thread?.hasOlder && (
          <div className={styles.older}>
            {olderState === 'loading' ? (
              t('chats.loading_older')
            ) : (
              <Button compact onClick={loadOlder}>
                {t('chats.load_older')}
              </Button>
            )}
            {olderState !== 'idle' && olderState !== 'loading' && (
              <span role="alert">{t('chats.older_error', olderState)}</span>
            )}
          </div>
        )}
        {partner && (
          <ol className={styles.messages}>
            {rows.map((row) =>
              row.kind === 'date' ? (
                <li key={`day-${row.day}`} className={styles.day}>
                  <span>{dayLabel(row.day)}</span>
                </li>
              ) : (
                <ChatMessageItem
                  key={row.message.id}
                  message={row.message}
                  partner={partner}
                  onDelete={(id) => void onDelete(id)}
                  onRetry={(id) => retryMessage(api, id)}
                  onDiscard={discardMessage}
                />
              ),
            )}
          </ol>
        )}
      </div>
      {newArrivals > 0 && !atBottom && (
        <Button className={styles.jump} variant="primary" onClick={scrollToBottom}>
          <span aria-hidden="true">↓ </span>
          {t('chats.jump_to_bottom')}
        </Button>
      )}
      <ChatForm key={chatId ?? 'loading'} chatId={loadError ? null : chatId} onSend={onSend} />
    </section>
  );
}
