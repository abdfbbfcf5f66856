/**
 * Whether a handle's internationalised host could pass for another (spec part 2, §3:
 * screen_name_ui_contains_non_ascii, narrowed to hosts that really can): kept apart from
 * handles.ts so only the user card's chunk carries it.
 */

/** Scripts a look-alike mixes; Chinese, Japanese and Korean writing count as one. */
const SCRIPTS: [string, RegExp][] = [
  ['latin', /\p{Script=Latin}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['greek', /\p{Script=Greek}/u],
  ['cjk', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u],
];
/** Cyrillic and Greek letters drawn like Latin ones: a label of only these imitates Latin. */
const LATIN_LOOKALIKES = /^[аесіјорхуѕԁһӏԛԝһвкмнтαεικνορτυχ]+$/u;

function scriptOf(letter: string): string {
  return SCRIPTS.find(([, pattern]) => pattern.test(letter))?.[0] ?? letter;
}

/**
 * Whether a handle's host (as `unicodeHandle` shows it) could pass for another one: one of its
 * labels mixes scripts (Latin with Cyrillic, say), or is spelt only in Cyrillic or Greek letters
 * that look Latin.
 */
export function isLookalikeHandle(handle: string): boolean {
  const host = handle.slice(handle.lastIndexOf('@') + 1);
  if (!/\P{ASCII}/u.test(host)) return false;
  return host.split('.').some((label) => {
    const letters = label.match(/\p{L}/gu) ?? [];
    const scripts = new Set(letters.map(scriptOf));
    return scripts.size > 1 || (letters.length > 0 && LATIN_LOOKALIKES.test(letters.join('')));
  });
}
