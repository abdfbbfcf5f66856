import { afterEach, describe, expect, it } from 'vitest';
import {
  addMessages,
  chooseLanguage,
  languageFailure,
  pluralCategory,
  shownLanguage,
  t,
  tCount,
} from './index.ts';

afterEach(async () => {
  await chooseLanguage('en');
});

const root = () => document.documentElement;

describe('switching the interface language', () => {
  it('shows German once its file is in, with <html lang>, and English again after', async () => {
    const loading = chooseLanguage('de');
    // Until the file has loaded, English stays on screen and in <html lang>.
    expect(t('login.register')).toBe('Register');
    await loading;
    expect(shownLanguage()).toBe('de');
    expect(t('login.register')).toBe('Registrieren');
    expect(root().lang).toBe('de');
    expect(root().dir).toBe('ltr');
    await chooseLanguage('en');
    expect(t('login.register')).toBe('Register');
    expect(root().lang).toBe('en');
  });

  it('lays Arabic out right to left, with its own plural forms and digits', async () => {
    await chooseLanguage('ar');
    expect(root().lang).toBe('ar');
    expect(root().dir).toBe('rtl');
    const forms = [0, 1, 2, 3, 11, 100].map((count) => tCount('a11y.time.minutes', count));
    expect(new Set(forms).size).toBeGreaterThanOrEqual(5);
    expect(forms[4]).toContain(new Intl.NumberFormat('ar').format(11));
  });

  it('loads a part’s translation with the part, and the parts in use with the language', async () => {
    await chooseLanguage('de');
    await import('./parts/lists.ts');
    const { partsLoaded } = await import('./index.ts');
    await partsLoaded();
    expect(t('lists.delete')).toBe('Liste löschen');
    await import('./parts/search.ts');
    await chooseLanguage('en');
    expect(t('search.title')).toBe('Search');
    await chooseLanguage('de');
    expect(t('search.title')).toBe('Suche');
  });

  it('falls back to English for a key the language lacks, never the raw key', async () => {
    addMessages({ fallback_probe: { only_english: 'Only in English {{0}}' } });
    await chooseLanguage('de');
    expect(t('fallback_probe.only_english', 3)).toBe('Only in English 3');
    addMessages({ fallback_probe_counts: { one: '{{0}} pear', other: '{{0}} pears' } });
    expect(tCount('fallback_probe_counts', 1)).toBe('1 pear');
  });

  it('a language whose file is missing fails as MODULE_NOT_FOUND and stays English', async () => {
    const loader = await import('./loader.ts');
    loader.withholdForTests('te');
    await chooseLanguage('de');
    await chooseLanguage('te');
    loader.withholdForTests(null);
    expect(languageFailure()).toMatchObject({ language: 'te', name: 'MODULE_NOT_FOUND' });
    expect(shownLanguage()).toBe('en');
    expect(t('login.register')).toBe('Register');
    expect(root().lang).toBe('en');
    expect(root().dir).toBe('ltr');
  });
});

describe('plural categories per language', () => {
  it('follow each language’s rules', () => {
    expect(pluralCategory('en', 1)).toBe('one');
    expect(pluralCategory('de', 2)).toBe('other');
    expect(pluralCategory('ar', 0)).toBe('zero');
    expect(pluralCategory('ar', 2)).toBe('two');
    expect(pluralCategory('ar', 5)).toBe('few');
    expect(pluralCategory('ar', 11)).toBe('many');
    expect(pluralCategory('ru', 3)).toBe('few');
    expect(pluralCategory('ja_easy', 1)).toBe('other');
  });
});
