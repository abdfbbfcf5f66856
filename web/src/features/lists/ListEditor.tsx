import '../../i18n/parts/lists.ts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  addListMembers,
  createList,
  deleteList,
  getList,
  listMembers,
  removeListMembers,
  renameList,
} from '../../api/listManagement.ts';
import type { Account } from '../../api/types.ts';
import { api } from '../../app/apiClient.ts';
import { t } from '../../i18n/index.ts';
import { errorMessage } from '../../lib/errorMessage.ts';
import {
  addMember,
  draftRows,
  emptyDraft,
  hasMemberChanges,
  memberChanges,
  memberState,
  removeMember,
  undoMember,
  willBeMember,
  withSaved,
  type MemberDraft,
} from '../../lib/listMembers.ts';
import { Link } from '../../router/Link.tsx';
import { navigate } from '../../router/history.ts';
import { pathFor } from '../../router/matchRoute.ts';
import { refreshLists } from '../../state/lists.ts';
import { useModals } from '../../state/modals.ts';
import { useNotices } from '../../state/notices.ts';
import { useScreenTitle } from '../../state/screenTitle.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/FormControls.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { MemberRow, labelName } from './MemberRow.tsx';
import { MemberSearch } from './MemberSearch.tsx';
import styles from './Lists.module.css';

type Load = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready' };
type Busy = 'title' | 'members' | 'create' | 'delete' | null;

const byId = (accounts: Account[]) => Object.fromEntries(accounts.map((a) => [a.id, a]));

/**
 * /lists/new and /lists/:id/edit (spec part 1, §2 lists): the title, the members with each change
 * undoable until saved, a person search to add more, and for an existing list deletion.
 * `listId` null is a new list: the title and the picked members are sent by the create button.
 */
export function ListEditor({ listId }: { listId: string | null }) {
  const [load, setLoad] = useState<Load>(listId ? { kind: 'loading' } : { kind: 'ready' });
  const [title, setTitle] = useState('');
  const [savedTitle, setSavedTitle] = useState('');
  const [draft, setDraft] = useState<MemberDraft>(emptyDraft());
  const [accounts, setAccounts] = useState<Record<string, Account>>({});
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const confirm = useModals((state) => state.confirm);
  const titleId = useId();
  // The route's title is "Lists" (its string is in the start-up bundle); the editor names itself.
  const screenTitle = listId ? t('lists.edit') : t('lists.new');
  useScreenTitle(screenTitle);

  /** How many times loading was asked for: the retry button asks again. */
  const [loadRound, setLoadRound] = useState(0);

  const showMembers = (members: Account[]) => {
    setAccounts((known) => ({ ...known, ...byId(members) }));
    setDraft((current) =>
      withSaved(
        current,
        members.map((m) => m.id),
      ),
    );
  };

  useEffect(() => {
    if (!listId) return;
    let current = true;
    Promise.all([getList(api, listId), listMembers(api, listId)]).then(
      ([list, members]) => {
        if (!current) return;
        setTitle(list.title);
        setSavedTitle(list.title);
        setAccounts(byId(members));
        setDraft(emptyDraft(members.map((m) => m.id)));
        setLoad({ kind: 'ready' });
      },
      (error: unknown) => current && setLoad({ kind: 'failed', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [listId, loadRound]);

  /** Runs one save step, showing its failure in the editor's error line. */
  const attempt = async (what: Exclude<Busy, null>, step: () => Promise<void>) => {
    setBusy(what);
    setFailure(null);
    setDone(null);
    try {
      await step();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const updateTitle = () =>
    attempt('title', async () => {
      if (!listId) return;
      const list = await renameList(api, listId, title.trim());
      setTitle(list.title);
      setSavedTitle(list.title);
      setDone(t('lists.title_updated'));
      void refreshLists(api);
    });

  const saveMembers = () =>
    attempt('members', async () => {
      if (!listId) return;
      const { add, remove } = memberChanges(draft);
      try {
        if (add.length > 0) await addListMembers(api, listId, add);
        if (remove.length > 0) await removeListMembers(api, listId, remove);
        setDone(t('lists.members_saved'));
      } finally {
        // What the server holds now, whether or not every call went through.
        await listMembers(api, listId).then(showMembers, (e: unknown) =>
          console.warn('list members', e),
        );
      }
    });

  // A failed creation raises the global error notice (spec part 1, §8).
  const create = async () => {
    setBusy('create');
    try {
      const list = await createList(api, title.trim());
      const { add } = memberChanges(draft);
      if (add.length > 0) {
        await addListMembers(api, list.id, add).catch((error: unknown) => raiseError(error));
      }
      void refreshLists(api);
      navigate(pathFor('lists-edit', { id: list.id }), { replace: true });
    } catch (error) {
      raiseError(error);
      setBusy(null);
    }
  };

  const deleteThisList = async () => {
    if (!listId) return;
    const sure = await confirm({
      titleKey: 'lists.delete_confirm_title',
      messageKey: 'lists.delete_confirm',
      messageArgs: [savedTitle],
      acceptKey: 'lists.yes',
      cancelKey: 'lists.no',
    });
    if (!sure) return;
    await attempt('delete', async () => {
      await deleteList(api, listId);
      await refreshLists(api);
      navigate(pathFor('lists', {}));
    });
  };

  const onSubmitTitle = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || busy) return;
    if (listId) {
      if (title.trim() !== savedTitle) void updateTitle();
    } else void create();
  };

  const pick = (account: Account) => {
    setAccounts((known) => ({ ...known, [account.id]: account }));
    setDraft((current) => addMember(current, account.id));
  };

  const heading = (
    <header className={styles.header}>
      <h1 id={titleId} className={styles.title}>
        {screenTitle}
      </h1>
      {listId && <Link to={pathFor('lists-timeline', { id: listId })}>{t('lists.timeline')}</Link>}
      <Link to={pathFor('lists', {})}>{t('lists.back')}</Link>
    </header>
  );

  if (load.kind !== 'ready') {
    return (
      <section className={styles.panel} aria-labelledby={titleId}>
        {heading}
        {load.kind === 'loading' ? (
          <div className={styles.waiting}>
            <Spinner />
          </div>
        ) : (
          <div className={styles.actions}>
            <p role="alert" className={styles.error}>
              {t('lists.load_list_error', load.message)}
            </p>
            <Button
              onClick={() => {
                setLoad({ kind: 'loading' });
                setLoadRound((round) => round + 1);
              }}
            >
              {t('lists.retry')}
            </Button>
          </div>
        )}
      </section>
    );
  }

  const rows = draftRows(draft).filter((id) => accounts[id]);
  const changes = memberChanges(draft);

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      {heading}
      <form className={styles.section} onSubmit={onSubmitTitle}>
        <label htmlFor={`${titleId}-field`}>{t('lists.list_title')}</label>
        <div className={styles.titleRow}>
          <TextField
            id={`${titleId}-field`}
            value={title}
            disabled={busy === 'create'}
            onChange={(event) => setTitle(event.target.value)}
          />
          {listId && (
            <Button
              type="submit"
              disabled={busy !== null || !title.trim() || title.trim() === savedTitle}
            >
              {t('lists.update_title')}
            </Button>
          )}
        </div>
      </form>

      <section className={styles.section} aria-labelledby={`${titleId}-members`}>
        <h2 id={`${titleId}-members`} className={styles.sectionTitle}>
          {t('lists.members')}
        </h2>
        {rows.length === 0 ? (
          <p className={styles.note}>{t('lists.no_members')}</p>
        ) : (
          <ul className={styles.rows} aria-labelledby={`${titleId}-members`}>
            {rows.map((id) => {
              const account = accounts[id]!;
              const name = labelName(account);
              const state = memberState(draft, id);
              return (
                <MemberRow
                  key={id}
                  account={account}
                  struck={state === 'removed'}
                  note={
                    state === 'removed'
                      ? t('lists.member_removed')
                      : state === 'added'
                        ? t('lists.member_added')
                        : undefined
                  }
                >
                  {state === 'member' ? (
                    <Button
                      compact
                      aria-label={t('lists.remove_member', name)}
                      onClick={() => setDraft((current) => removeMember(current, id))}
                    >
                      {t('lists.remove')}
                    </Button>
                  ) : (
                    <Button
                      compact
                      aria-label={t(
                        state === 'removed' ? 'lists.undo_remove' : 'lists.undo_add',
                        name,
                      )}
                      onClick={() => setDraft((current) => undoMember(current, id))}
                    >
                      {t('lists.undo')}
                    </Button>
                  )}
                </MemberRow>
              );
            })}
          </ul>
        )}
      </section>

      <MemberSearch isMember={(id) => willBeMember(draft, id)} onAdd={pick} />

      <div className={styles.actions}>
        {listId ? (
          <>
            <Button
              variant="primary"
              disabled={busy !== null || !hasMemberChanges(draft)}
              onClick={saveMembers}
            >
              {t('lists.save_members')}
            </Button>
            {hasMemberChanges(draft) && (
              <span className={styles.note}>
                {t('lists.pending', changes.add.length, changes.remove.length)}
              </span>
            )}
            <Button variant="danger" disabled={busy !== null} onClick={deleteThisList}>
              {t('lists.delete')}
            </Button>
          </>
        ) : (
          <Button
            variant="primary"
            disabled={busy !== null || !title.trim()}
            onClick={() => void create()}
          >
            {t('lists.create')}
          </Button>
        )}
      </div>
      <div aria-live="polite">{done && <p className={styles.status}>{done}</p>}</div>
      {failure && (
        <p role="alert" className={styles.error}>
          {t('lists.save_error', failure)}
        </p>
      )}
    </section>
  );
}

function raiseError(error: unknown): void {
  useNotices.getState().push({
    level: 'error',
    messageKey: 'modals.error_with_detail',
    messageArgs: [errorMessage(error)],
  });
}
