import { useEffect, useState } from 'react';
import * as accounts from '../../api/accounts.ts';
import { ApiError, serverErrorText } from '../../api/client.ts';
import type { Account } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { profileErrorOf, type ProfileError } from '../../lib/people/profile.ts';
import { useEntities } from '../../state/entities.ts';
import { useSession } from '../../state/session.ts';
import { storeRelationship } from '../user-card/relationshipActions.ts';

export type ProfileLoad =
  | { kind: 'loading' }
  | { kind: 'error'; error: ProfileError }
  | { kind: 'ready'; accountId: string };

const notFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * By id (/users/:id): the account call, and when that misses, a lookup by name. By name
 * (/:name): the lookup, a 404 falling back to the name as an id (spec part 1, §7).
 */
async function fetchAccount(key: string, byName: boolean): Promise<Account> {
  const first = byName ? accounts.lookup : accounts.get;
  const second = byName ? accounts.get : accounts.lookup;
  try {
    return await first(api, key);
  } catch (error) {
    if (!notFound(error)) throw error;
    return second(api, key);
  }
}

/** Loads a profile's account (and the viewer's relationship to it) into the entity store. */
export function useProfileAccount(key: string, byName: boolean): ProfileLoad {
  const requestKey = `${byName ? 'name' : 'id'}:${key}`;
  const [load, setLoad] = useState<{ requestKey: string; load: ProfileLoad } | null>(null);
  const signedIn = useSession((state) => state.status === 'signedIn');

  useEffect(() => {
    let current = true;
    fetchAccount(key, byName).then(
      (account) => {
        if (!current) return;
        useEntities.getState().ingestAccounts([account]);
        if (account.relationship) storeRelationship(account.relationship);
        setLoad({ requestKey, load: { kind: 'ready', accountId: account.id } });
        if (signedIn) {
          accounts.relationships(api, [account.id]).then(
            ([relationship]) => current && relationship && storeRelationship(relationship),
            (error: unknown) => console.warn('relationship could not be loaded', error),
          );
        }
      },
      (error: unknown) => {
        if (!current) return;
        console.warn('profile could not be loaded', error);
        const status = error instanceof ApiError ? error.status : undefined;
        // The server's own words only: a gateway's HTML page or a network message is no text for
        // the profile, which then shows the spec's general message.
        const text = serverErrorText(error);
        setLoad({ requestKey, load: { kind: 'error', error: profileErrorOf(status, text) } });
      },
    );
    return () => {
      current = false;
    };
  }, [key, byName, signedIn, requestKey]);

  return load?.requestKey === requestKey ? load.load : { kind: 'loading' };
}
