import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Messages } from './index.ts';
import { LANGUAGES, languageTag, type Language } from './languages.ts';
import { localeProblems } from './localeCheck.ts';

const LOCALES = join(import.meta.dirname, 'locales');
const read = (file: string) => JSON.parse(readFileSync(join(LOCALES, file), 'utf8')) as Messages;
const parts = readdirSync(join(LOCALES, 'en')).filter((file) => file.endsWith('.json'));
const translated = LANGUAGES.filter(
  (language) =>
    language !== 'en' &&
    (existsSync(join(LOCALES, `${language}.json`)) || existsSync(join(LOCALES, language))),
);
const categories = (language: Language) =>
  new Intl.PluralRules(languageTag(language)).resolvedOptions().pluralCategories;

describe('locale files', () => {
  it('exist only for the 33 interface languages', () => {
    const names = readdirSync(LOCALES).map((name) => name.replace(/\.json$/, ''));
    expect(names.filter((name) => !(LANGUAGES as readonly string[]).includes(name))).toEqual([]);
  });

  it('include German and Arabic, written here to prove the machinery', () => {
    expect(translated).toEqual(expect.arrayContaining(['de', 'ar']));
  });

  describe.each(translated)('%s', (language) => {
    it.each(['', ...parts])('matches English key for key in %s', (part) => {
      const file = part ? `${language}/${part}` : `${language}.json`;
      const english = part ? `en/${part}` : 'en.json';
      expect(existsSync(join(LOCALES, file)), `${file} is missing`).toBe(true);
      expect(localeProblems(read(english), read(file), categories(language))).toEqual([]);
    });

    it('has no part English lacks', () => {
      const own = existsSync(join(LOCALES, language)) ? readdirSync(join(LOCALES, language)) : [];
      expect(own.filter((file) => !parts.includes(file))).toEqual([]);
    });
  });
});

describe('the check itself', () => {
  const english = {
    a: 'Hello {{0}}',
    b: { one: '{{0}} apple in {{1}}', other: '{{0}} apples in {{1}}' },
    c: { d: 'Deep' },
  };
  it('accepts a faithful translation with the language’s own plural forms', () => {
    const arabic = {
      a: 'مرحبا {{0}}',
      b: {
        zero: 'لا تفاح في {{1}}',
        one: 'تفاحة واحدة في {{1}}',
        two: 'تفاحتان في {{1}}',
        few: '{{0}} تفاحات في {{1}}',
        many: '{{0}} تفاحة في {{1}}',
        other: '{{0}} تفاحة في {{1}}',
      },
      c: { d: 'عميق' },
    };
    expect(localeProblems(english, arabic, categories('ar'))).toEqual([]);
  });

  it('finds a missing key, an extra key, a broken placeholder and a wrong plural form', () => {
    const broken = {
      a: 'Hallo',
      b: { one: '{{0}} Apfel', other: '{{0}} Äpfel in {{1}}', few: 'x {{1}}' },
      extra: 'Zusatz',
    };
    expect(localeProblems(english, broken, categories('de'))).toEqual([
      'placeholders differ: a',
      'placeholders differ: b.one',
      'not a plural form here: b.few',
      'missing c',
      'extra extra',
    ]);
  });
});
