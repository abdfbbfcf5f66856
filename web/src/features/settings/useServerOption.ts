import { useEffect, useRef, useState } from 'react';
import { updateCredentials, type UpdateCredentialsParams } from '../../api/accounts.ts';
import type { Account } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import {
  optionChangeFailed,
  optionChangeStarted,
  optionChangeSucceeded,
  optionMessageExpired,
  optionRefreshed,
  SAVED_MESSAGE_MS,
  serverOption,
  type ServerOptionState,
} from '../../lib/serverOption.ts';
import { useSession } from '../../state/session.ts';

/** Saves through update_credentials, whose answer is the updated account. */
export const throughCredentials =
  <T>(write: (value: T) => UpdateCredentialsParams) =>
  (value: T): Promise<Account> =>
    updateCredentials(api, write(value));

/**
 * One server-side account option of the signed-in user: `read` takes it from the account, `save`
 * stores a value and answers the updated account. Changes are optimistic in the spec's sense
 * (cleared while running, confirmed or restored after, "Settings saved" for 2 s).
 */
export function useServerOption<T>(
  read: (account: Account) => T,
  save: (value: T) => Promise<Account>,
): [ServerOptionState<T>, (value: T) => void] {
  const account = useSession((state) => state.user);
  const initial = account ? read(account) : (null as T);
  const [state, setState] = useState(() => serverOption(initial));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The account changed elsewhere (another tab's save, a refresh): adjust during render.
  const [seen, setSeen] = useState(initial);
  if (!Object.is(seen, initial)) {
    setSeen(initial);
    setState((current) => optionRefreshed(current, initial));
  }
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const change = (value: T) => {
    setState(optionChangeStarted);
    if (timer.current) clearTimeout(timer.current);
    save(value).then(
      (updated) => {
        useSession.getState().setUser(updated);
        setState((current) => optionChangeSucceeded(current, read(updated), value));
        timer.current = setTimeout(() => setState(optionMessageExpired), SAVED_MESSAGE_MS);
      },
      (error: unknown) => {
        console.warn('saving a server-side option failed', error);
        setState(optionChangeFailed);
      },
    );
  };
  return [state, change];
}
