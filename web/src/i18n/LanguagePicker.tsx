import './parts/languages.ts';
import { usePreferences } from '../state/preferences.ts';
import { Select } from '../ui/FormControls.tsx';
import { t } from './index.ts';
import { LANGUAGE_NAMES } from './languageNames.ts';
import { browserLanguage, languageTag, LANGUAGES } from './languages.ts';

const browserLanguages = () => navigator.languages ?? [navigator.language];

/**
 * The interface language: the browser's, or one of the 33, each by its own name. The choice is a
 * preference (kept in this browser, so the start-up knows it before signing in, and synced with
 * the account's settings). The id is fixed so focus comes back to it once the language changes.
 */
export function LanguagePicker({
  id,
  label = t('languages.label'),
  className,
}: {
  id: string;
  label?: string;
  className?: string;
}) {
  const value = usePreferences((state) => state.interfaceLanguage);
  const setPreference = usePreferences((state) => state.setPreference);
  const fromBrowser = browserLanguage(browserLanguages());
  return (
    <div className={className} style={className ? undefined : { marginBlockStart: '0.75rem' }}>
      <label htmlFor={id}>{label}</label>{' '}
      <Select
        id={id}
        value={(LANGUAGES as readonly string[]).includes(value) ? value : ''}
        onChange={(event) => setPreference('interfaceLanguage', event.target.value)}
      >
        <option value="">{t('languages.browser', LANGUAGE_NAMES[fromBrowser])}</option>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={languageTag(language)}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </Select>
    </div>
  );
}
