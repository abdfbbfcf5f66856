/**
 * The interface languages (spec part 2, §9) and the rules that pick one: from the browser's list
 * when the user has chosen none, the BCP 47 tag `<html lang>` names it by, and its direction.
 * Small and on the start-up path; the languages' own names live with the picker (languageNames).
 */
export const LANGUAGES = [
  'ar',
  'ca',
  'cs',
  'de',
  'en',
  'eo',
  'es',
  'et',
  'eu',
  'fa',
  'fi',
  'fr',
  'ga',
  'he',
  'hu',
  'id',
  'it',
  'ja_easy',
  'ja_pedantic',
  'ko',
  'nb',
  'nl',
  'oc',
  'pl',
  'pt',
  'ro',
  'ru',
  'sk',
  'te',
  'uk',
  'vi',
  'zh',
  'zh_Hant',
] as const;

export type Language = (typeof LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** `<html lang>` for a language: ja_easy and ja_pedantic are both Japanese, zh_Hant is zh-Hant. */
export function languageTag(language: Language): string {
  if (language === 'ja_easy' || language === 'ja_pedantic') return 'ja';
  return language.replace('_', '-');
}

const RIGHT_TO_LEFT: readonly Language[] = ['ar', 'fa', 'he'];

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.includes(language) ? 'rtl' : 'ltr';
}

/** Old or wider codes browsers still send, onto the language Starling has. */
const ALIASES: Record<string, Language> = {
  iw: 'he', // Hebrew's code before 1989
  in: 'id', // Indonesian's code before 1989
  no: 'nb',
  nn: 'nb', // Nynorsk readers read Bokmål far better than English
  // Plain Japanese, with kanji; ja_easy (simple kana) is a choice the reader makes.
  ja: 'ja_pedantic',
};

/** One browser language tag ('pt-BR', 'zh-TW', 'de') onto an interface language, or null. */
export function matchLanguageTag(tag: string): Language | null {
  const parts = tag.trim().toLowerCase().replace(/_/g, '-').split('-');
  const primary = parts[0] ?? '';
  if (primary === 'zh') {
    const rest = parts.slice(1);
    const traditional =
      rest.includes('hant') ||
      (!rest.includes('hans') && rest.some((part) => ['tw', 'hk', 'mo'].includes(part)));
    return traditional ? 'zh_Hant' : 'zh';
  }
  const alias = ALIASES[primary];
  if (alias) return alias;
  return isLanguage(primary) ? primary : null;
}

/** The first of the browser's languages (navigator.languages) Starling speaks; English if none. */
export function browserLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const match = matchLanguageTag(tag);
    if (match) return match;
  }
  return FALLBACK_LANGUAGE;
}

/** The language to show: the user's choice when it is one of ours, else the browser's. */
export function chosenLanguage(preference: string, preferred: readonly string[]): Language {
  return isLanguage(preference) ? preference : browserLanguage(preferred);
}
