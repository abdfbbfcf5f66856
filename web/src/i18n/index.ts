import { chunkFailure, withChunkTimeout, type ChunkFailure } from '../lib/chunkErrors.ts';
import en from './locales/en.json';
import { directionOf, FALLBACK_LANGUAGE, languageTag, type Language } from './languages.ts';

export type Messages = { [key: string]: string | Messages };

function node(messages: Messages, key: string): string | Messages | undefined {
  let at: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof at !== 'object') return undefined;
    at = at[part];
  }
  return at;
}

function findIn(sources: readonly Messages[], key: string): string | undefined {
  for (const messages of sources) {
    const found = node(messages, key);
    if (typeof found === 'string') return found;
  }
  return undefined;
}

/** English: the start-up strings, then the strings of lazy parts as their chunks load. */
const english: Messages[] = [en];
/** The named parts loaded so far (i18n/parts): a language loads its own file for each. */
const partNames: string[] = [];

/**
 * The language on screen and its strings (its start-up file, then its parts). English until a
 * chosen language has loaded; a key it lacks is looked up in English, never shown raw.
 */
let shown: Language = FALLBACK_LANGUAGE;
let translated: Messages[] = [];
/** The language asked for; parts load in it (`shown` catches up once its file is in). */
let wanted: Language = FALLBACK_LANGUAGE;
const translatedParts = new Map<string, Messages>();
let translatedStartup: Messages = {};

export interface LanguageFailure extends ChunkFailure {
  language: Language;
}
let failure: LanguageFailure | null = null;
let version = 0;
const listeners = new Set<() => void>();

/** The id of the control that had focus when the strings changed, to give it back. */
let focusedId = '';
export const focusedBeforeChange = (): string => focusedId;

function notify() {
  focusedId = (typeof document !== 'undefined' && document.activeElement?.id) || '';
  version += 1;
  for (const listener of listeners) listener();
}

function applyDocument() {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.lang = languageTag(shown);
  root.dir = directionOf(shown);
}

function show(language: Language) {
  shown = language;
  translated =
    language === FALLBACK_LANGUAGE ? [] : [translatedStartup, ...translatedParts.values()];
  applyDocument();
  notify();
}

const loader = () => import('./loader.ts');

function fail(language: Language, error: unknown) {
  console.error(`the ${language} interface strings could not be loaded`, error);
  failure = {
    language,
    ...(chunkFailure(error) ?? { name: 'ChunkLoadError', message: String(error) }),
  };
}

function loadPart(language: Language, name: string): Promise<void> {
  return withChunkTimeout(
    loader().then((module) => module.loadPart(language, name)),
    `${language}/${name}`,
  ).then((messages) => {
    if (wanted === language) translatedParts.set(name, messages);
  });
}

let settled: Promise<void> = Promise.resolve();

/**
 * Shows the interface in this language: English at once; another once its start-up file and the
 * files of the parts already in use have loaded. If they fail (or take over 120 s), the failure is
 * kept for the notice (`languageFailure`) and English stays.
 */
export function chooseLanguage(language: Language): Promise<void> {
  if (language === wanted && !failure) return settled;
  wanted = language;
  failure = null;
  translatedParts.clear();
  translatedStartup = {};
  if (language === FALLBACK_LANGUAGE) {
    show(language);
    return (settled = Promise.resolve());
  }
  const startup = withChunkTimeout(
    loader().then((module) => module.loadStartup(language)),
    `locale-${language}`,
  ).then((messages) => {
    if (wanted === language) translatedStartup = messages;
  });
  settled = Promise.all([startup, ...partNames.map((name) => loadPart(language, name))]).then(
    () => {
      if (wanted === language) show(language);
    },
    (error: unknown) => {
      if (wanted !== language) return;
      fail(language, error);
      show(FALLBACK_LANGUAGE);
    },
  );
  return settled;
}

/** Loads the language asked for again after a failure (the notice's Retry). */
export function retryLanguage(): Promise<void> {
  return failure ? chooseLanguage(failure.language) : settled;
}

/** Resolves once the language asked for is on screen or has failed. */
export const languageSettled = (): Promise<void> => settled;

/** Whether a chosen language is still on its way (neither shown nor failed). */
export const languagePending = (): boolean => wanted !== shown && !failure;

/** The BCP 47 tag of the language on screen, for Intl's dates and numbers. */
export const interfaceLocale = (): string => languageTag(shown);

export const shownLanguage = (): Language => shown;
export const languageFailure = (): LanguageFailure | null => failure;
/** Changes whenever the strings on screen change (a language shown, a part, a failure). */
export const languageVersion = (): number => version;
export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const pendingParts = new Set<Promise<void>>();

/**
 * Resolves once the translations of the parts added so far are in (or failed): a lazy screen's
 * chunk waits for this before it renders (ui/lazyRetry), so it never shows English first.
 */
export function partsLoaded(): Promise<void> {
  return pendingParts.size === 0
    ? Promise.resolve()
    : Promise.all([...pendingParts]).then(() => undefined);
}

/**
 * Strings of lazy screens and dialogs, added when their chunk loads (i18n/parts). A named part
 * also loads the active language's file for it; a failure leaves its English strings, with the
 * notice.
 */
export function addMessages(messages: Messages, name?: string): void {
  if (english.includes(messages)) return;
  english.push(messages);
  if (!name || partNames.includes(name)) return;
  partNames.push(name);
  const language = wanted;
  if (language === FALLBACK_LANGUAGE) return;
  const pending = loadPart(language, name).then(
    () => {
      if (shown !== language) return;
      translated = [translatedStartup, ...translatedParts.values()];
      notify();
    },
    (error: unknown) => {
      if (wanted !== language) return;
      fail(language, error);
      notify();
    },
  );
  pendingParts.add(pending);
  void pending.finally(() => pendingParts.delete(pending));
}

function find(key: string): string | undefined {
  return findIn(translated, key) ?? findIn(english, key);
}

let numberFormat: Intl.NumberFormat | null = null;
let numberFormatFor: Language = FALLBACK_LANGUAGE;

/** Numbers in the shown language's digits and grouping; English keeps them as they are. */
function formatArgument(value: string | number): string {
  if (typeof value !== 'number' || shown === FALLBACK_LANGUAGE) return String(value);
  if (!numberFormat || numberFormatFor !== shown) {
    numberFormat = new Intl.NumberFormat(languageTag(shown), { maximumFractionDigits: 20 });
    numberFormatFor = shown;
  }
  return numberFormat.format(value);
}

function fill(template: string, args: (string | number)[]): string {
  return template.replace(/\{\{(\d+)\}\}/g, (_, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? '' : formatArgument(value);
  });
}

/**
 * Looks up an interface string; `{{0}}`, `{{1}}`... are replaced by the arguments. The shown
 * language first, then English, which is bundled and the final fallback.
 */
export function t(key: string, ...args: (string | number)[]): string {
  return fill(find(key) ?? key, args);
}

const pluralRules = new Map<Language, Intl.PluralRules>();

/** The plural category of a count in a language (Intl.PluralRules: one, two, few, many...). */
export function pluralCategory(language: Language, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(languageTag(language));
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/**
 * A count shown with a noun: `key.one`, `key.few`, `key.other`... chosen by the plural rules of
 * the language whose forms are used (the shown one when it has the key, else English), `other`
 * when the category has no string; a key that is a string itself has one form for every count
 * ("just now"). `{{0}}` is the count, then `args` follow.
 */
export function tCount(key: string, count: number, ...args: (string | number)[]): string {
  const whole = find(key);
  if (whole !== undefined) return fill(whole, [count, ...args]);
  const own = translated.some((messages) => typeof node(messages, key) === 'object');
  const sources = own ? translated : english;
  const category = pluralCategory(own ? shown : FALLBACK_LANGUAGE, count);
  const template =
    findIn(sources, `${key}.${category}`) ??
    findIn(sources, `${key}.other`) ??
    findIn(english, `${key}.other`) ??
    key;
  return fill(template, [count, ...args]);
}
