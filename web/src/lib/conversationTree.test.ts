import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ancestorsOf,
  branchDepth,
  buildConversationTree,
  compareIds,
  DEFAULT_MAX_DEPTH_IN_THREAD,
  defaultLevels,
  dive,
  initialView,
  layoutIds,
  maxLevels,
  setRepliesShown,
  sortIds,
  subtreeOf,
  treeLayout,
  undive,
  WHOLE_CONVERSATION,
  type ThreadEntry,
  type TreeLayout,
  type TreeNode,
} from './conversationTree.ts';

const entry = (id: string, inReplyToId: string | null = null): ThreadEntry => ({ id, inReplyToId });

/** A chain 1 ← 2 ← ... ← n (numeric ids), each replying to the previous. */
const chain = (n: number): ThreadEntry[] =>
  Array.from({ length: n }, (_, i) => entry(String(i + 1), i === 0 ? null : String(i)));

function findNode(layout: TreeLayout, id: string): TreeNode | undefined {
  const walk = (nodes: readonly TreeNode[]): TreeNode | undefined => {
    for (const node of nodes) {
      if (node.id === id) return node;
      const found = walk(node.children);
      if (found) return found;
    }
    return undefined;
  };
  return walk(layout.top);
}

describe('ordering', () => {
  it('compares numeric ids as numbers, not as strings', () => {
    expect(sortIds(['10', '9', '100', '2'])).toEqual(['2', '9', '10', '100']);
    expect(compareIds('9', '10')).toBeLessThan(0);
    // Beyond 2^53 the numbers would lose precision as JavaScript numbers.
    expect(sortIds(['9007199254740993', '9007199254740992'])).toEqual([
      '9007199254740992',
      '9007199254740993',
    ]);
  });

  it('compares flake ids as strings (code-unit order, not locale order)', () => {
    expect(sortIds(['AfB', 'Af9', 'a00', 'B00'])).toEqual(['Af9', 'AfB', 'B00', 'a00']);
  });

  it('sorts a set mixing numeric and string ids as strings', () => {
    expect(sortIds(['10', '9', 'A1'])).toEqual(['10', '9', 'A1']);
  });

  it('drops duplicates', () => {
    expect(sortIds(['3', '1', '3'])).toEqual(['1', '3']);
  });

  it('is a total order on any set of ids (sorting twice, from any order, agrees)', () => {
    const id = fc.oneof(fc.stringMatching(/^\d{1,20}$/), fc.stringMatching(/^[0-9A-Za-z]{1,6}$/));
    fc.assert(
      fc.property(fc.array(id, { maxLength: 30 }), (ids) => {
        const sorted = sortIds(ids);
        expect(sortIds([...ids].reverse())).toEqual(sorted);
        expect(sortIds(sorted)).toEqual(sorted);
        expect(new Set(sorted)).toEqual(new Set(ids));
      }),
    );
  });
});

describe('depth rules (spec part 1, §4 and §9)', () => {
  it('shows branches to maxDepthInThread − 2 levels of replies by default, at least 1', () => {
    expect(DEFAULT_MAX_DEPTH_IN_THREAD).toBe(6);
    expect(branchDepth(6)).toBe(4);
    expect(branchDepth(3)).toBe(1);
    expect(branchDepth(2)).toBe(1);
    expect(branchDepth(1)).toBe(1);
    expect(branchDepth(0)).toBe(1);
    expect(branchDepth(Number.NaN)).toBe(4);
  });

  it('nests at most maxDepthInThread levels, never fewer than two', () => {
    expect(maxLevels(6)).toBe(6);
    expect(maxLevels(1)).toBe(2);
    expect(defaultLevels(6)).toBe(5);
    expect(defaultLevels(1)).toBe(2);
  });
});

describe('buildConversationTree', () => {
  it('nests replies under their parents in id order, with depths and counts', () => {
    const tree = buildConversationTree([
      entry('5', '1'),
      entry('1'),
      entry('3', '1'),
      entry('4', '3'),
      entry('10', '3'),
    ]);
    expect(tree.order).toEqual(['1', '3', '4', '5', '10']);
    expect(tree.roots).toEqual(['1']);
    expect(tree.children.get('1')).toEqual(['3', '5']);
    expect(tree.children.get('3')).toEqual(['4', '10']);
    expect(tree.depth.get('10')).toBe(2);
    expect(tree.descendants.get('1')).toBe(4);
    expect(tree.descendants.get('3')).toBe(2);
    expect(ancestorsOf(tree, '10')).toEqual(['1', '3']);
    expect(subtreeOf(tree, '3')).toEqual(['3', '4', '10']);
  });

  it('makes a reply to a status outside the conversation a root', () => {
    const tree = buildConversationTree([entry('2', 'gone'), entry('3', '2')]);
    expect(tree.roots).toEqual(['2']);
    expect(tree.depth.get('3')).toBe(1);
  });

  it('breaks a reply cycle at its lowest id', () => {
    const tree = buildConversationTree([entry('1', '2'), entry('2', '1'), entry('3', '3')]);
    expect(tree.roots).toEqual(['1', '3']);
    expect(tree.children.get('1')).toEqual(['2']);
  });
});

describe('tree layout', () => {
  it('nests replies up to the branch depth; deeper ones wait behind show replies', () => {
    const tree = buildConversationTree(chain(8));
    const layout = treeLayout(tree, WHOLE_CONVERSATION, 6);
    // Levels 1 to 5 show (the root and four levels of replies).
    expect(layoutIds(layout)).toEqual(['1', '2', '3', '4', '5']);
    const fifth = findNode(layout, '5')!;
    expect(fifth.level).toBe(5);
    expect(fifth.replies).toBe('hidden');
    expect(fifth.replyCount).toBe(3);
    expect(findNode(layout, '1')!.replies).toBe('shown');
  });

  it('opens a collapsed branch on request, down to the maximum depth, then offers a dive', () => {
    const tree = buildConversationTree(chain(8));
    const view = setRepliesShown(WHOLE_CONVERSATION, '5', true);
    const layout = treeLayout(tree, view, 6);
    expect(layoutIds(layout)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(findNode(layout, '6')!.replies).toBe('dive');
    // Showing replies of a status at the maximum depth cannot nest them further.
    expect(layoutIds(treeLayout(tree, setRepliesShown(view, '6', true), 6))).toHaveLength(6);
  });

  it('hides a branch the reader closed, even within the default depth', () => {
    const tree = buildConversationTree(chain(4));
    const layout = treeLayout(tree, setRepliesShown(WHOLE_CONVERSATION, '2', false), 6);
    expect(layoutIds(layout)).toEqual(['1', '2']);
    expect(findNode(layout, '2')!.replies).toBe('hidden');
  });

  it('with maxDepthInThread 3 shows one level of replies by default', () => {
    const tree = buildConversationTree(chain(5));
    expect(layoutIds(treeLayout(tree, WHOLE_CONVERSATION, 3))).toEqual(['1', '2']);
  });

  it('dives into a sub-status: its ancestors as a chain, then its subtree from level 1', () => {
    // 1 ─ 2 ─ 3 ─ 4
    //       └ 5 ─ 6
    //   └ 7
    const tree = buildConversationTree([
      ...chain(4),
      entry('5', '2'),
      entry('6', '5'),
      entry('7', '1'),
    ]);
    const dived = dive(tree, WHOLE_CONVERSATION, '3');
    const layout = treeLayout(tree, dived, 6);
    expect(layout.ancestors).toEqual([
      { id: '1', otherReplies: 1 }, // 7
      { id: '2', otherReplies: 2 }, // 5 and 6
    ]);
    expect(layout.top.map((node) => [node.id, node.level])).toEqual([['3', 1]]);
    expect(layoutIds(layout)).toEqual(['1', '2', '3', '4']);

    // Show other replies of 2: dive there.
    const wider = treeLayout(tree, dive(tree, dived, '2'), 6);
    expect(layoutIds(wider)).toEqual(['1', '2', '3', '4', '5', '6']);

    // Undive: the whole conversation.
    expect(layoutIds(treeLayout(tree, undive(dived), 6))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    // Diving into the only root is the whole conversation.
    expect(dive(tree, dived, '1').diveRoot).toBeNull();
    // Unknown ids change nothing.
    expect(dive(tree, dived, 'nope')).toBe(dived);
  });

  it('keeps the reader’s show/hide choices across dive and undive', () => {
    const tree = buildConversationTree(chain(8));
    const view = setRepliesShown(WHOLE_CONVERSATION, '5', true);
    expect(undive(dive(tree, view, '3')).expanded).toEqual({ '5': true });
  });
});

describe('initialView', () => {
  it('opens the branches on the way to a deep focused status and shows its replies', () => {
    const tree = buildConversationTree([...chain(6), entry('7', '4'), entry('8', '7')]);
    const view = initialView(tree, '6', 6);
    expect(view.diveRoot).toBeNull();
    const layout = treeLayout(tree, view, 6);
    expect(layoutIds(layout)).toContain('6');
    // The sibling branch at the same depth stays at the default.
    expect(findNode(layout, '7')!.replies).toBe('hidden');
  });

  it('shows the focused status’s replies', () => {
    const tree = buildConversationTree(chain(8));
    const layout = treeLayout(tree, initialView(tree, '5', 6), 6);
    expect(layoutIds(layout)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('dives into the parent of a status deeper than the tree nests', () => {
    const tree = buildConversationTree(chain(12));
    const view = initialView(tree, '10', 6);
    expect(view.diveRoot).toBe('9');
    const layout = treeLayout(tree, view, 6);
    expect(layout.ancestors.map((row) => row.id)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
    expect(findNode(layout, '10')!.level).toBe(2);
    expect(layoutIds(layout)).toContain('11');
  });

  it('falls back to the whole conversation for a status not in it', () => {
    expect(initialView(buildConversationTree(chain(3)), 'x', 6)).toEqual(WHOLE_CONVERSATION);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over arbitrary conversations

/** Arbitrary conversations: ids of either kind, replies to earlier, later, missing or self. */
const conversation = fc
  .tuple(
    fc.boolean(),
    fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 40 }),
  )
  .chain(([numeric, numbers]) => {
    const ids = numbers.map((n) => (numeric ? String(n) : `A${n.toString(36)}`));
    return fc.tuple(
      fc.constant(ids),
      fc.array(fc.oneof(fc.constant(null), fc.constant('missing'), fc.constantFrom(...ids)), {
        minLength: ids.length,
        maxLength: ids.length,
      }),
    );
  })
  .map(([ids, parents]) => ids.map((id, i) => entry(id, parents[i] ?? null)));

/** A well-formed conversation: every status replies to an earlier one. */
const wellFormed = fc
  .array(fc.nat(), { minLength: 1, maxLength: 40 })
  .map((picks) =>
    picks.map((pick, i) => entry(String(i + 1), i === 0 ? null : String((pick % i) + 1))),
  );

describe('properties', () => {
  it('linear mode holds every status exactly once, in id order', () => {
    fc.assert(
      fc.property(conversation, (entries) => {
        const tree = buildConversationTree(entries);
        const ids = new Set(entries.map((e) => e.id));
        expect(tree.order).toHaveLength(ids.size);
        expect(new Set(tree.order)).toEqual(ids);
        expect(sortIds(tree.order)).toEqual(tree.order);
      }),
    );
  });

  it('the tree holds exactly the statuses of the context, each once, with consistent counts', () => {
    fc.assert(
      fc.property(conversation, (entries) => {
        const tree = buildConversationTree(entries);
        const reached = tree.roots.flatMap((root) => subtreeOf(tree, root));
        expect(reached.toSorted()).toEqual([...tree.order].sort());
        for (const id of tree.order) {
          expect(tree.descendants.get(id)).toBe(subtreeOf(tree, id).length - 1);
          const parent = tree.parent.get(id);
          if (parent) expect(tree.depth.get(id)).toBe(tree.depth.get(parent)! + 1);
        }
      }),
    );
  });

  it('fully expanded with room to nest, the tree layout shows every status once', () => {
    fc.assert(
      fc.property(conversation, (entries) => {
        const tree = buildConversationTree(entries);
        const expanded = Object.fromEntries(tree.order.map((id) => [id, true]));
        const layout = treeLayout(tree, { diveRoot: null, expanded }, tree.order.length + 1);
        const shown = layoutIds(layout);
        expect(shown.toSorted()).toEqual([...tree.order].sort());
      }),
    );
  });

  it('nothing nests deeper than maxDepthInThread and defaults stop at the branch depth', () => {
    fc.assert(
      fc.property(wellFormed, fc.integer({ min: 0, max: 10 }), (entries, maxDepth) => {
        const tree = buildConversationTree(entries);
        const check = (nodes: readonly TreeNode[]) => {
          for (const node of nodes) {
            expect(node.level).toBeLessThanOrEqual(maxLevels(maxDepth));
            expect(node.level).toBeLessThanOrEqual(defaultLevels(maxDepth));
            check(node.children);
          }
        };
        check(treeLayout(tree, WHOLE_CONVERSATION, maxDepth).top);
      }),
    );
  });

  it('a dived layout shows the dive root’s ancestors, its subtree within the depth, and the other-replies counts add up', () => {
    fc.assert(
      fc.property(wellFormed, fc.nat(), (entries, pick) => {
        const tree = buildConversationTree(entries);
        const target = tree.order[pick % tree.order.length]!;
        const view = dive(tree, WHOLE_CONVERSATION, target);
        const layout = treeLayout(tree, view, DEFAULT_MAX_DEPTH_IN_THREAD);
        if (view.diveRoot === null) {
          expect(layout.ancestors).toEqual([]);
          return;
        }
        expect(layout.ancestors.map((row) => row.id)).toEqual(ancestorsOf(tree, target));
        expect(layout.top[0]!.id).toBe(target);
        const subtree = new Set(subtreeOf(tree, target));
        for (const id of layoutIds(layout).slice(layout.ancestors.length)) {
          expect(subtree.has(id)).toBe(true);
        }
        // Hidden by the dive: everything but the chain and the dived subtree.
        const hidden = layout.ancestors.reduce((sum, row) => sum + row.otherReplies, 0);
        expect(hidden).toBe(tree.order.length - layout.ancestors.length - subtree.size);
      }),
    );
  });

  it('the initial view always shows the focused status', () => {
    fc.assert(
      fc.property(wellFormed, fc.nat(), fc.integer({ min: 1, max: 8 }), (entries, pick, max) => {
        const tree = buildConversationTree(entries);
        const focused = tree.order[pick % tree.order.length]!;
        const layout = treeLayout(tree, initialView(tree, focused, max), max);
        expect(layoutIds(layout)).toContain(focused);
        expect(undive(initialView(tree, focused, max)).diveRoot).toBeNull();
      }),
    );
  });
});
