import '../../i18n/parts/people.ts';
import { useEffect, useState } from 'react';
import { addToList, listsWithAccount, removeFromList } from '../../api/accountLists.ts';
import { lists as fetchLists } from '../../api/lists.ts';
import type { List } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Checkbox } from '../../ui/FormControls.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './UserCard.module.css';
import { errorMessage } from '../../lib/errorMessage.ts';

type State =
  { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; lists: List[]; members: Set<string> };

/** Adds the account to, or removes it from, each of the signed-in user's lists. */
export function ListsDialog({
  accountId,
  name,
  onClose,
}: {
  accountId: string;
  name: string;
  onClose(): void;
}) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    Promise.all([fetchLists(api), listsWithAccount(api, accountId)]).then(
      ([all, containing]) =>
        current &&
        setState({ kind: 'ready', lists: all, members: new Set(containing.map((l) => l.id)) }),
      (error: unknown) => {
        console.warn('lists could not be loaded', error);
        if (current) setState({ kind: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [accountId]);

  // Optimistic: the box changes at once and turns back if the server refuses.
  const toggle = async (listId: string, member: boolean) => {
    if (state.kind !== 'ready') return;
    const withMember = (on: boolean) => (current: State) => {
      if (current.kind !== 'ready') return current;
      const members = new Set(current.members);
      if (on) members.add(listId);
      else members.delete(listId);
      return { ...current, members };
    };
    setBusy(listId);
    setFailure(null);
    setState(withMember(!member));
    try {
      if (member) await removeFromList(api, listId, accountId);
      else await addToList(api, listId, accountId);
    } catch (error) {
      console.warn('list membership change failed', error);
      setState(withMember(member));
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog title={t('user_card.lists_title', name)} onClose={onClose} size="small">
      {state.kind === 'loading' && <Spinner />}
      {state.kind === 'error' && <p role="alert">{t('user_card.lists_error')}</p>}
      {failure && (
        <p role="alert" className={styles.error}>
          {t('user_card.lists_change_error', failure)}
        </p>
      )}
      {state.kind === 'ready' && state.lists.length === 0 && <p>{t('user_card.lists_none')}</p>}
      {state.kind === 'ready' && state.lists.length > 0 && (
        <ul className={styles.listChoices}>
          {state.lists.map((list) => {
            const member = state.members.has(list.id);
            return (
              <li key={list.id}>
                <Checkbox
                  checked={member}
                  disabled={busy === list.id}
                  onChange={() => toggle(list.id, member)}
                  label={list.title}
                />
              </li>
            );
          })}
        </ul>
      )}
    </Dialog>
  );
}
