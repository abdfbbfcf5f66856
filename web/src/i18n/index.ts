import en from './locales/en.json';

type Messages = { [key: string]: string | Messages };

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Strings of lazy screens and dialogs, added when their chunk loads (i18n/parts). */
const parts: Messages[] = [];

export function addMessages(messages: Messages): void {
  if (!parts.includes(messages)) parts.push(messages);
}

function find(key: string): string | undefined {
  const found = lookup(en, key);
  if (found !== undefined) return found;
  for (const part of parts) {
    const inPart = lookup(part, key);
    if (inPart !== undefined) return inPart;
  }
  return undefined;
}

/**
 * Looks up an interface string; `{{0}}`, `{{1}}`... are replaced by the arguments.
 * English is bundled and is the final fallback; other languages arrive with the shell.
 */
export function t(key: string, ...args: (string | number)[]): string {
  const template = find(key) ?? key;
  return template.replace(/\{\{(\d+)\}\}/g, (_, index: string) =>
    String(args[Number(index)] ?? ''),
  );
}

/** The interface strings are English; a translation arriving later brings its own locale here. */
const MESSAGES_LOCALE = 'en';
let pluralRules: Intl.PluralRules | null = null;

/**
 * A count shown with a noun: `key.one`, `key.other`... chosen by the language's plural rules
 * (`key.other` when the category has no string); a key that is a string itself has one form
 * for every count ("just now"). `{{0}}` is the count, then `args` follow.
 */
export function tCount(key: string, count: number, ...args: (string | number)[]): string {
  if (find(key) !== undefined) return t(key, count, ...args);
  pluralRules ??= new Intl.PluralRules(MESSAGES_LOCALE);
  const category = pluralRules.select(count);
  const chosen = find(`${key}.${category}`) === undefined ? 'other' : category;
  return t(`${key}.${chosen}`, count, ...args);
}
