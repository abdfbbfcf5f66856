import type { UserHighlight, UserHighlightType } from '../../state/preferences.ts';

/** Spec part 2, §5: a new highlight starts white. */
export const DEFAULT_HIGHLIGHT_COLOR = '#FFFFFF';

export type HighlightChoice = 'disabled' | UserHighlightType;

/**
 * The highlight map after choosing a type for one user: 'disabled' removes the entry, any other
 * type keeps the user's colour or starts with the default.
 */
export function withHighlightType(
  all: Readonly<Record<string, UserHighlight>>,
  screenName: string,
  type: HighlightChoice,
): Record<string, UserHighlight> {
  const { [screenName]: current, ...rest } = all;
  if (type === 'disabled') return rest;
  return { ...rest, [screenName]: { type, color: current?.color ?? DEFAULT_HIGHLIGHT_COLOR } };
}

/** A colour typed or picked: #rgb or #rrggbb only, so nothing else reaches a style. */
export const isHighlightColor = (value: string): boolean =>
  /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim());

export function withHighlightColor(
  all: Readonly<Record<string, UserHighlight>>,
  screenName: string,
  color: string,
): Record<string, UserHighlight> {
  const current = all[screenName];
  if (!current || !isHighlightColor(color)) return { ...all };
  return { ...all, [screenName]: { ...current, color: color.trim() } };
}

/** How a highlighted user's posts look: a tinted, striped or side-marked card. */
export function highlightStyle(
  highlight: UserHighlight | undefined,
): Record<string, string> | undefined {
  if (!highlight || !isHighlightColor(highlight.color)) return undefined;
  const tint = `color-mix(in srgb, ${highlight.color} 22%, transparent)`;
  switch (highlight.type) {
    case 'solid':
      return { backgroundColor: tint };
    case 'striped':
      return {
        backgroundImage: `repeating-linear-gradient(135deg, ${tint} 0 0.5rem, transparent 0.5rem 1rem)`,
      };
    case 'side':
      return { boxShadow: `inset 0.3rem 0 0 ${highlight.color}` };
  }
}
