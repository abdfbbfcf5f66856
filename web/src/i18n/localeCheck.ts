import type { Messages } from './index.ts';

/**
 * The rules a translation file is checked by (locales.test.ts): the same keys as English, no
 * others, the same placeholders, and plural forms as the language's own rules name them.
 */

const CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/** An English object of plural forms: only plural categories, `other` among them. */
export function isPluralGroup(value: unknown): value is Record<string, string> {
  if (!value || typeof value !== 'object') return false;
  const keys = Object.keys(value);
  return (
    keys.includes('other') &&
    keys.every((key) => CATEGORIES.has(key) && typeof (value as Messages)[key] === 'string')
  );
}

export function placeholders(text: string): string[] {
  return [...new Set(text.match(/\{\{\d+\}\}/g) ?? [])].sort();
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * What is wrong with a translation beside its English file, one line each ('' prefix-free paths):
 * a key missing or extra, a placeholder lost or added, a plural form the language does not use.
 */
export function localeProblems(
  english: Messages,
  translation: Messages,
  pluralCategories: readonly string[],
  path = '',
): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(english)) {
    const at = path ? `${path}.${key}` : key;
    const theirs = translation[key];
    if (theirs === undefined) {
      problems.push(`missing ${at}`);
    } else if (typeof value === 'string') {
      if (typeof theirs !== 'string') problems.push(`not a string: ${at}`);
      else if (!same(placeholders(value), placeholders(theirs)))
        problems.push(`placeholders differ: ${at}`);
    } else if (isPluralGroup(value)) {
      if (typeof theirs !== 'object') {
        problems.push(`not plural forms: ${at}`);
        continue;
      }
      const forms = Object.keys(theirs);
      for (const category of pluralCategories)
        if (!forms.includes(category)) problems.push(`missing ${at}.${category}`);
      const wanted = placeholders(value.other ?? '');
      for (const [form, text] of Object.entries(theirs)) {
        if (!pluralCategories.includes(form))
          problems.push(`not a plural form here: ${at}.${form}`);
        else if (typeof text !== 'string') problems.push(`not a string: ${at}.${form}`);
        else {
          // A form may say the count in words ("one minute") rather than {{0}}.
          const own = placeholders(text);
          const others = wanted.filter((p) => p !== '{{0}}');
          if (
            !same(
              own.filter((p) => p !== '{{0}}'),
              others,
            ) ||
            own.some((p) => !wanted.includes(p))
          )
            problems.push(`placeholders differ: ${at}.${form}`);
        }
      }
    } else if (typeof theirs !== 'object') {
      problems.push(`not a group: ${at}`);
    } else {
      problems.push(...localeProblems(value, theirs, pluralCategories, at));
    }
  }
  for (const key of Object.keys(translation))
    if (!(key in english)) problems.push(`extra ${path ? `${path}.${key}` : key}`);
  return problems;
}
