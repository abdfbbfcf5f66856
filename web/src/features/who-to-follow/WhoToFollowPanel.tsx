import '../../i18n/parts/people.ts';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { Account } from '../../api/types.ts';
import { suggestions } from '../../api/suggestions.ts';
import { api } from '../../app/apiClient.ts';
import { Link } from '../../router/Link.tsx';
import { pathFor } from '../../router/matchRoute.ts';
import { t } from '../../i18n/index.ts';
import { useInstance } from '../../state/instance.ts';
import { useSession } from '../../state/session.ts';
import { RichContent } from '../../ui/RichContent.tsx';
import styles from './WhoToFollowPanel.module.css';
import { AccountAvatar } from '../../ui/AccountAvatar.tsx';
import { unicodeHandle } from '../../lib/handles.ts';

// The follow button (and the relationship calls behind it) loads after the panel's first paint.
const FollowButton = lazy(() =>
  import('../user-card/FollowButton.tsx').then((module) => ({ default: module.FollowButton })),
);

/** The sidebar shows this many suggestions (and as many placeholders while they load). */
export const WHO_TO_FOLLOW_PANEL_SIZE = 3;

type PanelState = { kind: 'loading' } | { kind: 'ready'; accounts: Account[] } | { kind: 'hidden' };

function SuggestionsList({ userId }: { userId: string }) {
  const id = useId();
  const [state, setState] = useState<PanelState>({ kind: 'loading' });

  useEffect(() => {
    let current = true;
    suggestions(api).then(
      (accounts) =>
        current &&
        setState({
          kind: 'ready',
          accounts: accounts
            .filter((account) => account.id !== userId)
            .slice(0, WHO_TO_FOLLOW_PANEL_SIZE),
        }),
      (error: unknown) => {
        // Servers without suggestions answer 404: the panel just goes away.
        console.warn('Could not load suggestions', error);
        if (current) setState({ kind: 'hidden' });
      },
    );
    return () => {
      current = false;
    };
  }, [userId]);

  if (state.kind === 'hidden' || (state.kind === 'ready' && state.accounts.length === 0)) {
    return null;
  }
  return (
    <section className={styles.panel} aria-labelledby={id} aria-busy={state.kind === 'loading'}>
      <h2 id={id} className={styles.title}>
        {t('who_to_follow.title')}
      </h2>
      <ul className={styles.list}>
        {state.kind === 'loading'
          ? Array.from({ length: WHO_TO_FOLLOW_PANEL_SIZE }, (_, index) => (
              <li key={index} className={styles.item}>
                <span className={styles.avatarPlaceholder} aria-hidden="true" />
                <span className={styles.loading}>{t('who_to_follow.loading')}</span>
              </li>
            ))
          : state.accounts.map((account) => (
              <li key={account.id} className={styles.item}>
                <AccountAvatar account={account} size={32} className={styles.avatar} />
                <span className={styles.names}>
                  <Link to={pathFor('external-user-profile', { id: account.id })}>
                    <RichContent
                      inline
                      text={account.displayName || account.username}
                      emojis={account.emojis}
                    />
                  </Link>
                  <span className={styles.acct}>@{unicodeHandle(account.acct)}</span>
                </span>
                <Suspense fallback={null}>
                  <FollowButton account={account} compact />
                </Suspense>
              </li>
            ))}
      </ul>
      <p className={styles.more}>
        <Link to={pathFor('who-to-follow')}>{t('who_to_follow.more')}</Link>
      </p>
    </section>
  );
}

/** Who to follow: signed-in users on instances with suggestions enabled. */
export function WhoToFollowPanel() {
  const enabled = useInstance((state) => state.config.suggestionsEnabled);
  const userId = useSession((state) => (state.status === 'signedIn' ? state.user?.id : undefined));
  if (!enabled || !userId) return null;
  return <SuggestionsList userId={userId} />;
}
