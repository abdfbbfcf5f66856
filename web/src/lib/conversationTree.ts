/**
 * The conversation view's rules (spec part 1, §2 "Conversation view", §4 "Conversation", §9):
 * ordering by id, the reply tree, how deep branches nest and show by default, dive and undive,
 * and the counts on the 'show replies' and 'show other replies' buttons. Pure: no React, no store.
 */

import { DEFAULT_MAX_DEPTH_IN_THREAD } from './conversationSettings.ts';

export {
  DEFAULT_MAX_DEPTH_IN_THREAD,
  type ConversationDisplay,
  type OtherRepliesButtonPlacement,
} from './conversationSettings.ts';
/** Spec part 1, §4: branches show by default to maxDepthInThread minus this... */
export const BRANCH_DEPTH_OFFSET = 2;
/** ...but always at least one level of replies. */
export const MIN_BRANCH_DEPTH = 1;
/**
 * A tree must nest at least a status and its replies: with fewer levels, diving into a status
 * could never bring its replies into view.
 */
export const MIN_NESTING_LEVELS = 2;

/** How many levels of replies show by default: maxDepthInThread − 2, at least 1. */
export function branchDepth(maxDepthInThread: number): number {
  const max = Number.isFinite(maxDepthInThread)
    ? Math.floor(maxDepthInThread)
    : DEFAULT_MAX_DEPTH_IN_THREAD;
  return Math.max(MIN_BRANCH_DEPTH, max - BRANCH_DEPTH_OFFSET);
}

/** The most levels the tree nests (the top of the shown tree is level 1). */
export function maxLevels(maxDepthInThread: number): number {
  const max = Number.isFinite(maxDepthInThread)
    ? Math.floor(maxDepthInThread)
    : DEFAULT_MAX_DEPTH_IN_THREAD;
  return Math.max(MIN_NESTING_LEVELS, max);
}

/** Levels shown before a branch collapses behind 'show replies': the top plus the branch depth. */
export function defaultLevels(maxDepthInThread: number): number {
  return Math.min(branchDepth(maxDepthInThread) + 1, maxLevels(maxDepthInThread));
}

// ---------------------------------------------------------------------------------------------
// Ordering

const NUMERIC_ID = /^\d+$/;

/** Mastodon-style ids are decimal numbers; Pleroma's flake ids are lexically sortable strings. */
export const isNumericId = (id: string): boolean => NUMERIC_ID.test(id);

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Compares decimal strings as numbers of any size (no precision lost beyond 2^53). */
function compareNumeric(a: string, b: string): number {
  const x = a.replace(/^0+(?=\d)/, '');
  const y = b.replace(/^0+(?=\d)/, '');
  if (x.length !== y.length) return x.length - y.length;
  // Equal values written differently ("07", "7") still get a fixed order.
  return compareStrings(x, y) || compareStrings(a, b);
}

/**
 * Compares two ids: as numbers when both are numeric, otherwise as strings. On a set mixing
 * both kinds this is not transitive: sort through `idComparator`/`sortIds`, which decide once.
 */
export function compareIds(a: string, b: string): number {
  return isNumericId(a) && isNumericId(b) ? compareNumeric(a, b) : compareStrings(a, b);
}

/**
 * The order for one set of ids: numeric when every id is numeric, else plain string order
 * (so a set mixing both kinds is still totally ordered).
 */
export function idComparator(ids: Iterable<string>): (a: string, b: string) => number {
  for (const id of ids) if (!isNumericId(id)) return compareStrings;
  return compareNumeric;
}

/** The ids sorted by numeric id with string fallback (spec part 1, §4), without duplicates. */
export function sortIds(ids: Iterable<string>): string[] {
  const unique = [...new Set(ids)];
  return unique.sort(idComparator(unique));
}

// ---------------------------------------------------------------------------------------------
// The tree

/** What the tree needs of a status. */
export interface ThreadEntry {
  id: string;
  inReplyToId: string | null;
}

export interface ConversationTree {
  /** Every status once, in id order: the linear mode's order. */
  readonly order: readonly string[];
  /** Statuses whose parent is not in the conversation, in id order (usually just the first post). */
  readonly roots: readonly string[];
  /** The parent inside the conversation, or null for a root. */
  readonly parent: ReadonlyMap<string, string | null>;
  /** Direct replies, in id order. */
  readonly children: ReadonlyMap<string, readonly string[]>;
  /** 0 for a root. */
  readonly depth: ReadonlyMap<string, number>;
  /** How many statuses sit below each one, at every depth. */
  readonly descendants: ReadonlyMap<string, number>;
}

/**
 * Builds the reply tree of a conversation (ancestors, the status and its descendants). A status
 * replying to one that is not in the set becomes a root; duplicates count once; a reply cycle
 * (malformed data) is broken at its lowest id so every status still appears exactly once.
 */
export function buildConversationTree(entries: Iterable<ThreadEntry>): ConversationTree {
  const replyTo = new Map<string, string | null>();
  for (const entry of entries) replyTo.set(entry.id, entry.inReplyToId);
  const order = sortIds(replyTo.keys());
  const rank = new Map(order.map((id, index) => [id, index]));

  const parent = new Map<string, string | null>();
  for (const id of order) {
    const target = replyTo.get(id) ?? null;
    parent.set(id, target !== null && target !== id && replyTo.has(target) ? target : null);
  }

  // Break cycles: walk up from each status; meeting the walk itself again means a cycle.
  const state = new Map<string, 'walking' | 'done'>();
  for (const start of order) {
    const path: string[] = [];
    let current: string | null = start;
    while (current !== null && !state.has(current)) {
      state.set(current, 'walking');
      path.push(current);
      current = parent.get(current) ?? null;
    }
    if (current !== null && state.get(current) === 'walking') {
      const cycle = path.slice(path.indexOf(current));
      const lowest = cycle.reduce((a, b) => ((rank.get(a) ?? 0) <= (rank.get(b) ?? 0) ? a : b));
      parent.set(lowest, null);
    }
    for (const id of path) state.set(id, 'done');
  }

  const children = new Map<string, string[]>(order.map((id) => [id, []]));
  const roots: string[] = [];
  for (const id of order) {
    const p = parent.get(id) ?? null;
    if (p === null) roots.push(id);
    else children.get(p)?.push(id);
  }

  const depth = new Map<string, number>();
  const preorder: string[] = [];
  const stack: [string, number][] = [...roots].reverse().map((id) => [id, 0]);
  while (stack.length > 0) {
    const [id, d] = stack.pop()!;
    depth.set(id, d);
    preorder.push(id);
    const replies = children.get(id) ?? [];
    for (let i = replies.length - 1; i >= 0; i--) stack.push([replies[i]!, d + 1]);
  }

  const descendants = new Map<string, number>(order.map((id) => [id, 0]));
  for (let i = preorder.length - 1; i >= 0; i--) {
    const id = preorder[i]!;
    const p = parent.get(id) ?? null;
    if (p !== null) descendants.set(p, (descendants.get(p) ?? 0) + 1 + (descendants.get(id) ?? 0));
  }

  return { order, roots, parent, children, depth, descendants };
}

/** The statuses above one, the conversation's root first. */
export function ancestorsOf(tree: ConversationTree, id: string): string[] {
  const chain: string[] = [];
  let current = tree.parent.get(id) ?? null;
  while (current !== null) {
    chain.push(current);
    current = tree.parent.get(current) ?? null;
  }
  return chain.reverse();
}

/** A status and everything below it, each reply after its parent (depth first, id order). */
export function subtreeOf(tree: ConversationTree, id: string): string[] {
  if (!tree.parent.has(id)) return [];
  const out: string[] = [];
  const stack = [id];
  while (stack.length > 0) {
    const current = stack.pop()!;
    out.push(current);
    const replies = tree.children.get(current) ?? [];
    for (let i = replies.length - 1; i >= 0; i--) stack.push(replies[i]!);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// What the tree mode shows

export interface ThreadViewState {
  /** The status the thread is focused on ('dived' into), or null for the whole conversation. */
  diveRoot: string | null;
  /** The reader's own show/hide choices for a status's replies, over the default depth rule. */
  expanded: Readonly<Record<string, boolean>>;
}

export const WHOLE_CONVERSATION: ThreadViewState = { diveRoot: null, expanded: {} };

/** Focuses the thread on a status: its ancestors above, then it and its replies. */
export function dive(tree: ConversationTree, view: ThreadViewState, id: string): ThreadViewState {
  if (!tree.parent.has(id)) return view;
  // Diving into the conversation's only root shows the whole conversation: say so.
  if (tree.roots.length === 1 && tree.roots[0] === id) return { ...view, diveRoot: null };
  return { ...view, diveRoot: id };
}

/** Back to the whole conversation; the reader's show/hide choices stay. */
export function undive(view: ThreadViewState): ThreadViewState {
  return { ...view, diveRoot: null };
}

export function setRepliesShown(
  view: ThreadViewState,
  id: string,
  shown: boolean,
): ThreadViewState {
  return { ...view, expanded: { ...view.expanded, [id]: shown } };
}

/**
 * The view a conversation opens with, so that the focused status is in it: the branches on its
 * way are opened, its own replies shown; when it sits deeper than the tree nests, the thread is
 * dived into its parent (its ancestors then show as a chain above).
 */
export function initialView(
  tree: ConversationTree,
  focusedId: string,
  maxDepthInThread: number,
): ThreadViewState {
  if (!tree.parent.has(focusedId)) return WHOLE_CONVERSATION;
  const chain = ancestorsOf(tree, focusedId);
  const levels = maxLevels(maxDepthInThread);
  const hasReplies = (tree.children.get(focusedId)?.length ?? 0) > 0;
  const expanded: Record<string, boolean> = {};
  // Level of the focused status in the whole conversation.
  const focusedLevel = chain.length + 1;
  if (focusedLevel <= levels) {
    for (const id of chain) expanded[id] = true;
    if (hasReplies && focusedLevel < levels) expanded[focusedId] = true;
    return { diveRoot: null, expanded };
  }
  const diveRoot = chain[chain.length - 1]!;
  if (hasReplies) expanded[focusedId] = true;
  return dive(tree, { diveRoot: null, expanded }, diveRoot);
}

export type RepliesState =
  /** No replies. */
  | 'none'
  /** Replies nested below. */
  | 'shown'
  /** Replies behind a 'show replies' toggle. */
  | 'hidden'
  /** Too deep to nest: diving into the status shows them. */
  | 'dive';

export interface TreeNode {
  id: string;
  /** 1 for the top of the shown tree. */
  level: number;
  /** Statuses below this one, at every depth (the count on its 'show replies' button). */
  replyCount: number;
  replies: RepliesState;
  /** Its replies when shown, else empty. */
  children: TreeNode[];
}

export interface AncestorRow {
  id: string;
  /** Statuses in its other branches, hidden while dived (the 'show other replies' count). */
  otherReplies: number;
}

export interface TreeLayout {
  /** While dived: the dive root's ancestors, root first. */
  ancestors: AncestorRow[];
  /** The top of the tree: the dive root, or the conversation's roots. */
  top: TreeNode[];
}

/** What the tree mode shows for a view: which statuses, nested how, with which buttons. */
export function treeLayout(
  tree: ConversationTree,
  view: ThreadViewState,
  maxDepthInThread: number,
): TreeLayout {
  const levels = maxLevels(maxDepthInThread);
  const shownByDefault = defaultLevels(maxDepthInThread);
  const diveRoot = view.diveRoot !== null && tree.parent.has(view.diveRoot) ? view.diveRoot : null;

  const node = (id: string, level: number): TreeNode => {
    const replies = tree.children.get(id) ?? [];
    let state: RepliesState;
    if (replies.length === 0) state = 'none';
    else if (level + 1 > levels) state = 'dive';
    else state = (view.expanded[id] ?? level + 1 <= shownByDefault) ? 'shown' : 'hidden';
    return {
      id,
      level,
      replyCount: tree.descendants.get(id) ?? 0,
      replies: state,
      children: state === 'shown' ? replies.map((reply) => node(reply, level + 1)) : [],
    };
  };

  if (diveRoot === null) return { ancestors: [], top: tree.roots.map((id) => node(id, 1)) };
  const chain = ancestorsOf(tree, diveRoot);
  const path = [...chain, diveRoot];
  const ancestors = chain.map((id, index) => ({
    id,
    otherReplies:
      (tree.descendants.get(id) ?? 0) - 1 - (tree.descendants.get(path[index + 1]!) ?? 0),
  }));
  return { ancestors, top: [node(diveRoot, 1)] };
}

/** Every status a tree layout shows, in display order. */
export function layoutIds(layout: TreeLayout): string[] {
  const out = layout.ancestors.map((row) => row.id);
  const walk = (nodes: readonly TreeNode[]) => {
    for (const n of nodes) {
      out.push(n.id);
      walk(n.children);
    }
  };
  walk(layout.top);
  return out;
}
