/**
 * The composer's character counter (spec part 2, §5 Length, §9). Counted in code points, as the
 * local instance counts when it enforces the limit, so an emoji is one character, not two.
 */

const length = (s: string): number => [...s].length;

/** Characters left: the limit minus text and subject lengths; null when there is no limit. */
export function charactersLeft(limit: number, text: string, spoilerText: string): number | null {
  if (!(limit > 0)) return null;
  return limit - (length(text) + length(spoilerText));
}

/** A negative counter shows in the error style and disables posting. */
export const isOverLimit = (left: number | null): boolean => left !== null && left < 0;
