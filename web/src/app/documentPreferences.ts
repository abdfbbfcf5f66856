import { chooseLanguage } from '../i18n/index.ts';
import { chosenLanguage } from '../i18n/languages.ts';
import { usePreferences, type Preferences } from '../state/preferences.ts';

const browserLanguages = () =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

/**
 * Preferences that act on the whole page are mirrored onto <html>: data attributes that
 * stylesheets read (`data-sticky-headers="off"`, `data-thumbnail-fit="contain"`). The interface
 * language (the user's choice, else the browser's) is loaded; i18n sets `lang` and `dir` to the
 * language actually shown.
 */
function apply(preferences: Preferences): void {
  const root = document.documentElement;
  void chooseLanguage(chosenLanguage(preferences.interfaceLanguage, browserLanguages()));
  root.dataset.stickyHeaders = preferences.disableStickyHeaders ? 'off' : 'on';
  root.dataset.thumbnailFit = preferences.useContainFit ? 'contain' : 'cover';
}

export function installDocumentPreferences(): () => void {
  apply(usePreferences.getState());
  return usePreferences.subscribe(apply);
}
