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

/** A language's start-up strings; a language with no file yet is MODULE_NOT_FOUND (spec §8). */
export function loadStartup(language: Language): Promise<Messages> {
  const path = `./locales/${language}.json`;
  const load = STARTUP[path];
  return load ? load() : Promise.reject(missing(path));
}

/** A language's strings for one part; none yet means its English ones show. */
export function loadPart(language: Language, part: string): Promise<Messages> {
  const load = PARTS[`./locales/${language}/${part}.json`];
  return load ? load() : Promise.resolve({});
}
