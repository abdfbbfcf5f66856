import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EmojiReaction } from '../api/types.ts';
import { hasReacted, toggleOwnReaction, visibleReactions } from './reactions.ts';

const reaction = (name: string, count: number, me = false): EmojiReaction => ({
  name,
  count,
  me,
  url: null,
  accountIds: [],
});

describe('visibleReactions', () => {
  it('shows 12, then counts the rest', () => {
    const list = Array.from({ length: 15 }, (_, i) => i);
    expect(visibleReactions(list, false)).toEqual({ shown: list.slice(0, 12), hidden: 3 });
    expect(visibleReactions(list, true)).toEqual({ shown: list, hidden: 0 });
    expect(visibleReactions(list.slice(0, 12), false).hidden).toBe(0);
  });
});

describe('toggleOwnReaction', () => {
  it('adds a new reaction last', () => {
    const next = toggleOwnReaction([reaction('🔥', 2)], '👍', 'me');
    expect(next).toEqual([reaction('🔥', 2), { ...reaction('👍', 1, true), accountIds: ['me'] }]);
  });
  it('joins an existing reaction', () => {
    expect(toggleOwnReaction([reaction('🔥', 2)], '🔥', 'me')[0]).toMatchObject({
      count: 3,
      me: true,
    });
  });
  it('leaves a reaction, removing it when nobody is left', () => {
    expect(toggleOwnReaction([reaction('🔥', 2, true)], '🔥', 'me')[0]).toMatchObject({
      count: 1,
      me: false,
    });
    expect(toggleOwnReaction([reaction('🔥', 1, true)], '🔥', 'me')).toEqual([]);
  });
  it('keeps a custom emoji image url', () => {
    expect(toggleOwnReaction([], 'blobcat', 'me', '/emoji/blobcat.png')[0]?.url).toBe(
      '/emoji/blobcat.png',
    );
  });
  it('toggling twice restores names, counts and me', () => {
    const arb = fc.uniqueArray(
      fc.record({
        name: fc.constantFrom('a', 'b', 'c', 'd'),
        count: fc.integer({ min: 1, max: 9 }),
        me: fc.boolean(),
      }),
      { selector: (r) => r.name },
    );
    fc.assert(
      fc.property(arb, fc.constantFrom('a', 'b', 'c', 'd'), (list, name) => {
        // A reaction with me set has the user among its count; one without me and count 1 is
        // someone else's.
        const start = list.map((r) => reaction(r.name, r.count, r.me));
        const twice = toggleOwnReaction(toggleOwnReaction(start, name, 'me'), name, 'me');
        const strip = (l: EmojiReaction[]) => l.map(({ name: n, count, me }) => ({ n, count, me }));
        expect(strip(twice).sort((x, y) => x.n.localeCompare(y.n))).toEqual(
          strip(start).sort((x, y) => x.n.localeCompare(y.n)),
        );
        expect(hasReacted(toggleOwnReaction(start, name, 'me'), name)).toBe(
          !hasReacted(start, name),
        );
      }),
    );
  });
});
