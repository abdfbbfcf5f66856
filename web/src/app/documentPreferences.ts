import { usePreferences, type Preferences } from '../state/preferences.ts';

/**
 * Preferences that act on the whole page are mirrored onto <html>: its language, and data
 * attributes that stylesheets read (`data-sticky-headers="off"`, `data-thumbnail-fit="contain"`).
 */
function apply(preferences: Preferences): void {
  const root = document.documentElement;
  root.lang = preferences.interfaceLanguage || navigator.language || 'en';
  root.dataset.stickyHeaders = preferences.disableStickyHeaders ? 'off' : 'on';
  root.dataset.thumbnailFit = preferences.useContainFit ? 'contain' : 'cover';
}

export function installDocumentPreferences(): () => void {
  apply(usePreferences.getState());
  return usePreferences.subscribe(apply);
}
