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

/**
 * Looks up an interface string; `{{0}}`, `{{1}}`... are replaced by the arguments.
 * English is bundled and is the final fallback; other languages arrive with the shell.
 */
export function t(key: string, ...args: (string | number)[]): string {
  const template = lookup(en, key) ?? key;
  return template.replace(/\{\{(\d+)\}\}/g, (_, index: string) =>
    String(args[Number(index)] ?? ''),
  );
}
