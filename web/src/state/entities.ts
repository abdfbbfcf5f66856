import { create } from 'zustand';
import type { Account, Relationship, Status } from '../api/types.ts';
import { useSession } from './session.ts';

/**
 * One copy of each entity (ARCHITECTURE rule 2). Statuses are stored flat: the author, the
 * repeated status and the quoted status are referenced by id, so a favourite on a post shows at
 * once in every view that holds it (timelines, threads, notifications, the repeat that wraps it).
 */
export interface StoredStatus extends Omit<Status, 'account' | 'reblog' | 'quote'> {
  accountId: string;
  reblogId: string | null;
  /** Removed by its author or a moderator while on screen. */
  deleted: boolean;
}

interface EntitiesState {
  statuses: Record<string, StoredStatus>;
  accounts: Record<string, Account>;
  relationships: Record<string, Relationship>;
  ingestStatuses(statuses: readonly Status[]): void;
  ingestAccounts(accounts: readonly Account[]): void;
  ingestRelationships(relationships: readonly Relationship[]): void;
  /** Changes one status; returns what it was, so an optimistic change can be rolled back. */
  patchStatus(id: string, patch: Partial<StoredStatus>): StoredStatus | undefined;
  markDeleted(id: string): void;
  clear(): void;
}

function flatten(
  status: Status,
  statuses: Record<string, StoredStatus>,
  accounts: Record<string, Account>,
): void {
  const { account, reblog, quote, ...rest } = status;
  accounts[account.id] = account;
  if (reblog) flatten(reblog, statuses, accounts);
  if (quote) flatten(quote, statuses, accounts);
  statuses[status.id] = {
    ...rest,
    quoteId: quote?.id ?? rest.quoteId,
    accountId: account.id,
    reblogId: reblog?.id ?? null,
    deleted: statuses[status.id]?.deleted ?? false,
  };
}

const empty = () => ({ statuses: {}, accounts: {}, relationships: {} });

export const useEntities = create<EntitiesState>()((set, get) => ({
  ...empty(),
  ingestStatuses: (list) =>
    set((state) => {
      const statuses = { ...state.statuses };
      const accounts = { ...state.accounts };
      for (const status of list) flatten(status, statuses, accounts);
      return { statuses, accounts };
    }),
  ingestAccounts: (list) =>
    set((state) => ({
      accounts: { ...state.accounts, ...Object.fromEntries(list.map((a) => [a.id, a])) },
    })),
  ingestRelationships: (list) =>
    set((state) => ({
      relationships: {
        ...state.relationships,
        ...Object.fromEntries(list.map((r) => [r.id, r])),
      },
    })),
  patchStatus: (id, patch) => {
    const previous = get().statuses[id];
    if (!previous) return undefined;
    set((state) => ({ statuses: { ...state.statuses, [id]: { ...previous, ...patch } } }));
    return previous;
  },
  markDeleted: (id) => get().patchStatus(id, { deleted: true }) && undefined,
  clear: () => set(empty()),
}));

/** Rebuilds the nested Status a view or an API call needs from the flat store. */
export function denormalizeStatus(
  id: string,
  state: Pick<EntitiesState, 'statuses' | 'accounts'> = useEntities.getState(),
): Status | null {
  const stored = state.statuses[id];
  const account = stored && state.accounts[stored.accountId];
  if (!stored || !account) return null;
  const { accountId: _accountId, reblogId, deleted: _deleted, ...rest } = stored;
  return {
    ...rest,
    account,
    reblog: reblogId ? denormalizeStatus(reblogId, state) : null,
    quote: stored.quoteId ? denormalizeStatus(stored.quoteId, state) : null,
  };
}

export const useStatus = (id: string): StoredStatus | undefined =>
  useEntities((state) => state.statuses[id]);
export const useAccount = (id: string | undefined): Account | undefined =>
  useEntities((state) => (id ? state.accounts[id] : undefined));
export const useRelationship = (id: string | undefined): Relationship | undefined =>
  useEntities((state) => (id ? state.relationships[id] : undefined));

// Per-viewer fields (favourited, relationships...) belong to the signed-in user: forget them
// whenever the user changes.
useSession.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) useEntities.getState().clear();
});
