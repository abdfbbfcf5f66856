import '../../i18n/parts/outbox.ts';
import { t } from '../../i18n/index.ts';
import { useEntities } from '../../state/entities.ts';
import { useOutbox, type PendingPost } from '../../state/outbox.ts';
import { useSession } from '../../state/session.ts';
import { AccountAvatar } from '../../ui/AccountAvatar.tsx';
import styles from './PendingPosts.module.css';

/**
 * Posts and replies waiting in the outbox (issue 26), where they will appear once sent: at the
 * top of the home timeline, or below the conversation they answer, each marked pending.
 */
export function PendingPosts({ conversationOf }: { conversationOf?: string }) {
  const user = useSession((state) => state.user);
  const posts = useOutbox((state) => state.posts);
  const conversation = useEntities((state) =>
    conversationOf ? (state.statuses[conversationOf]?.conversationId ?? null) : null,
  );
  const statuses = useEntities((state) => state.statuses);
  const inThread = (post: PendingPost) =>
    post.inReplyToId !== null &&
    (post.inReplyToId === conversationOf ||
      (conversation !== null && statuses[post.inReplyToId]?.conversationId === conversation));
  const shown = conversationOf === undefined ? posts : posts.filter(inThread);
  if (!user || shown.length === 0) return null;
  return (
    <section className={styles.pending} aria-label={t('outbox.pending_posts')}>
      <ul className={styles.list}>
        {shown.map((post) => (
          <li key={post.id} className={styles.post} data-pending-post={post.id}>
            <AccountAvatar account={user} size={40} className={styles.avatar} />
            <div className={styles.body}>
              <p className={styles.author}>
                <span className={styles.name}>{user.displayName || user.username}</span>{' '}
                <span className={styles.acct}>@{user.acct}</span>
              </p>
              {post.spoilerText && <p className={styles.subject}>{post.spoilerText}</p>}
              <p className={styles.text}>{post.text}</p>
              <p className={styles.mark}>{t('outbox.pending')}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
