import { afterEach, describe, expect, it } from 'vitest';
import { languageSettled, t } from '../i18n/index.ts';
import { usePreferences } from '../state/preferences.ts';
import { installDocumentPreferences } from './documentPreferences.ts';

let stop = () => {};
afterEach(async () => {
  stop();
  usePreferences.getState().resetPreferences();
  usePreferences.getState().setPreference('interfaceLanguage', 'en');
  installDocumentPreferences()();
  await languageSettled();
});

describe('page-wide preferences', () => {
  it('mirror sticky headers and thumbnail fit onto <html> as they change', () => {
    stop = installDocumentPreferences();
    const root = document.documentElement;
    expect(root.dataset.stickyHeaders).toBe('on');
    expect(root.dataset.thumbnailFit).toBe('contain');
    usePreferences.getState().setPreference('disableStickyHeaders', true);
    usePreferences.getState().setPreference('useContainFit', false);
    expect(root.dataset.stickyHeaders).toBe('off');
    expect(root.dataset.thumbnailFit).toBe('cover');
  });

  it('load the chosen interface language; <html lang> names it once it is shown', async () => {
    stop = installDocumentPreferences();
    const root = document.documentElement;
    usePreferences.getState().setPreference('interfaceLanguage', 'de');
    await languageSettled();
    expect(root.lang).toBe('de');
    expect(t('login.register')).toBe('Registrieren');
    usePreferences.getState().setPreference('interfaceLanguage', 'en');
    await languageSettled();
    expect(root.lang).toBe('en');
    expect(t('login.register')).toBe('Register');
  });
});
