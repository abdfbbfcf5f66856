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
