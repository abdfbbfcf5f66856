import type { Account } from '../../api/types.ts';
import { unicodeHandle } from '../../lib/handles.ts';
import { Link } from '../../router/Link.tsx';
import { pathFor } from '../../router/matchRoute.ts';
import { RichContent } from '../../ui/RichContent.tsx';
import styles from './Chats.module.css';

/** A person's name and handle, linking to the chat with them (opened or created there). */
export function ChatLink({ account, username }: { account: Account; username: string }) {
  return (
    <Link className={styles.chatLink} to={pathFor('chat', { username, recipient_id: account.id })}>
      <RichContent inline text={account.displayName || account.username} emojis={account.emojis} />
      <span className={styles.handle}> @{unicodeHandle(account.acct)}</span>
    </Link>
  );
}
