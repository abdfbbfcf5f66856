import '../../i18n/parts/status.ts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { api } from '../../app/apiClient.ts';
import { Link } from '../../router/Link.tsx';
import { statusPeople, type StatusPeopleKind } from '../../api/statusPeople.ts';
import type { Account } from '../../api/types.ts';
import { t, tCount } from '../../i18n/index.ts';
import { useEntities, type StoredStatus } from '../../state/entities.ts';
import styles from './StatusPeople.module.css';
import { AccountAvatar } from '../../ui/AccountAvatar.tsx';

const PeopleDialog = lazy(() => import('./PeopleDialog.tsx'));

/** Spec part 2, §9: the avatar list shows at most this many people. */
export const AVATAR_LIST_MAX = 15;

type People = Record<StatusPeopleKind, Account[]>;

/**
 * On a conversation's focused post: who favourited and who repeated it, as one row of avatars
 * (at most 15), and the counts as buttons opening the full lists. Not shown while post counts are
 * hidden (its card leaves it out).
 */
export default function StatusPeople({ status }: { status: StoredStatus }) {
  const [people, setPeople] = useState<People>({ favourites: [], reblogs: [] });
  const [open, setOpen] = useState<StatusPeopleKind | null>(null);
  const favourites = status.favouritesCount;
  const reblogs = status.reblogsCount;

  useEffect(() => {
    let current = true;
    const load = (kind: StatusPeopleKind, count: number) => {
      if (count === 0) {
        setPeople((state) => ({ ...state, [kind]: [] }));
        return;
      }
      statusPeople(api, status.id, kind).then(
        (accounts) => {
          useEntities.getState().ingestAccounts(accounts);
          if (current) setPeople((state) => ({ ...state, [kind]: accounts }));
        },
        (error: unknown) => console.warn(`${kind} could not be loaded`, error),
      );
    };
    load('favourites', favourites);
    load('reblogs', reblogs);
    return () => {
      current = false;
    };
  }, [status.id, favourites, reblogs]);

  if (favourites === 0 && reblogs === 0) return null;
  const seen = new Set<string>();
  const avatars = [...people.reblogs, ...people.favourites]
    .filter((account) => !seen.has(account.id) && seen.add(account.id))
    .slice(0, AVATAR_LIST_MAX);

  return (
    <div className={styles.people}>
      <div className={styles.counts}>
        {reblogs > 0 && (
          <button type="button" className={styles.count} onClick={() => setOpen('reblogs')}>
            {tCount('status.repeats_count', reblogs)}
          </button>
        )}
        {favourites > 0 && (
          <button type="button" className={styles.count} onClick={() => setOpen('favourites')}>
            {tCount('status.favorites_count', favourites)}
          </button>
        )}
      </div>
      {avatars.length > 0 && (
        <ul className={styles.avatars} aria-label={t('status.people_list')}>
          {avatars.map((account) => (
            <li key={account.id}>
              <Link
                to={`/users/${encodeURIComponent(account.id)}`}
                className={styles.avatarLink}
                aria-label={account.displayName || account.acct}
                title={`@${account.acct}`}
              >
                <AccountAvatar
                  account={account}
                  size={28}
                  className={styles.avatar}
                  loading="lazy"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <Suspense fallback={null}>
          <PeopleDialog statusId={status.id} kind={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}
