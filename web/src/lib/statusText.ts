/**
 * Pure helpers for how a post's text is shown on the card (spec part 2, §4 Post card and §9).
 */

/** A post is tall when its paragraph and break count plus its length / 80 exceeds this. */
export const TALL_POST_SCORE = 20;
/** Characters counted as one line in the tall-post score. */
export const TALL_POST_CHARS_PER_LINE = 80;
/** A subject (content warning) longer than this is shortened. */
export const LONG_SUBJECT_CHARS = 240;
/** Mentions shown before the plus-more control. */
export const MENTIONS_SHOWN = 5;

const PARAGRAPH_OR_BREAK = /<(?:p|br)(?=[\s/>])/gi;

/** How many paragraphs and line breaks the server HTML holds. */
export function paragraphAndBreakCount(html: string): number {
  return html.match(PARAGRAPH_OR_BREAK)?.length ?? 0;
}

/** The spec's tall-post formula: paragraphs and breaks plus length / 80, over 20. */
export function isTallPost(html: string, plainText: string): boolean {
  return (
    paragraphAndBreakCount(html) + [...plainText].length / TALL_POST_CHARS_PER_LINE >
    TALL_POST_SCORE
  );
}

export function isLongSubject(subject: string): boolean {
  return [...subject].length > LONG_SUBJECT_CHARS;
}

/** The first 240 characters (whole code points) and an ellipsis; short subjects as they are. */
export function shortenSubject(subject: string): string {
  const characters = [...subject];
  if (characters.length <= LONG_SUBJECT_CHARS) return subject;
  return `${characters.slice(0, LONG_SUBJECT_CHARS).join('').trimEnd()}…`;
}

/** Mentions split for the mentions line: the first five, and how many wait behind plus-more. */
export function splitMentions<T>(
  mentions: readonly T[],
  expanded: boolean,
): { shown: readonly T[]; more: number } {
  if (expanded || mentions.length <= MENTIONS_SHOWN) return { shown: mentions, more: 0 };
  return { shown: mentions.slice(0, MENTIONS_SHOWN), more: mentions.length - MENTIONS_SHOWN };
}

/** A greentext line: its text starts with '>' (leading white space ignored). */
export function isGreentextLine(text: string): boolean {
  return /^\s*>/.test(text);
}

/** A cyantext line starts with '<' (the greentext convention's counterpart). */
export function isCyantextLine(text: string): boolean {
  return /^\s*</.test(text);
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff
        ? String.fromCodePoint(code)
        : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Server HTML as plain text for matching and measuring (never for display): breaks and
 * paragraph ends become new lines, tags go, entities are decoded.
 */
export function htmlToPlainText(html: string): string {
  return decodeEntities(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/p>/gi, '\n\n')
      .replace(/<[^>]*>/g, ''),
  ).trim();
}
