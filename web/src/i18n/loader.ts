import type { Language } from './languages.ts';
import type { Messages } from './index.ts';

/**
 * The translations, each file a chunk of its own, fetched only when its language is chosen: this
 * module is itself a lazy chunk (the maps below name every file), never part of the start-up.
 */
const STARTUP = import.meta.glob<Messages>(['./locales/*.json', '!./locales/en.json'], {
  import: 'default',
});
const PARTS = import.meta.glob<Messages>(['./locales/*/*.json', '!./locales/en/*.json'], {
  import: 'default',
});

function missing(path: string): Error {
  const error = new Error(`Cannot find module '${path}'`);
  (error as Error & { code: string }).code = 'MODULE_NOT_FOUND';
  return error;
}

/** Languages a test treats as missing from the build (a deploy that lost their files). */
const withheld = new Set<Language>();

/** Tests: `language`'s files are missing from now on; null: every file is back. */
export function withholdForTests(language: Language | null): void {
  if (language) withheld.add(language);
  else withheld.clear();
}

/** A language's start-up strings; a language with no file is MODULE_NOT_FOUND (spec §8). */
export function loadStartup(language: Language): Promise<Messages> {
  const path = `./locales/${language}.json`;
  const load = withheld.has(language) ? undefined : STARTUP[path];
  return load ? load() : Promise.reject(missing(path));
}

/** A language's strings for one part; none yet means its English ones show. */
export function loadPart(language: Language, part: string): Promise<Messages> {
  const load = PARTS[`./locales/${language}/${part}.json`];
  return load ? load() : Promise.resolve({});
}
