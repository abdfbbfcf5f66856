/**
 * Accessible names that must agree with what is on screen (WCAG 2.5.3, label in name): a control
 * showing a count says the count too, and a post's name is what a reader skims first.
 */

/** "Favorite" or, when the button shows a count, "Favorite 3": the visible count is in the name. */
export function nameWithCount(label: string, shownCount: number | null | undefined): string {
  return shownCount === null || shownCount === undefined ? label : `${label} ${shownCount}`;
}

/** The count a status action shows: none when stats are hidden or nothing was counted. */
export function shownCount(value: number, hidden: boolean): number | null {
  return hidden || value <= 0 ? null : value;
}

/** Longest start of a post's text that goes into its name. */
export const POST_NAME_TEXT_LENGTH = 80;

/** The start of a text, cut at a word when it is longer than `length`, with an ellipsis. */
export function textStart(text: string, length = POST_NAME_TEXT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * A post's name in a feed: author, time, then the start of the text (or of its content warning,
 * which is what shows while the text is collapsed).
 */
export function postName(parts: {
  author: string;
  time: string;
  text: string;
  contentWarning?: string;
}): string {
  const start = textStart(parts.contentWarning?.trim() ? parts.contentWarning : parts.text);
  return [parts.author, parts.time, start].filter(Boolean).join(', ');
}

/** Longest part of a poll's options that goes into its name. */
export const POLL_NAME_LENGTH = 60;

/** A poll's name, told apart from the other polls on the page by its options. */
export function pollName(label: string, options: readonly string[]): string {
  return `${label}: ${textStart(options.join(' / '), POLL_NAME_LENGTH)}`;
}
