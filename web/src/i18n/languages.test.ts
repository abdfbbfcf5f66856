import { describe, expect, it } from 'vitest';
import {
  browserLanguage,
  chosenLanguage,
  directionOf,
  LANGUAGES,
  languageTag,
  matchLanguageTag,
} from './languages.ts';

describe('the interface language from the browser', () => {
  it('maps regional and script tags onto the language files', () => {
    expect(matchLanguageTag('pt-BR')).toBe('pt');
    expect(matchLanguageTag('de-AT')).toBe('de');
    expect(matchLanguageTag('zh-TW')).toBe('zh_Hant');
    expect(matchLanguageTag('zh-HK')).toBe('zh_Hant');
    expect(matchLanguageTag('zh-Hant')).toBe('zh_Hant');
    expect(matchLanguageTag('zh-Hans-HK')).toBe('zh');
    expect(matchLanguageTag('zh-CN')).toBe('zh');
    expect(matchLanguageTag('zh')).toBe('zh');
    expect(matchLanguageTag('ja-JP')).toBe('ja_pedantic');
    expect(matchLanguageTag('nn-NO')).toBe('nb');
    expect(matchLanguageTag('no')).toBe('nb');
    expect(matchLanguageTag('iw')).toBe('he');
    expect(matchLanguageTag('AR_eg')).toBe('ar');
    expect(matchLanguageTag('sv-SE')).toBeNull();
    expect(matchLanguageTag('ja_easy')).toBe('ja_pedantic');
  });

  it('takes the first of the browser’s languages Starling speaks, else English', () => {
    expect(browserLanguage(['sv-SE', 'fi-FI', 'en-US'])).toBe('fi');
    expect(browserLanguage(['sv-SE', 'da'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('lets the user’s choice win over the browser, and ignores a choice that is no language', () => {
    expect(chosenLanguage('', ['de-DE'])).toBe('de');
    expect(chosenLanguage('ar', ['de-DE'])).toBe('ar');
    expect(chosenLanguage('ja_easy', ['de-DE'])).toBe('ja_easy');
    expect(chosenLanguage('klingon', ['de-DE'])).toBe('de');
  });
});

describe('how <html> names a language', () => {
  it('uses BCP 47 tags', () => {
    expect(languageTag('ja_easy')).toBe('ja');
    expect(languageTag('ja_pedantic')).toBe('ja');
    expect(languageTag('zh_Hant')).toBe('zh-Hant');
    expect(languageTag('de')).toBe('de');
    for (const language of LANGUAGES)
      expect(Intl.getCanonicalLocales(languageTag(language))).toHaveLength(1);
  });

  it('lays Arabic, Persian and Hebrew out right to left, the rest left to right', () => {
    expect(LANGUAGES.filter((language) => directionOf(language) === 'rtl')).toEqual([
      'ar',
      'fa',
      'he',
    ]);
  });

  it('lists the 33 languages of the spec', () => {
    expect(LANGUAGES).toHaveLength(33);
  });
});
