import '../../i18n/parts/emoji.ts';
import { useEffect, useState } from 'react';
import * as reactionsApi from '../../api/reactions.ts';
import type { Account, EmojiReaction } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { REACTION_POPOVER_USERS } from '../../lib/reactions.ts';
import { useEntities } from '../../state/entities.ts';
import { useInstance } from '../../state/instance.ts';
import { RichContent } from '../../ui/RichContent.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './ReactionsBar.module.css';
import { AccountAvatar } from '../../ui/AccountAvatar.tsx';

/**
 * A reaction's popover: up to 16 accounts that reacted with it, fetched when it opens. Servers with
 * only the alias path (Akkoma-style `emoji_reactions`) have no list to ask, so none is shown.
 */
export default function WhoReacted({
  id,
  statusId,
  reaction,
}: {
  id: string;
  statusId: string;
  reaction: EmojiReaction;
}) {
  const listed = useInstance((state) => state.config.reactionsApi) === 'pleroma';
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  useEffect(() => {
    if (!listed) return;
    let live = true;
    reactionsApi
      .list(api, statusId, reaction.name)
      .then((list) => {
        const found = list.find((item) => item.name === reaction.name)?.accounts ?? [];
        useEntities.getState().ingestAccounts(found);
        if (live) setAccounts(found.slice(0, REACTION_POPOVER_USERS));
      })
      .catch(() => live && setAccounts([]));
    return () => {
      live = false;
    };
  }, [listed, statusId, reaction.name, reaction.count]);

  return (
    <div id={id} role="tooltip" className={styles.popover} data-popup>
      <p className={styles.popoverTitle}>
        {t('reactions.who_reacted', reaction.url ? `:${reaction.name}:` : reaction.name)}
      </p>
      {!listed ? null : accounts === null ? (
        <Spinner />
      ) : (
        <ul className={styles.accounts}>
          {accounts.map((account) => (
            <li key={account.id} className={styles.account}>
              <AccountAvatar account={account} size={20} className={styles.avatar} />
              <RichContent
                inline
                text={account.displayName || account.username}
                emojis={account.emojis}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
