/**
 * Emoji reaction rules (spec part 2, §5 and §9): how many show before the +N expander, how many
 * reacting accounts the popover lists, the quick reactions, and the optimistic toggle.
 */
import type { EmojiReaction } from '../api/types.ts';

/** Reactions shown before a '+N' expander (spec part 2, §9). */
export const REACTIONS_SHOWN = 12;
/** Accounts listed in a reaction's popover (spec part 2, §9). */
export const REACTION_POPOVER_USERS = 16;
/** Quick reactions: thumbs-up, angry, eyes, laughing, fire (spec part 2, §9). */
export const QUICK_REACTIONS = ['👍', '😠', '👀', '😂', '🔥'] as const;

/** The reactions to show: the first REACTIONS_SHOWN unless expanded, and how many are hidden. */
export function visibleReactions<T>(
  reactions: readonly T[],
  expanded: boolean,
): { shown: T[]; hidden: number } {
  if (expanded || reactions.length <= REACTIONS_SHOWN) return { shown: [...reactions], hidden: 0 };
  return {
    shown: reactions.slice(0, REACTIONS_SHOWN),
    hidden: reactions.length - REACTIONS_SHOWN,
  };
}

/**
 * The reactions after the user toggles `name` (spec part 2, §5: a click toggles the user's own
 * reaction): one more with `me` set when not reacted yet (a new reaction goes last), one fewer
 * otherwise (the reaction goes when nobody is left).
 */
export function toggleOwnReaction(
  reactions: readonly EmojiReaction[],
  name: string,
  myId: string,
  url: string | null = null,
): EmojiReaction[] {
  const existing = reactions.find((reaction) => reaction.name === name);
  if (!existing) return [...reactions, { name, count: 1, me: true, url, accountIds: [myId] }];
  if (!existing.me) {
    return reactions.map((reaction) =>
      reaction === existing
        ? {
            ...reaction,
            count: reaction.count + 1,
            me: true,
            accountIds: [...reaction.accountIds.filter((id) => id !== myId), myId],
          }
        : reaction,
    );
  }
  if (existing.count <= 1) return reactions.filter((reaction) => reaction !== existing);
  return reactions.map((reaction) =>
    reaction === existing
      ? {
          ...reaction,
          count: reaction.count - 1,
          me: false,
          accountIds: reaction.accountIds.filter((id) => id !== myId),
        }
      : reaction,
  );
}

/** Whether the user has reacted with `name`. */
export function hasReacted(reactions: readonly EmojiReaction[], name: string): boolean {
  return reactions.some((reaction) => reaction.name === name && reaction.me);
}
