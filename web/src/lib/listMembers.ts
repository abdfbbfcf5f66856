/**
 * The list editor's member draft (spec part 1, §2 lists): members the server holds, each toggled
 * removed, and accounts picked to be added, every choice undoable until it is saved.
 */

/** Typing in the editor's person search pauses this long before it is sent (spec part 1, §9). */
export const LIST_MEMBER_SEARCH_DEBOUNCE_MS = 2000;

export interface MemberDraft {
  /** Account ids the server has in the list, in its order. */
  saved: readonly string[];
  /** Saved members to be taken out on save. */
  removed: readonly string[];
  /** Accounts to be put in on save, in the order they were picked. */
  added: readonly string[];
}

export type MemberState = 'member' | 'removed' | 'added' | 'none';

export interface MemberChanges {
  add: string[];
  remove: string[];
}

export const emptyDraft = (saved: readonly string[] = []): MemberDraft => ({
  saved: [...saved],
  removed: [],
  added: [],
});

const without = (ids: readonly string[], id: string) => ids.filter((other) => other !== id);

export function memberState(draft: MemberDraft, id: string): MemberState {
  if (draft.added.includes(id)) return 'added';
  if (!draft.saved.includes(id)) return 'none';
  return draft.removed.includes(id) ? 'removed' : 'member';
}

/** Whether the account will be in the list once the draft is saved. */
export const willBeMember = (draft: MemberDraft, id: string): boolean => {
  const state = memberState(draft, id);
  return state === 'member' || state === 'added';
};

/** Picks an account from the search: a removed member is kept after all, anyone else is added. */
export function addMember(draft: MemberDraft, id: string): MemberDraft {
  switch (memberState(draft, id)) {
    case 'removed':
      return { ...draft, removed: without(draft.removed, id) };
    case 'none':
      return { ...draft, added: [...draft.added, id] };
    default:
      return draft;
  }
}

/** Takes an account out: a saved member is marked removed, a picked one is dropped again. */
export function removeMember(draft: MemberDraft, id: string): MemberDraft {
  switch (memberState(draft, id)) {
    case 'member':
      return { ...draft, removed: [...draft.removed, id] };
    case 'added':
      return { ...draft, added: without(draft.added, id) };
    default:
      return draft;
  }
}

/** Undoes the pending choice for one account: removed becomes member again, added is dropped. */
export function undoMember(draft: MemberDraft, id: string): MemberDraft {
  switch (memberState(draft, id)) {
    case 'removed':
      return addMember(draft, id);
    case 'added':
      return removeMember(draft, id);
    default:
      return draft;
  }
}

/** What saving sends: the add call's and the remove call's account ids (either may be empty). */
export function memberChanges(draft: MemberDraft): MemberChanges {
  return {
    add: draft.added.filter((id) => !draft.saved.includes(id)),
    remove: draft.removed.filter((id) => draft.saved.includes(id)),
  };
}

export const hasMemberChanges = (draft: MemberDraft): boolean => {
  const { add, remove } = memberChanges(draft);
  return add.length > 0 || remove.length > 0;
};

/**
 * The draft once the server's members are known again (after a save, or a failed one): choices
 * the server now reflects are done, the others stay pending.
 */
export function withSaved(draft: MemberDraft, saved: readonly string[]): MemberDraft {
  return {
    saved: [...saved],
    removed: draft.removed.filter((id) => saved.includes(id)),
    added: draft.added.filter((id) => !saved.includes(id)),
  };
}

/** Everyone the editor shows as a row: saved members (removed ones too), then the picked ones. */
export const draftRows = (draft: MemberDraft): string[] => [
  ...draft.saved,
  ...draft.added.filter((id) => !draft.saved.includes(id)),
];
