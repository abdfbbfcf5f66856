import { useSyncExternalStore } from 'react';
import { languageVersion, subscribeLanguage } from './index.ts';

/** Renders again whenever the strings on screen change (a language shown, or one failing). */
export function useLanguageVersion(): number {
  return useSyncExternalStore(subscribeLanguage, languageVersion, languageVersion);
}
