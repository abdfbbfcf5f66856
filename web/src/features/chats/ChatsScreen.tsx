import '../../i18n/parts/chats.ts';
import { useEffect, useState } from 'react';
import type { Chat } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { t, tCount } from '../../i18n/index.ts';
import { errorMessage } from '../../lib/errorMessage.ts';
import { htmlToPlainText } from '../../lib/statusText.ts';
import { loadChatList, sortedChats, useChats } from '../../state/chats.ts';
import { useSession } from '../../state/session.ts';
import { AccountAvatar } from '../../ui/AccountAvatar.tsx';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TimeAgo } from '../../ui/TimeAgo.tsx';
import { NewChatSearch } from './NewChatSearch.tsx';
import { ChatLink } from './ChatLink.tsx';
import styles from './Chats.module.css';

/** The last message in one line: ours prefixed "You:", an attachment alone named as such. */
function preview(chat: Chat, ownId: string | undefined): string {
  const message = chat.lastMessage;
  if (!message) return t('chats.no_messages');
  const text = htmlToPlainText(message.content).trim() || t('chats.attachment_only');
  return message.accountId === ownId ? t('chats.you', text) : text;
}

function ChatRow({ chat, username, ownId }: { chat: Chat; username: string; ownId?: string }) {
  const { account } = chat;
  return (
    <li className={styles.chatRow}>
      <AccountAvatar account={account} size={48} className={styles.avatar} />
      <span className={styles.chatSummary}>
        <span className={styles.chatHeading}>
          <ChatLink account={account} username={username} />
          {chat.lastMessage && <TimeAgo className={styles.time} time={chat.updatedAt} />}
        </span>
        <span className={styles.preview}>{preview(chat, ownId)}</span>
      </span>
      {chat.unread > 0 && (
        <span className={styles.badge} aria-label={tCount('chats.unread', chat.unread)}>
          {chat.unread}
        </span>
      )}
    </li>
  );
}

/** /users/:username/chats: every chat, newest first, and the way to start one (spec part 1, §2). */
export function ChatsScreen() {
  const user = useSession((state) => state.user);
  const chats = useChats((state) => state.chats);
  const listLoaded = useChats((state) => state.listLoaded);
  const listError = useChats((state) => state.listError);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    loadChatList(api).catch((e: unknown) => setError(errorMessage(e)));
  }, []);

  const username = user?.username ?? '';
  const list = sortedChats(chats);
  const shownError = error ?? listError;

  if (searching) return <NewChatSearch username={username} onCancel={() => setSearching(false)} />;

  return (
    <section className={styles.panel} aria-labelledby="chats-title">
      <header className={styles.header}>
        <h1 id="chats-title" className={styles.title}>
          {t('chats.title')}
        </h1>
        <Button variant="primary" onClick={() => setSearching(true)}>
          {t('chats.new')}
        </Button>
      </header>
      {shownError && !listLoaded && (
        <p role="alert" className={styles.error}>
          {t('chats.list_error', shownError)}
        </p>
      )}
      {!listLoaded && !shownError && (
        <div className={styles.waiting}>
          <Spinner />
        </div>
      )}
      {listLoaded && list.length === 0 && <p className={styles.empty}>{t('chats.empty')}</p>}
      {list.length > 0 && (
        <ul className={styles.chatList}>
          {list.map((chat) => (
            <ChatRow key={chat.id} chat={chat} username={username} ownId={user?.id} />
          ))}
        </ul>
      )}
    </section>
  );
}
